// Starting a batch is the startBatch mutation (a GraphQL multipart request: Apollo's upload link
// sends the files); downloading its zip goes through the jobs API with the bearer token
// (docs/batches.md).
import { apolloClient } from '../../../lib/apollo';
import { authorizationHeader } from '../../../lib/endpoint';
import type { Step } from '../lib/recipes';
import { StartBatchMutation } from './operations';

export interface StartedBatch {
  id: string;
}

/**
 * startBatch: a .zip goes as the zip, the other files as images (the server tells a zip by its
 * bytes, so a second zip among them is unpacked too); throws with the server's message when refused.
 */
export async function startBatch(files: readonly File[], steps: readonly Step[]): Promise<StartedBatch> {
  const zip = files.find((f) => f.name.toLowerCase().endsWith('.zip')) ?? null;
  const images = files.filter((f) => f !== zip);
  const { data } = await apolloClient.mutate({
    mutation: StartBatchMutation,
    variables: {
      steps: steps.map((s) => ({ tool: s.tool, options: JSON.stringify(s.options) })),
      images: images.length ? images : null,
      zip,
    },
  });
  if (!data?.startBatch) throw new Error('The batch could not be started');
  return { id: data.startBatch.id };
}

/** Fetches the batch's zip with the bearer token and saves it. */
export async function downloadZip(zipUrl: string, name: string): Promise<void> {
  const res = await fetch(zipUrl, { headers: await authorizationHeader() });
  if (!res.ok) throw new Error(`The zip could not be downloaded (${res.status})`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

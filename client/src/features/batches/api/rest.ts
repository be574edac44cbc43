// Starting a batch and downloading its zip go through the jobs API (docs/batches.md): a batch's
// files are a multipart body of up to 50 pictures, and its zip a download with the bearer token.
import { authorizationHeader } from '../../../lib/endpoint';
import type { Step } from '../lib/recipes';

export interface StartedBatch {
  id: string;
}

/** POST /api/v1/batches; throws with the server's message when refused. */
export async function startBatch(files: readonly File[], steps: readonly Step[]): Promise<StartedBatch> {
  const form = new FormData();
  for (const f of files) form.append(f.name.toLowerCase().endsWith('.zip') ? 'zip' : 'images', f, f.name);
  form.append('steps', JSON.stringify(steps));
  const res = await fetch('/api/v1/batches', { method: 'POST', headers: await authorizationHeader(), body: form });
  const body = (await res.json().catch(() => ({}))) as { id?: string; detail?: string };
  if (!res.ok || !body.id) throw new Error(body.detail ?? `The batch could not be started (${res.status})`);
  return { id: body.id };
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

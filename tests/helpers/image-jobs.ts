// Following an image job as the page does, with what the engine tests look at: the previews
// (JobProgress.preview) and the creation with its engine, placeholder badge and batch.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { collect, gqlOk, waitFor, wsClient } from './server.js';

export const GENERATE_IMAGE = 'mutation($input: GenerateImageInput!) { generateImage(input: $input) { id } }';

export const IMAGE_PROGRESS = `subscription($id: ID!) { jobProgress(jobId: $id) { jobId phase percent message preview
  creation { id content type provider placeholder madeBy batch { id content } } } }`;

export interface ImageEvent {
  jobId: string;
  phase: string;
  percent: number;
  message: string | null;
  preview: string | null;
  creation: { id: string; content: string; type: string; provider: string; placeholder: boolean; madeBy: string | null; batch: { id: string; content: string }[] } | null;
}

/** Subscribes to a job; `done` resolves with every event once it ends. `events` fills as they come. */
export function followImageJob(baseUrl: string, token: string, jobId: string, timeoutMs = 60_000) {
  const client = wsClient(baseUrl, token);
  const sub = collect<{ jobProgress: ImageEvent }>(client, IMAGE_PROGRESS, { id: jobId });
  const events = () => sub.items.map((i) => i.jobProgress);
  const done = (async () => {
    try {
      await waitFor(() => sub.errors.length > 0 || ['COMPLETED', 'FAILED', 'CANCELLED'].includes(events().at(-1)?.phase ?? ''), timeoutMs, `job ${jobId} to end`);
      if (sub.errors.length) throw new Error(`subscription failed: ${JSON.stringify(sub.errors)}`);
      return events();
    } finally {
      sub.dispose();
      await client.dispose();
    }
  })();
  return { events, done };
}

/** Starts an image job and follows it to its end. */
export async function generateImage(baseUrl: string, token: string, input: Record<string, unknown>, timeoutMs?: number) {
  const { generateImage: job } = await gqlOk<{ generateImage: { id: string } }>(baseUrl, GENERATE_IMAGE, { input }, token);
  const events = await followImageJob(baseUrl, token, job.id, timeoutMs).done;
  return { jobId: job.id, events, last: events.at(-1)! };
}

export const ENGINES = '{ engines { image { name label model placeholder options } text { name placeholder } } }';

/** The names of the stored files (DATA_DIR/files). */
export const storedFiles = (dataDir: string): string[] => {
  try {
    return readdirSync(join(dataDir, 'files')).sort();
  } catch {
    return [];
  }
};

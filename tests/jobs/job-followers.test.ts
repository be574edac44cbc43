// Several jobs of one user followed on one socket while they wait their turn (the embedded
// image engine takes one image at a time) and other users' text jobs stream meanwhile: every
// subscription ends with its job's own end.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlOk, gqlUpload, signUp, startStack, wsClient } from '../helpers/server.js';

let stack: Awaited<ReturnType<typeof startStack>>;
beforeAll(async () => {
  stack = await startStack({ MAX_CONCURRENT_JOBS: '4', TOOL_RATE_PER_MINUTE: '1000' });
});
afterAll(() => stack.close());

const PHOTO = readFileSync(join(import.meta.dirname, '../fixtures/photos/coffee.png'));

function follow(client: ReturnType<typeof wsClient>, id: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`job ${id}: no end within ${timeoutMs} ms`)), timeoutMs);
    const stop = client.subscribe<{ jobProgress: { phase: string } }>(
      { query: 'subscription($id: ID!) { jobProgress(jobId: $id) { phase } }', variables: { id } },
      {
        next: (v) => {
          const phase = v.data?.jobProgress.phase ?? '';
          if (['COMPLETED', 'FAILED', 'CANCELLED'].includes(phase)) {
            clearTimeout(timer);
            stop();
            resolve(phase);
          }
        },
        error: (e) => reject(e instanceof Error ? e : new Error(JSON.stringify(e))),
        complete: () => undefined,
      },
    );
  });
}

describe('following queued jobs', () => {
  it('delivers every end to a socket following four image jobs while text jobs stream', async () => {
    const images = await signUp(stack.url, 'Queue', 'queue-img');
    await gqlOk(stack.url, 'mutation { startTrial { plan } }', {}, images.token);
    const writer = await signUp(stack.url, 'Writer', 'queue-txt');
    await gqlOk(stack.url, 'mutation { startTrial { plan } }', {}, writer.token);
    const socket = wsClient(stack.url, images.token);
    let writing = true;
    const text = (async () => {
      while (writing) {
        const { generateBlogTitles } = await gqlOk(
          stack.url,
          'mutation($input: GenerateBlogTitlesInput!) { generateBlogTitles(input: $input) { id } }',
          { input: { keyword: 'queues' } },
          writer.token,
        );
        const own = wsClient(stack.url, writer.token);
        await follow(own, generateBlogTitles.id, 30_000).finally(() => own.dispose());
      }
    })();
    try {
      const ids = await Promise.all(
        [0, 1, 2, 3].map(async () => {
          const r = await gqlUpload(
            stack.url,
            'mutation($image: Upload!) { removeBackground(image: $image) { id } }',
            {},
            { image: { data: PHOTO, filename: 'coffee.png', type: 'image/png' } },
            images.token,
          );
          expect(r.errors).toBeUndefined();
          return r.data!.removeBackground.id as string;
        }),
      );
      const ends = await Promise.all(ids.map((id) => follow(socket, id, 150_000)));
      expect(ends).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED', 'COMPLETED']);
    } finally {
      writing = false;
      await text;
      await socket.dispose();
    }
  }, 240_000);
});

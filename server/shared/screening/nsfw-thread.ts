// The classifier's thread (nsfw.ts starts it): one picture at a time, the model kept loaded.
import { parentPort } from 'node:worker_threads';
import { classifyPicture } from './nsfw-classifier.js';
import type { NsfwReply, NsfwRequest } from './nsfw.js';

const port = parentPort!;
let queue: Promise<void> = Promise.resolve();

port.on('message', ({ id, bytes, maxPixels }: NsfwRequest) => {
  queue = queue.then(async () => {
    const reply: NsfwReply = await classifyPicture(bytes, maxPixels).then(
      (classified) => ({ id, ...classified }),
      (e: unknown) => ({ id, error: e instanceof Error ? e.message : String(e) }),
    );
    port.postMessage(reply);
  });
});

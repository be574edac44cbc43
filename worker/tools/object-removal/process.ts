// The worker's half of the object-removal tool (its definition: server/shared/tools/object-removal.ts).
import { defineProcessor } from '../processor.js';
import { objectRemovalTool } from '../../../server/shared/tools/object-removal.js';
import { progressOf, readImage } from '../../image-input.js';
import { store } from '../../image-output.js';
import { withProviderRetry } from '../../retry.js';

export const objectRemovalProcessor = defineProcessor(objectRemovalTool, {
  provider: async (services) => (await services.images()).objects,
  async process(run) {
    const objects = run.provider;
    const { object, uploadKey, maskKey } = run.input;
    await run.enter('ANALYZING');
    const image = await readImage(run.services, uploadKey);
    const mask = maskKey ? (await readImage(run.services, maskKey)).bytes : undefined;
    await run.enter('PROCESSING', mask ? undefined : `Looking for the ${object}`);
    const output = await withProviderRetry(run, () => objects.remove(image.bytes, object, mask, run.signal, progressOf(run)));
    await run.enter('FINALIZING', output.summary);
    const saved = await store(run, output);
    return {
      prompt: run.input.prompt,
      content: saved.url,
      ...(output.summary ? { summary: output.summary } : {}),
      metadata: {
        provider: objects.name,
        object,
        masked: Boolean(mask),
        ...(output.summary ? { summary: output.summary } : {}),
        ...output.details,
        width: image.width,
        height: image.height,
        filename: run.input.filename,
      },
    };
  },
});

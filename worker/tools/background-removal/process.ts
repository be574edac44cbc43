// The worker's half of the background-removal tool (its definition: server/shared/tools/background-removal.ts).
import { defineProcessor } from '../processor.js';
import { backgroundRemovalTool } from '../../../server/shared/tools/background-removal.js';
import { progressOf, readImage } from '../../image-input.js';
import { store } from '../../image-output.js';
import { withProviderRetry } from '../../retry.js';

export const backgroundRemovalProcessor = defineProcessor(backgroundRemovalTool, {
  provider: async (services) => (await services.images()).background,
  async process(run) {
    const background = run.provider;
    await run.enter('ANALYZING');
    const image = await readImage(run.services, run.input.uploadKey);
    await run.enter('PROCESSING');
    const output = await withProviderRetry(run, () => background.remove(image.bytes, run.signal, progressOf(run)));
    await run.enter('FINALIZING');
    const saved = await store(run, output);
    return {
      prompt: run.input.prompt,
      content: saved.url,
      metadata: { provider: background.name, width: image.width, height: image.height, filename: run.input.filename },
    };
  },
});

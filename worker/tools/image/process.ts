// The worker's half of image generation (its definition: server/shared/tools/image.ts).
import { defineProcessor } from '../processor.js';
import { imageTool } from '../../../server/shared/tools/image.js';
import { store } from '../../image-output.js';
import { withProviderRetry } from '../../retry.js';

export const imageProcessor = defineProcessor(imageTool, {
  provider: (services) => services.images.generator,
  async process(run) {
    const { description, style, publish, prompt } = run.input;
    const generator = run.provider;
    await run.enter('ANALYZING');
    await run.enter('PROCESSING');
    const output = await withProviderRetry(run, () => generator.generate({ description, style, prompt }, run.signal));
    await run.enter('FINALIZING');
    const saved = await store(run, output);
    return { prompt, content: saved.url, published: publish, metadata: { provider: generator.name, style, width: saved.width, height: saved.height } };
  },
});

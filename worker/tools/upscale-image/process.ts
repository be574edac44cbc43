// The worker's half of the upscale-image tool (its definition: server/shared/tools/upscale-image.ts).
import { defineProcessor } from '../processor.js';
import { upscaleImageTool } from '../../../server/shared/tools/upscale-image.js';
import { readImage } from '../../image-input.js';
import { formatOf, requireOpaqueFor, store } from '../../image-output.js';
import { withProviderRetry } from '../../retry.js';
import { chooseUpscaler } from './provider.js';

export const upscaleImageProcessor = defineProcessor(upscaleImageTool, {
  provider: (services) => chooseUpscaler(services.config, services.log),
  async process(run) {
    const upscaler = run.provider;
    const { scale, uploadKey, filename, prompt } = run.input;
    await run.enter('ANALYZING');
    const image = await readImage(run.services, uploadKey);
    // A transparent picture asked for as JPEG is refused before the work, not after it.
    await requireOpaqueFor(run.input, image.bytes, run.services.config.IMAGE_MAX_PIXELS);
    await run.enter('PROCESSING', `Upscaling ${scale}×`);
    const output = await withProviderRetry(run, () => upscaler.upscale(image.bytes, scale, run.signal));
    await run.enter('FINALIZING');
    const saved = await store(run, output, run.input);
    return {
      prompt,
      content: saved.url,
      // Which engine did it: IOPaint hands over to the embedded pipeline when its plugin is off, a
      // learned model file when it cannot be used (and says why).
      metadata: {
        provider: typeof output.details?.provider === 'string' ? output.details.provider : upscaler.name,
        ...(output.details?.model ? { model: output.details.model } : {}),
        ...(typeof output.details?.learned === 'string' ? { learned: output.details.learned } : {}),
        scale,
        width: saved.width ?? image.width * scale,
        height: saved.height ?? image.height * scale,
        original: { width: image.width, height: image.height },
        filename,
        ...formatOf(run.input),
      },
    };
  },
});

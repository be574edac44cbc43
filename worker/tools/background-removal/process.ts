// The worker's half of the background-removal tool (its definition: server/shared/tools/background-removal.ts).
// The provider cuts the subject out; compose.ts puts it on the chosen background, shadowed and
// cropped as asked (docs/api-v1.md, "Background removal"), and it is written in the chosen format.
import { defineProcessor } from '../processor.js';
import { backgroundRemovalTool } from '../../../server/shared/tools/background-removal.js';
import { progressOf, readImage } from '../../image-input.js';
import { encodeAs, formatOf, store } from '../../image-output.js';
import { withProviderRetry } from '../../retry.js';
import { downloadImage } from '../../providers/image/download.js';
import type { ImageOutput } from '../../providers/image/index.js';
import { compose } from './compose.js';

export const backgroundRemovalProcessor = defineProcessor(backgroundRemovalTool, {
  provider: async (services) => (await services.images()).background,
  async process(run) {
    const background = run.provider;
    const { input } = run;
    const maxPixels = run.services.config.IMAGE_MAX_PIXELS;
    await run.enter('ANALYZING');
    const image = await readImage(run.services, input.uploadKey);
    const backdrop = input.backgroundKey ? (await readImage(run.services, input.backgroundKey)).bytes : undefined;
    await run.enter('PROCESSING');
    const output = await withProviderRetry(run, () => background.remove(image.bytes, run.signal, progressOf(run)));
    await run.enter('FINALIZING');
    // Nothing asked of the cut-out beyond what it is (the default): stored as the provider made it, as it always was.
    const plain = input.background === 'TRANSPARENT' && !input.crop && !input.shadow && (input.format ?? 'PNG') === 'PNG';
    const composed = plain ? undefined : await compose(await bytesOf(run, output), image.bytes, input, maxPixels, backdrop);
    // The definition refuses JPEG with a transparent background, so a JPEG here is always opaque.
    const saved = composed ? await store(run, { bytes: await encodeAs(composed.image, input.format ?? 'PNG', input.quality) }) : await store(run, output, { format: 'PNG' }); // a PNG already is kept byte for byte
    return {
      prompt: input.prompt,
      content: saved.url,
      metadata: {
        provider: background.name,
        width: composed?.width ?? saved.width ?? image.width,
        height: composed?.height ?? saved.height ?? image.height,
        original: { width: image.width, height: image.height },
        background: input.background,
        ...(input.color ? { color: input.color } : {}),
        ...(composed?.crop ? { crop: composed.crop, margin: input.margin } : {}),
        ...(input.shadow ? { shadow: true } : {}),
        format: input.format ?? 'PNG',
        ...formatOf(input),
        filename: input.filename,
      },
    };
  },
});

/** The provider's cut-out as bytes (fetched when it gave a URL). */
async function bytesOf(run: { signal: AbortSignal; services: { config: { IMAGE_MAX_PIXELS: number } } }, output: ImageOutput): Promise<Buffer> {
  if (!('url' in output)) return output.bytes;
  return downloadImage(output.url, { signal: run.signal, service: 'The image service', maxPixels: run.services.config.IMAGE_MAX_PIXELS });
}

// The worker's half of the object-removal tool (its definition: server/shared/tools/object-removal.ts).
// With no name, the mask alone says what to remove (docs/jobs-and-events.md, "Object removal by
// name or by brush"): a mask that paints nothing is refused here, before any provider is asked.
import { defineProcessor } from '../processor.js';
import { objectRemovalTool } from '../../../server/shared/tools/object-removal.js';
import { nothingBrushed, readBrush } from '../../image-mask.js';
import { progressOf, readImage } from '../../image-input.js';
import { formatOf, requireOpaqueFor, store } from '../../image-output.js';
import { withProviderRetry } from '../../retry.js';

/** What a removal without a name did, when the provider does not say. */
const BRUSHED_SUMMARY = 'Removed the brushed area';

export const objectRemovalProcessor = defineProcessor(objectRemovalTool, {
  provider: async (services) => (await services.images()).objects,
  async process(run) {
    const objects = run.provider;
    const { object, uploadKey, maskKey } = run.input;
    await run.enter('ANALYZING');
    const image = await readImage(run.services, uploadKey);
    // A transparent photo asked for as JPEG is refused before the work, not after it.
    await requireOpaqueFor(run.input, image.bytes, run.services.config.IMAGE_MAX_PIXELS);
    const mask = maskKey ? (await readImage(run.services, maskKey)).bytes : undefined;
    if (object === undefined && (!mask || !(await readBrush(image.bytes, mask, run.services.config.IMAGE_MAX_PIXELS)))) throw nothingBrushed();
    await run.enter('PROCESSING', object === undefined ? 'Removing the brushed area' : mask ? undefined : `Looking for the ${object}`);
    const output = await withProviderRetry(run, () => objects.remove(image.bytes, object, mask, run.signal, progressOf(run)));
    const summary = output.summary ?? (object === undefined ? BRUSHED_SUMMARY : undefined);
    await run.enter('FINALIZING', summary);
    const saved = await store(run, output, run.input);
    return {
      prompt: run.input.prompt,
      content: saved.url,
      ...(summary ? { summary } : {}),
      metadata: {
        provider: objects.name,
        ...(object === undefined ? { brushOnly: true } : { object }),
        masked: Boolean(mask),
        ...(summary ? { summary } : {}),
        ...output.details,
        width: image.width,
        height: image.height,
        filename: run.input.filename,
        ...formatOf(run.input),
      },
    };
  },
});

// Object removal (product §5, Premium): an image and one object's name; an optional mask
// (white where the object is) helps when the name is not found.
import { z } from 'zod';
import { OBJECT_NAME_MAX_LENGTH } from '../../constants.js';
import { progressOf, readImage } from '../../../worker/image-input.js';
import { store } from '../../../worker/image-output.js';
import { withProviderRetry } from '../../../worker/retry.js';
import { defineTool, withResolver } from '../tool.js';
import { ObjectRemovalResolver } from './resolver.js';

/** Spec §5: one object name, one word. */
const objectName = z
  .string({ message: 'Please enter the object to remove' })
  .trim()
  .min(1, 'Please enter the object to remove')
  .refine((s) => !/\s/.test(s), 'Please enter only one object name')
  .refine((s) => s.length <= OBJECT_NAME_MAX_LENGTH, `The object name is too long (at most ${OBJECT_NAME_MAX_LENGTH} characters)`)
  .refine((s) => /^[\p{L}\p{N}-]+$/u.test(s), 'The object name may only contain letters, digits and hyphens');

const definition = defineTool({
  kind: 'object-removal',
  creationType: 'OBJECT_REMOVAL',
  output: 'image',
  plan: 'PREMIUM',
  quota: null,
  input: z.object({ object: objectName }),
  uploads: [
    { field: 'image', key: 'uploadKey', accept: 'image', missing: 'Please select an image first' },
    { field: 'mask', key: 'maskKey', accept: 'image', what: 'a mask image' },
  ],
  prompt: ({ object }) => `Removed ${object} from image`,
  phases: { ANALYZING: [10, 'Analyzing'], PROCESSING: [25, 'Processing'], FINALIZING: [90, 'Finalizing'] },
  // The object's name is a field of the same multipart body as the files.
  rest: { path: '/api/ai/remove-image-object', fromBody: (body) => ({ object: body.object }) },
  provider: (services) => services.images.objects,
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

export const objectRemovalTool = withResolver(definition, ObjectRemovalResolver);

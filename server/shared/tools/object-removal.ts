// Object removal (product §5, Premium): an image, and one object's name or a mask (white where to
// remove, "brushed") or both. With a name the object is found by it and the mask picks one of
// several or adds what the name misses; with a mask alone just the brushed area is removed
// (docs/jobs-and-events.md, "Object removal by name or by brush").
import { z } from 'zod';
import { OBJECT_NAME_MAX_LENGTH } from '../platform/constants.js';
import { AppError, ErrorCode } from '../platform/errors.js';
import { checkOutputFormat, formatFromBody, outputFormatFields } from './image-format.js';
import { defineTool } from './tool.js';

/** Neither a name nor a mask: nothing says what to remove. */
export const OBJECT_NAME_MISSING = 'Please enter the object to remove';

/** Spec §5: one object name, one word; left out (or blank), the mask alone says what to remove. */
const objectName = z
  .string({ message: OBJECT_NAME_MISSING })
  .trim()
  .refine((s) => !/\s/.test(s), 'Please enter only one object name')
  .max(OBJECT_NAME_MAX_LENGTH, `The object name is too long (at most ${OBJECT_NAME_MAX_LENGTH} characters)`)
  .refine((s) => s === '' || /^[\p{L}\p{N}-]+$/u.test(s), 'The object name may only contain letters, digits and hyphens')
  .nullish()
  .transform((s) => s || undefined)
  .describe('The object to remove, in one word (letters, digits and hyphens). Optional when a mask is sent: without a name, just the brushed area is removed');

export const objectRemovalTool = defineTool({
  kind: 'object-removal',
  creationType: 'OBJECT_REMOVAL',
  output: 'image',
  plan: 'PREMIUM',
  quota: null,
  input: z.object({ object: objectName, ...outputFormatFields }).superRefine(checkOutputFormat),
  uploads: [
    { field: 'image', key: 'uploadKey', accept: 'image', missing: 'Please select an image first' },
    {
      field: 'mask',
      key: 'maskKey',
      accept: 'image',
      what: 'a mask image',
      about: 'White (or opaque) where to remove, black (or transparent) elsewhere, at any size (it is stretched to the image). With no object name, what it covers is removed',
    },
  ],
  // A name or a mask says what to remove; a mask that paints nothing is refused by the worker, which reads it.
  checkUploads: ({ object }, images) => {
    if (!object && !images.mask) throw new AppError(ErrorCode.BAD_USER_INPUT, OBJECT_NAME_MISSING, { field: 'object' });
  },
  api: { path: '/object-removals', summary: 'Remove an object from an image (Premium)', example: { object: 'car' } },
  graphql: {
    mutation: 'removeObject',
    description: 'Starts removing one object from an image (Premium): named, brushed (mask: white where to remove), or both; a name or a mask is needed',
    fields: 'arguments',
  },
  prompt: ({ object }) => (object ? `Removed ${object} from image` : 'Removed the brushed area from image'),
  phases: { ANALYZING: [10, 'Analyzing'], PROCESSING: [25, 'Processing'], FINALIZING: [90, 'Finalizing'] },
  // The object's name is a field of the same multipart body as the files.
  rest: {
    path: '/api/ai/remove-image-object',
    body: 'multipart `image`, `object` (optional with a `mask`), optional `mask` (white = remove), `format`, `quality`',
    fromBody: (body) => ({ object: body.object, ...formatFromBody(body) }),
  },
});

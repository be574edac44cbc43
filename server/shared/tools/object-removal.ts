// Object removal (product §5, Premium): an image and one object's name; an optional mask
// (white where the object is) helps when the name is not found.
import { z } from 'zod';
import { OBJECT_NAME_MAX_LENGTH } from '../platform/constants.js';
import { defineTool } from './tool.js';

/** Spec §5: one object name, one word. */
const objectName = z
  .string({ message: 'Please enter the object to remove' })
  .trim()
  .min(1, 'Please enter the object to remove')
  .refine((s) => !/\s/.test(s), 'Please enter only one object name')
  .refine((s) => s.length <= OBJECT_NAME_MAX_LENGTH, `The object name is too long (at most ${OBJECT_NAME_MAX_LENGTH} characters)`)
  .refine((s) => /^[\p{L}\p{N}-]+$/u.test(s), 'The object name may only contain letters, digits and hyphens');

export const objectRemovalTool = defineTool({
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
  api: { path: '/object-removals', summary: 'Remove an object from an image (Premium)', example: { object: 'car' } },
  graphql: { mutation: 'removeObject', description: 'Starts removing one object from an image (Premium); mask: white where the object is', fields: 'arguments' },
  prompt: ({ object }) => `Removed ${object} from image`,
  phases: { ANALYZING: [10, 'Analyzing'], PROCESSING: [25, 'Processing'], FINALIZING: [90, 'Finalizing'] },
  // The object's name is a field of the same multipart body as the files.
  rest: { path: '/api/ai/remove-image-object', fromBody: (body) => ({ object: body.object }) },
});

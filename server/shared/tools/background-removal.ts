// Background removal (product §5, Premium): an image back as a PNG with a transparent background.
import { z } from 'zod';
import { defineTool } from './tool.js';

export const backgroundRemovalTool = defineTool({
  kind: 'background-removal',
  creationType: 'BACKGROUND_REMOVAL',
  output: 'image',
  plan: 'PREMIUM',
  quota: null,
  input: z.object({}),
  uploads: [{ field: 'image', key: 'uploadKey', accept: 'image', missing: 'Please select an image first' }],
  api: { path: '/background-removals', summary: 'Remove the background of an image (Premium)', example: {} },
  graphql: { mutation: 'removeBackground', description: 'Starts removing the background of an image (Premium)', fields: 'arguments' },
  prompt: () => 'Remove background from image',
  phases: { ANALYZING: [10, 'Reading the image'], PROCESSING: [25, 'Separating the subject from the background'], FINALIZING: [90, 'Saving the cut-out'] },
  rest: { path: '/api/ai/remove-image-background', fromBody: () => ({}) },
});

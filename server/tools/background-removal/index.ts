// Background removal (product §5, Premium): an image back as a PNG with a transparent background.
import { z } from 'zod';
import { progressOf, readImage } from '../../../worker/image-input.js';
import { store } from '../../../worker/image-output.js';
import { withProviderRetry } from '../../../worker/retry.js';
import { defineTool, withResolver } from '../tool.js';
import { BackgroundRemovalResolver } from './resolver.js';

const definition = defineTool({
  kind: 'background-removal',
  creationType: 'BACKGROUND_REMOVAL',
  output: 'image',
  plan: 'PREMIUM',
  quota: null,
  input: z.object({}),
  uploads: [{ field: 'image', key: 'uploadKey', accept: 'image', missing: 'Please select an image first' }],
  prompt: () => 'Remove background from image',
  phases: { ANALYZING: [10, 'Reading the image'], PROCESSING: [25, 'Separating the subject from the background'], FINALIZING: [90, 'Saving the cut-out'] },
  rest: { path: '/api/ai/remove-image-background', fromBody: () => ({}) },
  provider: (services) => services.images.background,
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

export const backgroundRemovalTool = withResolver(definition, BackgroundRemovalResolver);

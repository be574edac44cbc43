// Image upscaler (Premium): an image made 2× or 4× larger, sharper than plain resampling.
import { z } from 'zod';
import { readImage } from '../../../worker/image-input.js';
import { store } from '../../../worker/image-output.js';
import { withProviderRetry } from '../../../worker/retry.js';
import { defineTool, withResolver } from '../tool.js';
import { checkOutputSize, createUpscaler } from './provider.js';
import { UpscaleImageResolver } from './resolver.js';

const definition = defineTool({
  kind: 'upscale-image',
  creationType: 'UPSCALE',
  output: 'image',
  plan: 'PREMIUM',
  quota: null,
  input: z.object({ scale: z.union([z.literal(2), z.literal(4)], { message: 'Scale must be 2 or 4' }).default(2) }),
  uploads: [{ field: 'image', key: 'uploadKey', accept: 'image', missing: 'Please select an image first' }],
  checkSizes: ({ scale }, { image }) => image && checkOutputSize(image.width, image.height, scale),
  prompt: ({ scale }) => `Upscale image ${scale}×`,
  phases: { ANALYZING: [10, 'Reading the image'], PROCESSING: [25, 'Upscaling'], FINALIZING: [90, 'Saving the larger image'] },
  // Multipart: `image`, and `scale` as text ("2" or "4").
  rest: { path: '/api/ai/upscale-image', fromBody: (body) => ({ scale: body.scale === undefined || body.scale === '' ? undefined : Number(body.scale) }) },
  provider: (services) => createUpscaler(services.config),
  async process(run) {
    const upscaler = run.provider;
    const { scale, uploadKey, filename, prompt } = run.input;
    await run.enter('ANALYZING');
    const image = await readImage(run.services, uploadKey);
    await run.enter('PROCESSING', `Upscaling ${scale}×`);
    const output = await withProviderRetry(run, () => upscaler.upscale(image.bytes, scale, run.signal));
    await run.enter('FINALIZING');
    const saved = await store(run, output);
    return {
      prompt,
      content: saved.url,
      // Which engine did it: IOPaint hands over to the embedded pipeline when its plugin is off.
      metadata: { provider: typeof output.details?.provider === 'string' ? output.details.provider : upscaler.name, ...(output.details?.model ? { model: output.details.model } : {}), scale, width: saved.width ?? image.width * scale, height: saved.height ?? image.height * scale, original: { width: image.width, height: image.height }, filename },
    };
  },
});

export const upscaleImageTool = withResolver(definition, UpscaleImageResolver);

// Image upscaler (Premium): an image made 2× or 4× larger, sharper than plain resampling.
import { z } from 'zod';
import { AppError, ErrorCode } from '../platform/errors.js';
import { checkOutputFormat, formatFromBody, outputFormatFields } from './image-format.js';
import { defineTool } from './tool.js';

export type Scale = 2 | 4;

/** The largest result (width × height) any upscaler is asked to make. */
export const UPSCALE_MAX_OUTPUT_PIXELS = 36_000_000;

/** Refuses, in words a person reads, a result larger than UPSCALE_MAX_OUTPUT_PIXELS. */
export function checkOutputSize(width: number, height: number, scale: Scale): void {
  if (width * scale * height * scale <= UPSCALE_MAX_OUTPUT_PIXELS) return;
  const mp = Math.round(UPSCALE_MAX_OUTPUT_PIXELS / 1e6);
  throw new AppError(
    ErrorCode.PAYLOAD_TOO_LARGE,
    `At ${scale}× this image would be ${width * scale}×${height * scale}, more than ${mp} megapixels. Choose ${scale === 4 ? '2× or ' : ''}a smaller image.`,
    { maxPixels: UPSCALE_MAX_OUTPUT_PIXELS },
  );
}

export const upscaleImageTool = defineTool({
  kind: 'upscale-image',
  creationType: 'UPSCALE',
  output: 'image',
  plan: 'PREMIUM',
  quota: null,
  input: z
    .object({
      scale: z
        .union([z.literal(2), z.literal(4)], { message: 'Scale must be 2 or 4' })
        .default(2)
        .describe('2 or 4'),
      ...outputFormatFields,
    })
    .superRefine(checkOutputFormat),
  uploads: [{ field: 'image', key: 'uploadKey', accept: 'image', missing: 'Please select an image first' }],
  api: { path: '/upscales', summary: 'Make an image 2× or 4× larger (Premium)', example: { scale: 2 } },
  graphql: { mutation: 'upscaleImage', description: 'Starts making an image 2× or 4× larger (Premium); follow it with jobProgress', fields: 'arguments' },
  checkUploads: ({ scale }, { image }) => image && checkOutputSize(image.width, image.height, scale),
  prompt: ({ scale }) => `Upscale image ${scale}×`,
  phases: { ANALYZING: [10, 'Reading the image'], PROCESSING: [25, 'Upscaling'], FINALIZING: [90, 'Saving the larger image'] },
  // Multipart: `image`, and `scale` as text ("2" or "4").
  rest: {
    path: '/api/ai/upscale-image',
    body: 'multipart `image`, `scale` (`2` or `4`; Premium; result at most 36 MP), optional `format`, `quality`',
    fromBody: (body) => ({ scale: body.scale === undefined || body.scale === '' ? undefined : Number(body.scale), ...formatFromBody(body) }),
  },
});

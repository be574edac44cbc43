// The output format every image tool takes (docs/api-v1.md, "Output format"): PNG, WebP or
// JPEG, with a quality for the lossy two. Left out, a tool keeps what it made as it is today
// (background removal a PNG; the other tools the engine's own format).
import { z } from 'zod';

export const ImageOutputFormat = { PNG: 'PNG', WEBP: 'WEBP', JPEG: 'JPEG' } as const;
export type ImageOutputFormat = (typeof ImageOutputFormat)[keyof typeof ImageOutputFormat];

/** The quality WebP and JPEG are written at when none is given. */
export const DEFAULT_IMAGE_QUALITY = 90;

const QUALITY_RANGE = 'The quality must be a whole number from 1 to 100';

/** The two fields, spread into an image tool's input. */
export const outputFormatFields = {
  format: z
    .enum(ImageOutputFormat, { message: 'The output format must be PNG, WEBP or JPEG' })
    .meta({ id: 'ImageOutputFormat', description: 'The file format of an image result' })
    .nullish()
    .describe('PNG, WEBP or JPEG (JPEG only for an opaque result); left out, the tool keeps its usual format'),
  quality: z
    .number({ message: QUALITY_RANGE })
    .int(QUALITY_RANGE)
    .min(1, QUALITY_RANGE)
    .max(100, QUALITY_RANGE)
    .nullish()
    .describe(`WEBP and JPEG only: 1 (smallest file) to 100 (best picture); ${DEFAULT_IMAGE_QUALITY} when left out`),
};

type FormatInput = { format?: ImageOutputFormat | null; quality?: number | null };

/** A quality says nothing to a lossless or unchosen format: refused rather than ignored. */
export function checkOutputFormat(input: FormatInput, ctx: z.RefinementCtx): void {
  if (input.quality === null || input.quality === undefined) return;
  if (input.format === 'PNG') ctx.addIssue({ code: 'custom', path: ['quality'], message: 'PNG is lossless and takes no quality: leave the quality out, or choose WEBP or JPEG' });
  else if (!input.format) ctx.addIssue({ code: 'custom', path: ['quality'], message: 'Choose the format WEBP or JPEG to set a quality' });
}

/** The file extension and content type of each format (as storage names them). */
export const FORMAT_FILES: Record<ImageOutputFormat, { ext: 'png' | 'webp' | 'jpg'; mime: string }> = {
  PNG: { ext: 'png', mime: 'image/png' },
  WEBP: { ext: 'webp', mime: 'image/webp' },
  JPEG: { ext: 'jpg', mime: 'image/jpeg' },
};

/** The two fields from a REST mirror's multipart body (text: "80" → 80, "" → left out). */
export function formatFromBody(body: Record<string, unknown>): { format?: unknown; quality?: unknown } {
  const { format, quality } = body;
  return {
    ...(format !== undefined && format !== '' ? { format } : {}),
    ...(quality !== undefined && quality !== '' ? { quality: typeof quality === 'string' && /^-?\d+$/.test(quality) ? Number(quality) : quality } : {}),
  };
}

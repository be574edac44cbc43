// Background removal (product §5, Premium): the subject of an image cut out, on a transparent
// background (the default) or a new one, optionally cropped to the subject and with a soft
// shadow, as PNG, WebP or JPEG (docs/api-v1.md, "Background removal").
import { z } from 'zod';
import { AppError, ErrorCode } from '../platform/errors.js';
import { checkOutputFormat, outputFormatFields } from './image-format.js';
import { defineTool } from './tool.js';

export const BackgroundFill = { TRANSPARENT: 'TRANSPARENT', COLOR: 'COLOR', BLUR: 'BLUR', IMAGE: 'IMAGE' } as const;
export type BackgroundFill = (typeof BackgroundFill)[keyof typeof BackgroundFill];

/** The crop's margin (percent of the subject's longer side) when none is given. */
export const DEFAULT_CROP_MARGIN = 10;

const HEX_COLOR = /^#[0-9a-f]{6}$/i;
const BAD_COLOR = 'The colour must be a hex colour of six digits, like #1e90ff';
const MARGIN_RANGE = 'The margin must be a whole number from 0 to 100 (percent of the subject)';

export const backgroundRemovalTool = defineTool({
  kind: 'background-removal',
  creationType: 'BACKGROUND_REMOVAL',
  output: 'image',
  plan: 'PREMIUM',
  quota: null,
  input: z
    .object({
      background: z
        .enum(BackgroundFill, { message: 'The background must be TRANSPARENT, COLOR, BLUR or IMAGE' })
        .meta({
          id: 'BackgroundFill',
          description: 'What goes behind the cut-out subject: nothing (TRANSPARENT), a colour (COLOR), the photo’s own background blurred (BLUR) or an uploaded picture (IMAGE)',
        })
        .default('TRANSPARENT'),
      color: z
        .string({ message: BAD_COLOR })
        .trim()
        .regex(HEX_COLOR, BAD_COLOR)
        .transform((s) => s.toLowerCase())
        .nullish()
        .describe('With background COLOR: the colour, as #rrggbb'),
      crop: z.boolean({ message: 'crop must be true or false' }).default(false).describe('Crop the result to the subject, with a margin around it'),
      margin: z
        .number({ message: MARGIN_RANGE })
        .int(MARGIN_RANGE)
        .min(0, MARGIN_RANGE)
        .max(100, MARGIN_RANGE)
        .default(DEFAULT_CROP_MARGIN)
        .describe("With crop: the space left on each side of the subject, in percent of the subject's longer side (within the photo)"),
      shadow: z.boolean({ message: 'shadow must be true or false' }).default(false).describe('Add a soft shadow under the subject'),
      ...outputFormatFields,
    })
    .superRefine((input, ctx) => {
      checkOutputFormat(input, ctx);
      if (input.background === 'COLOR' && !input.color) ctx.addIssue({ code: 'custom', path: ['color'], message: 'Choose a colour (#rrggbb) for the background' });
      if (input.background !== 'COLOR' && input.color) ctx.addIssue({ code: 'custom', path: ['color'], message: 'A colour is used only with the background COLOR' });
      if (input.background === 'TRANSPARENT' && input.format === 'JPEG') {
        ctx.addIssue({
          code: 'custom',
          path: ['format'],
          message: 'JPEG cannot keep a transparent background: choose the background COLOR, BLUR or IMAGE, or the format PNG or WEBP',
        });
      }
    }),
  uploads: [
    { field: 'image', key: 'uploadKey', accept: 'image', missing: 'Please select an image first' },
    {
      field: 'backgroundImage',
      key: 'backgroundKey',
      accept: 'image',
      what: 'a background image',
      about: 'With background IMAGE: the picture to put behind the subject, scaled to cover the result and centred',
    },
  ],
  // The uploaded background and the IMAGE choice go together: one without the other is a mistake, said now.
  checkUploads: ({ background }, images) => {
    if (background === 'IMAGE' && !images.backgroundImage) {
      throw new AppError(ErrorCode.BAD_USER_INPUT, 'Please select a background image (or choose another background)', { field: 'backgroundImage' });
    }
    if (background !== 'IMAGE' && images.backgroundImage) {
      throw new AppError(ErrorCode.BAD_USER_INPUT, 'A background image is used only with the background IMAGE', { field: 'backgroundImage' });
    }
  },
  api: { path: '/background-removals', summary: 'Remove the background of an image (Premium)', example: {} },
  graphql: { mutation: 'removeBackground', description: 'Starts removing the background of an image (Premium)', fields: 'arguments' },
  prompt: () => 'Remove background from image',
  phases: { ANALYZING: [10, 'Reading the image'], PROCESSING: [25, 'Separating the subject from the background'], FINALIZING: [90, 'Saving the cut-out'] },
  rest: {
    path: '/api/ai/remove-image-background',
    body: 'multipart `image`; optional `background`, `color`, `backgroundImage`, `crop`, `margin`, `shadow`, `format`, `quality`',
    fromBody: (body) => ({
      background: text(body.background),
      color: text(body.color),
      crop: flag(body.crop),
      margin: whole(body.margin),
      shadow: flag(body.shadow),
      format: text(body.format),
      quality: whole(body.quality),
    }),
  },
});

// The REST mirror's multipart fields are text: "true" → true, "80" → 80, "" → left out; anything else is left for the schema to refuse.
function text(v: unknown): unknown {
  return v === '' ? undefined : v;
}
function flag(v: unknown): unknown {
  return v === 'true' ? true : v === 'false' ? false : text(v);
}
function whole(v: unknown): unknown {
  return typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : text(v);
}

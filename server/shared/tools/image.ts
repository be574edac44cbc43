// Image generation (product §5, Premium): a description and a style, optionally shared in the
// community gallery.
import { z } from 'zod';
import { IMAGE_STYLE_LABELS, ImageAspectRatio, ImageStyle } from '../platform/domain.js';
import { IMAGE_COUNT_MAX, IMAGE_DESCRIPTION_MAX_LENGTH, IMAGE_SEED_MAX, NEGATIVE_PROMPT_MAX_LENGTH } from '../platform/constants.js';
import { requiredText } from '../platform/validation.js';
import { checkOutputFormat, outputFormatFields } from './image-format.js';
import { defineTool } from './tool.js';

/** "Generate an image of {description} in the style {Style}" → its parts; else the whole prompt is the description. */
function descriptionAndStyleOf(prompt: unknown): { description: unknown; style: string } {
  if (typeof prompt !== 'string') return { description: prompt, style: 'REALISTIC' };
  const m = /^Generate an image of ([\s\S]+?) in the style (.+)$/i.exec(prompt.trim());
  if (!m) return { description: prompt, style: 'REALISTIC' };
  const label = m[2]!.trim().toLowerCase();
  const style = (Object.entries(IMAGE_STYLE_LABELS) as [ImageStyle, string][]).find(([, l]) => l.toLowerCase() === label)?.[0];
  return { description: m[1], style: style ?? label.toUpperCase() };
}

export const imageTool = defineTool({
  kind: 'image',
  creationType: 'IMAGE',
  output: 'image',
  plan: 'PREMIUM',
  quota: null,
  input: z
    .object({
      description: requiredText(
        'Please enter an image description',
        IMAGE_DESCRIPTION_MAX_LENGTH,
        `The description is too long (at most ${IMAGE_DESCRIPTION_MAX_LENGTH} characters)`,
      ),
      style: z.enum(ImageStyle, { message: 'Unknown image style' }).meta({ id: 'ImageStyle' }).default('REALISTIC'),
      publish: z.boolean().default(false).describe('Share it in the community gallery'),
      // Advanced (docs/engines.md): each applies only where the engine honours it (the Engines query says which).
      aspectRatio: z.enum(ImageAspectRatio, { message: 'Unknown aspect ratio' }).meta({ id: 'ImageAspectRatio', description: "The picture's shape" }).default('SQUARE'),
      seed: z
        .number({ message: 'The seed must be a whole number' })
        .int('The seed must be a whole number')
        .min(0, 'The seed must be between 0 and 2147483647')
        .max(IMAGE_SEED_MAX, 'The seed must be between 0 and 2147483647')
        .nullish()
        .describe('The same seed, description and settings give the same picture; none picks one at random'),
      negativePrompt: z
        .string()
        .trim()
        .max(NEGATIVE_PROMPT_MAX_LENGTH, `The negative prompt is too long (at most ${NEGATIVE_PROMPT_MAX_LENGTH} characters)`)
        .nullish()
        .describe('What the picture should not show'),
      count: z
        .number({ message: 'The number of images must be 1 to 4' })
        .int('The number of images must be 1 to 4')
        .min(1, 'The number of images must be 1 to 4')
        .max(IMAGE_COUNT_MAX, 'The number of images must be 1 to 4')
        .default(1)
        .describe('How many pictures to make (1–4); each is its own creation'),
      ...outputFormatFields,
    })
    .superRefine(checkOutputFormat),
  uploads: [],
  api: { path: '/images', summary: 'Generate an image (Premium)', example: { description: 'a lighthouse at dusk', style: 'REALISTIC' } },
  graphql: { mutation: 'generateImage', description: 'Starts generating an image (Premium); follow it with jobProgress', fields: 'input', inputType: 'GenerateImageInput' },
  prompt: ({ description, style }) => `Generate an image of ${description} in the style ${IMAGE_STYLE_LABELS[style]}`,
  phases: { ANALYZING: [10, 'Reading your description'], PROCESSING: [25, 'Painting'], FINALIZING: [90, 'Saving the image'] },
  rest: {
    path: '/api/ai/generate-image',
    body: 'JSON `{prompt: "Generate an image of <description> in the style <Style>", publish}`',
    fromBody: (body) => ({ ...descriptionAndStyleOf(body.prompt), publish: body.publish === true }),
  },
});

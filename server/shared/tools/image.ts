// Image generation (product §5, Premium): a description and a style, optionally shared in the
// community gallery.
import { z } from 'zod';
import { IMAGE_STYLE_LABELS, ImageStyle } from '../platform/domain.js';
import { IMAGE_DESCRIPTION_MAX_LENGTH } from '../platform/constants.js';
import { requiredText } from '../platform/validation.js';
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
  input: z.object({
    description: requiredText(
      'Please enter an image description',
      IMAGE_DESCRIPTION_MAX_LENGTH,
      `The description is too long (at most ${IMAGE_DESCRIPTION_MAX_LENGTH} characters)`,
    ),
    style: z.enum(ImageStyle, { message: 'Unknown image style' }).meta({ id: 'ImageStyle' }).default('REALISTIC'),
    publish: z.boolean().default(false).describe('Share it in the community gallery'),
  }),
  uploads: [],
  graphql: { mutation: 'generateImage', description: 'Starts generating an image (Premium); follow it with jobProgress', fields: 'input', inputType: 'GenerateImageInput' },
  prompt: ({ description, style }) => `Generate an image of ${description} in the style ${IMAGE_STYLE_LABELS[style]}`,
  phases: { ANALYZING: [10, 'Reading your description'], PROCESSING: [25, 'Painting'], FINALIZING: [90, 'Saving the image'] },
  rest: { path: '/api/ai/generate-image', fromBody: (body) => ({ ...descriptionAndStyleOf(body.prompt), publish: body.publish === true }) },
});

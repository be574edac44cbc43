// Creation prompts of the image tools (spec §7), shared by API and workers. No GraphQL here.
import { IMAGE_STYLE_LABELS, type ImageStyle } from '../../domain.js';

export const imagePrompt = (description: string, style: ImageStyle) => `Generate an image of ${description} in the style ${IMAGE_STYLE_LABELS[style]}`;
export const BACKGROUND_PROMPT = 'Remove background from image';
export const objectPrompt = (object: string) => `Removed ${object} from image`;

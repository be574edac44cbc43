// The background-removal page's options, as the server's definition takes them
// (server/shared/tools/background-removal.ts; docs/api-v1.md, "Background removal").
import type { BackgroundFill } from '../../../gql/graphql';
import { DEFAULT_OUTPUT_FORMAT, outputFormatVariables, type OutputFormatValues } from '../../../components/OutputFormatField';

export interface BackgroundOptionValues {
  background: BackgroundFill;
  /** #rrggbb, with COLOR. */
  color: string;
  /** The picture behind the subject, with IMAGE. */
  backgroundImage: File | null;
  crop: boolean;
  /** Percent of the subject's longer side, as typed. */
  margin: string;
  shadow: boolean;
  output: OutputFormatValues;
}

export const DEFAULT_BACKGROUND_OPTIONS: BackgroundOptionValues = {
  background: 'TRANSPARENT',
  color: '#ffffff',
  backgroundImage: null,
  crop: false,
  margin: '10',
  shadow: false,
  output: DEFAULT_OUTPUT_FORMAT,
};

export const BACKGROUNDS: readonly { value: BackgroundFill; label: string }[] = [
  { value: 'TRANSPARENT', label: 'Transparent' },
  { value: 'COLOR', label: 'Colour' },
  { value: 'BLUR', label: 'Blurred original' },
  { value: 'IMAGE', label: 'Image' },
];

export const JPEG_NEEDS_BACKGROUND = 'JPEG cannot keep a transparent background: choose a colour, the blurred original or an image, or PNG or WebP.';
export const NO_BACKGROUND_IMAGE = 'Please select a background image';
export const BAD_MARGIN = 'The margin must be a whole number from 0 to 100';
export const BAD_COLOR = 'The colour must be a hex colour like #1e90ff';
export const BATCH_NEEDS_NO_IMAGE = 'A batch cannot put a picture of yours behind each subject: choose another background, or pick one image.';

/** What is wrong with the options before sending, with the field to focus, or null. */
export function optionsProblem(o: BackgroundOptionValues): { message: string; field: 'color' | 'backgroundImage' | 'margin' | 'format' } | null {
  if (o.background === 'COLOR' && !/^#[0-9a-f]{6}$/i.test(o.color)) return { message: BAD_COLOR, field: 'color' };
  if (o.background === 'IMAGE' && !o.backgroundImage) return { message: NO_BACKGROUND_IMAGE, field: 'backgroundImage' };
  if (o.crop && !/^\d{1,3}$/.test(o.margin.trim())) return { message: BAD_MARGIN, field: 'margin' };
  if (o.crop && Number(o.margin) > 100) return { message: BAD_MARGIN, field: 'margin' };
  if (o.background === 'TRANSPARENT' && o.output.format === 'JPEG') return { message: JPEG_NEEDS_BACKGROUND, field: 'format' };
  return null;
}

/** The mutation's variables for the options (only what applies to the chosen background). */
export function optionVariables(o: BackgroundOptionValues): Record<string, unknown> {
  return {
    background: o.background,
    ...(o.background === 'COLOR' ? { color: o.color } : {}),
    ...(o.background === 'IMAGE' ? { backgroundImage: o.backgroundImage } : {}),
    crop: o.crop,
    ...(o.crop ? { margin: Number(o.margin) } : {}),
    shadow: o.shadow,
    ...outputFormatVariables(o.output),
  };
}

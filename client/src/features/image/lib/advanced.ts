import { ENGINE_OUTPUT_FORMAT, outputFormatVariables, type OutputFormatValues } from '../../../components/OutputFormatField';
import type { GenerateImageInput, ImageAspectRatio } from '../../../gql/graphql';

/** The image tool's advanced choices as the form holds them (the seed as typed). */
export interface ImageAdvancedValues {
  aspectRatio: ImageAspectRatio;
  /** Empty: a random seed. */
  seed: string;
  negativePrompt: string;
  count: number;
  /** The pictures' file format (docs/api-v1.md, "Output format"): every engine's result is converted, so it is always offered. */
  output: OutputFormatValues;
}

export const DEFAULT_IMAGE_ADVANCED: ImageAdvancedValues = { aspectRatio: 'SQUARE', seed: '', negativePrompt: '', count: 1, output: ENGINE_OUTPUT_FORMAT };

/** The picture's shapes (the server's IMAGE_ASPECT_RATIOS), in the order the chips show them. */
export const ASPECT_RATIOS: readonly { value: ImageAspectRatio; label: string }[] = [
  { value: 'SQUARE', label: 'Square 1:1' },
  { value: 'LANDSCAPE', label: 'Landscape 3:2' },
  { value: 'PORTRAIT', label: 'Portrait 2:3' },
  { value: 'WIDE', label: 'Wide 16:9' },
  { value: 'TALL', label: 'Tall 9:16' },
];

export const IMAGE_COUNTS = [1, 2, 3, 4] as const;
export const SEED_MAX = 2_147_483_647;
export const NEGATIVE_PROMPT_MAX = 500;
export const SEED_ERROR = `The seed must be a whole number from 0 to ${SEED_MAX.toLocaleString('en-US')}`;

/** The seed typed, or null for a random one; undefined when it is not a seed. */
export function parseSeed(typed: string): number | null | undefined {
  const t = typed.trim();
  if (t === '') return null;
  if (!/^\d+$/.test(t)) return undefined;
  const n = Number(t);
  return n <= SEED_MAX ? n : undefined;
}

/**
 * The advanced fields of the mutation's input: only those the engine honours (`has`), and of
 * those only what was chosen (no seed typed: none sent, the server picks one); the output
 * format always.
 */
export function advancedInput(values: ImageAdvancedValues, has: (option: string) => boolean): Partial<GenerateImageInput> {
  const input: Partial<GenerateImageInput> = {};
  if (has('ASPECT_RATIO')) input.aspectRatio = values.aspectRatio;
  const seed = parseSeed(values.seed);
  if (has('SEED') && typeof seed === 'number') input.seed = seed;
  const negative = values.negativePrompt.trim();
  if (has('NEGATIVE_PROMPT') && negative) input.negativePrompt = negative;
  if (has('COUNT')) input.count = values.count;
  return { ...input, ...outputFormatVariables(values.output) };
}

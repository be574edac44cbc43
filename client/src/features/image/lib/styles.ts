import type { ImageStyle } from '../../../gql/graphql';

/** Image styles (product §9), in the order the chips show them; Realistic is the default. */
export const IMAGE_STYLES: readonly { value: ImageStyle; label: string }[] = [
  { value: 'REALISTIC', label: 'Realistic' },
  { value: 'GHIBLI', label: 'Ghibli' },
  { value: 'ANIME', label: 'Anime' },
  { value: 'CARTOON', label: 'Cartoon' },
  { value: 'FANTASY', label: 'Fantasy' },
  { value: 'THREE_D', label: '3D' },
  { value: 'PORTRAIT', label: 'Portrait' },
];

export const DEFAULT_IMAGE_STYLE: ImageStyle = 'REALISTIC';

export const isImageStyle = (v: string | undefined): v is ImageStyle => IMAGE_STYLES.some((s) => s.value === v);

export const imageStyleLabel = (v: ImageStyle): string => IMAGE_STYLES.find((s) => s.value === v)?.label ?? '';

import type { CreationType } from '../gql/graphql';

export const CREATION_TYPE_LABEL: Record<CreationType, string> = {
  ARTICLE: 'Article',
  BLOG_TITLE: 'Blog titles',
  IMAGE: 'Image',
  BACKGROUND_REMOVAL: 'Background removal',
  OBJECT_REMOVAL: 'Object removal',
  RESUME_REVIEW: 'Resume review',
};

/** Kinds whose content is an image URL rather than markdown (spec §3). */
export function isImageCreation(type: CreationType): boolean {
  return type === 'IMAGE' || type === 'BACKGROUND_REMOVAL' || type === 'OBJECT_REMOVAL';
}

/** Results made by the embedded, offline providers say so (DESIGN.md §2). */
export function isEmbeddedProvider(provider: string): boolean {
  return provider === 'local';
}

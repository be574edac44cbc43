// The dashboard's view of creation kinds, from the tool catalogue.
import type { CreationType } from '../gql/graphql';
import { TOOLS } from './catalogue';

/** What the dashboard calls each kind of creation. */
export const CREATION_TYPE_LABEL = Object.fromEntries(TOOLS.map((t) => [t.creation.type, t.creation.label])) as Record<CreationType, string>;

const IMAGE_TYPES = new Set<CreationType>(TOOLS.filter((t) => t.creation.image).map((t) => t.creation.type));

/** Kinds whose content is an image URL rather than markdown (product §3). */
export function isImageCreation(type: CreationType): boolean {
  return IMAGE_TYPES.has(type);
}

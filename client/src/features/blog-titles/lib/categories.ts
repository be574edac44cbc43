import type { BlogCategory } from '../../../gql/graphql';

/** Blog categories (product §9), in the order the chips show them; General is the default. */
export const BLOG_CATEGORIES: readonly { value: BlogCategory; label: string }[] = [
  { value: 'GENERAL', label: 'General' },
  { value: 'TECHNOLOGY', label: 'Technology' },
  { value: 'BUSINESS', label: 'Business' },
  { value: 'HEALTH', label: 'Health' },
  { value: 'LIFESTYLE', label: 'Lifestyle' },
  { value: 'EDUCATION', label: 'Education' },
  { value: 'TRAVEL', label: 'Travel' },
  { value: 'FOOD', label: 'Food' },
];

export const DEFAULT_BLOG_CATEGORY: BlogCategory = 'GENERAL';

export const isBlogCategory = (v: string | undefined): v is BlogCategory => BLOG_CATEGORIES.some((c) => c.value === v);

export const blogCategoryLabel = (v: BlogCategory): string => BLOG_CATEGORIES.find((c) => c.value === v)?.label ?? '';

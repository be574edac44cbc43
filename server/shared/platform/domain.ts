// The product's domain names (product §3–§7, §9): the choices the tools offer, their labels and
// their REST spellings. Imported by the modules (GraphQL enums, prompts, REST), the workers and
// every provider, real or offline; it imports nothing, so none of them depends on another.

export const ArticleLength = { SHORT: 'SHORT', MEDIUM: 'MEDIUM', LONG: 'LONG' } as const;
export type ArticleLength = (typeof ArticleLength)[keyof typeof ArticleLength];
export const ARTICLE_LENGTH_LABELS: Record<ArticleLength, string> = { SHORT: 'Short', MEDIUM: 'Medium', LONG: 'Long' };
/** The REST mirror's spelling of a length (product §9), also the target word count. */
export const ARTICLE_LENGTH_WORDS = { SHORT: 800, MEDIUM: 1200, LONG: 1600 } as const satisfies Record<ArticleLength, number>;
/** Word ranges of product §9. */
export const ARTICLE_LENGTH_RANGES = {
  SHORT: [500, 800],
  MEDIUM: [800, 1200],
  LONG: [1200, 1600],
} as const satisfies Record<ArticleLength, readonly [number, number]>;

export const BlogCategory = {
  GENERAL: 'GENERAL',
  TECHNOLOGY: 'TECHNOLOGY',
  BUSINESS: 'BUSINESS',
  HEALTH: 'HEALTH',
  LIFESTYLE: 'LIFESTYLE',
  EDUCATION: 'EDUCATION',
  TRAVEL: 'TRAVEL',
  FOOD: 'FOOD',
} as const;
export type BlogCategory = (typeof BlogCategory)[keyof typeof BlogCategory];
export const BLOG_CATEGORY_LABELS: Record<BlogCategory, string> = {
  GENERAL: 'General',
  TECHNOLOGY: 'Technology',
  BUSINESS: 'Business',
  HEALTH: 'Health',
  LIFESTYLE: 'Lifestyle',
  EDUCATION: 'Education',
  TRAVEL: 'Travel',
  FOOD: 'Food',
};

export const ImageStyle = {
  REALISTIC: 'REALISTIC',
  GHIBLI: 'GHIBLI',
  ANIME: 'ANIME',
  CARTOON: 'CARTOON',
  FANTASY: 'FANTASY',
  THREE_D: 'THREE_D',
  PORTRAIT: 'PORTRAIT',
} as const;
export type ImageStyle = (typeof ImageStyle)[keyof typeof ImageStyle];
export const IMAGE_STYLES: readonly ImageStyle[] = Object.values(ImageStyle);
export const IMAGE_STYLE_LABELS: Record<ImageStyle, string> = {
  REALISTIC: 'Realistic',
  GHIBLI: 'Ghibli',
  ANIME: 'Anime',
  CARTOON: 'Cartoon',
  FANTASY: 'Fantasy',
  THREE_D: '3D',
  PORTRAIT: 'Portrait',
};

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

/** The article writer's advanced choices (docs/engines.md, "Advanced text options"): how it sounds. Honoured by real text models only. */
export const ArticleTone = { NEUTRAL: 'NEUTRAL', FRIENDLY: 'FRIENDLY', PROFESSIONAL: 'PROFESSIONAL', PERSUASIVE: 'PERSUASIVE', PLAYFUL: 'PLAYFUL' } as const;
export type ArticleTone = (typeof ArticleTone)[keyof typeof ArticleTone];
export const ARTICLE_TONE_LABELS: Record<ArticleTone, string> = {
  NEUTRAL: 'Neutral',
  FRIENDLY: 'Friendly',
  PROFESSIONAL: 'Professional',
  PERSUASIVE: 'Persuasive',
  PLAYFUL: 'Playful',
};

/** The image tool's advanced shape choice, and the width × height ratio each asks the engine for. */
export const ImageAspectRatio = { SQUARE: 'SQUARE', LANDSCAPE: 'LANDSCAPE', PORTRAIT: 'PORTRAIT', WIDE: 'WIDE', TALL: 'TALL' } as const;
export type ImageAspectRatio = (typeof ImageAspectRatio)[keyof typeof ImageAspectRatio];
export const IMAGE_ASPECT_RATIOS: Record<ImageAspectRatio, { label: string; width: number; height: number }> = {
  SQUARE: { label: 'Square 1:1', width: 1, height: 1 },
  LANDSCAPE: { label: 'Landscape 3:2', width: 3, height: 2 },
  PORTRAIT: { label: 'Portrait 2:3', width: 2, height: 3 },
  WIDE: { label: 'Wide 16:9', width: 16, height: 9 },
  TALL: { label: 'Tall 9:16', width: 9, height: 16 },
};

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

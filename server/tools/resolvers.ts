// Each tool's GraphQL resolver, by kind.
import { ArticleResolver } from './article/resolver.js';
import { BackgroundRemovalResolver } from './background-removal/resolver.js';
import { BlogTitlesResolver } from './blog-titles/resolver.js';
import { GenerateImageResolver } from './generate-image/resolver.js';
import { NoopResolver } from './noop/resolver.js';
import { ObjectRemovalResolver } from './object-removal/resolver.js';
import { ResumeReviewResolver } from './resume-review/resolver.js';
import { UpscaleImageResolver } from './upscale-image/resolver.js';

export const TOOL_RESOLVERS: Record<string, new () => unknown> = {
  article: ArticleResolver,
  'blog-titles': BlogTitlesResolver,
  image: GenerateImageResolver,
  'background-removal': BackgroundRemovalResolver,
  'object-removal': ObjectRemovalResolver,
  'resume-review': ResumeReviewResolver,
  'upscale-image': UpscaleImageResolver,
  noop: NoopResolver,
};

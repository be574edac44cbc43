// Every tool, in one list: GraphQL (mutations), REST (routes), enqueue (policy), the worker (one
// queue each, processors paired in worker/tools/catalogue.ts) and metrics read it. Adding a tool:
// docs/adding-a-tool.md.
import type { Config } from '../platform/config.js';
import { articleTool } from './article.js';
import { backgroundRemovalTool } from './background-removal.js';
import { blogTitlesTool } from './blog-titles.js';
import { generateImageTool } from './generate-image.js';
import { noopTool } from './noop.js';
import { objectRemovalTool } from './object-removal.js';
import { resumeReviewTool } from './resume-review.js';
import { upscaleImageTool } from './upscale-image.js';
import { isEnabled, type Tool } from './tool.js';

export const TOOLS: readonly Tool[] = [
  articleTool,
  blogTitlesTool,
  generateImageTool,
  backgroundRemovalTool,
  objectRemovalTool,
  resumeReviewTool,
  upscaleImageTool,
  noopTool,
];

/** The tools this process offers (the benchmark's only with ENABLE_NOOP_TOOL). */
export const toolsFor = (config: Pick<Config, 'ENABLE_NOOP_TOOL'>): readonly Tool[] => TOOLS.filter((t) => isEnabled(t, config));

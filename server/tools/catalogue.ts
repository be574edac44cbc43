// Every tool, in one list: GraphQL (resolvers), REST (routes), enqueue (policy), the
// worker (one queue and processor each) and metrics read it. Adding a tool is its folder
// and one line here.
import type { Config } from '../config.js';
import { articleTool } from './article/index.js';
import { backgroundRemovalTool } from './background-removal/index.js';
import { blogTitlesTool } from './blog-titles/index.js';
import { generateImageTool } from './generate-image/index.js';
import { noopTool } from './noop/index.js';
import { objectRemovalTool } from './object-removal/index.js';
import { resumeReviewTool } from './resume-review/index.js';
import { upscaleImageTool } from './upscale-image/index.js';
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

// Every tool's definition, one line each (server/shared/tools/catalogue.ts lists them).
export { articleTool } from './article.js';
export { blogTitlesTool } from './blog-titles.js';
export { imageTool } from './image.js';
export { backgroundRemovalTool } from './background-removal.js';
export { objectRemovalTool } from './object-removal.js';
export { resumeReviewTool } from './resume-review.js';
export { upscaleImageTool } from './upscale-image.js';
export { noopTool } from './noop.js';

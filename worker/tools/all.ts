// Every tool's processor, one line each (worker/tools/catalogue.ts pairs them with their definitions).
export { articleProcessor } from './article/process.js';
export { blogTitlesProcessor } from './blog-titles/process.js';
export { imageProcessor } from './image/process.js';
export { backgroundRemovalProcessor } from './background-removal/process.js';
export { objectRemovalProcessor } from './object-removal/process.js';
export { resumeReviewProcessor } from './resume-review/process.js';
export { upscaleImageProcessor } from './upscale-image/process.js';
export { noopProcessor } from './noop/process.js';

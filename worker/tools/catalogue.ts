// Each tool's processor, paired with its definition by kind: the worker runs a queue for every
// tool of server/shared/tools/catalogue.ts that this process offers.
import type { Config } from '../../server/shared/platform/config.js';
import { toolsFor } from '../../server/shared/tools/catalogue.js';
import { articleProcessor } from './article/process.js';
import { backgroundRemovalProcessor } from './background-removal/process.js';
import { blogTitlesProcessor } from './blog-titles/process.js';
import { generateImageProcessor } from './generate-image/process.js';
import { noopProcessor } from './noop/process.js';
import { objectRemovalProcessor } from './object-removal/process.js';
import type { RunnableTool } from './processor.js';
import { resumeReviewProcessor } from './resume-review/process.js';
import { upscaleImageProcessor } from './upscale-image/process.js';

const PROCESSORS: readonly RunnableTool[] = [
  articleProcessor,
  blogTitlesProcessor,
  generateImageProcessor,
  backgroundRemovalProcessor,
  objectRemovalProcessor,
  resumeReviewProcessor,
  upscaleImageProcessor,
  noopProcessor,
];

/** The tools this worker runs: every tool this process offers, with its processor. */
export function runnableTools(config: Pick<Config, 'ENABLE_NOOP_TOOL'>): readonly RunnableTool[] {
  const byKind = new Map(PROCESSORS.map((p) => [p.kind, p]));
  return toolsFor(config).map((tool) => {
    const runnable = byKind.get(tool.kind);
    if (!runnable) throw new Error(`No processor for the tool "${tool.kind}" (worker/tools/catalogue.ts)`);
    return runnable;
  });
}

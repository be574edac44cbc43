// Does nothing, or only burns CPU: measures the pipeline itself (`npm run bench`). In the
// schema and the workers only with ENABLE_NOOP_TOOL.
import { z } from 'zod';
import { defineTool } from './tool.js';

/** Most CPU work one bench job may ask for (each unit is 1,000 SHA-256 rounds, about a millisecond). */
export const MAX_NOOP_CPU_WORK = 10_000;

export const noopTool = defineTool({
  kind: 'noop',
  creationType: 'ARTICLE',
  output: 'text',
  plan: 'FREE',
  quota: null,
  input: z.object({
    /** Units of CPU work: 1,000 chained SHA-256 rounds each (the scale-out bench's CPU-bound jobs). */
    cpuWork: z.number().int().min(0, `cpuWork must be between 0 and ${MAX_NOOP_CPU_WORK}`).max(MAX_NOOP_CPU_WORK, `cpuWork must be between 0 and ${MAX_NOOP_CPU_WORK}`).default(0),
  }),
  uploads: [],
  api: { path: '/noop-jobs', summary: 'Benchmark only: a job that does nothing, or burns cpuWork units of CPU', example: { cpuWork: 0 } },
  graphql: { mutation: 'runNoopJob', description: 'Benchmark only: a job that does nothing, or only burns cpuWork units of CPU in the worker', fields: 'arguments' },
  prompt: () => 'noop',
  phases: { ANALYZING: [10, 'Starting'], PROCESSING: [20, 'Working'], FINALIZING: [90, 'Saving'] },
  enabled: (config) => config.ENABLE_NOOP_TOOL,
});

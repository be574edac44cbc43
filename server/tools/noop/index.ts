// Does nothing, or only burns CPU: measures the pipeline itself (`npm run bench`). In the
// schema and the workers only with ENABLE_NOOP_TOOL.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { defineTool, withResolver } from '../tool.js';
import { MAX_NOOP_CPU_WORK, NoopResolver } from './resolver.js';

/** A fixed amount of CPU work (not of time), so a busy machine shows as lower throughput. */
export function burnCpu(units: number): string {
  let digest = Buffer.alloc(32);
  for (let i = 0; i < units * 1000; i++) digest = createHash('sha256').update(digest).digest();
  return digest.toString('hex');
}

const definition = defineTool({
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
  prompt: () => 'noop',
  phases: { ANALYZING: [10, 'Starting'], PROCESSING: [20, 'Working'], FINALIZING: [90, 'Saving'] },
  provider: () => null,
  async process({ input }) {
    const digest = input.cpuWork ? burnCpu(input.cpuWork) : '';
    return { prompt: 'noop', content: digest, metadata: { provider: 'noop', cpuWork: input.cpuWork } };
  },
  enabled: (config) => config.ENABLE_NOOP_TOOL,
});

export const noopTool = withResolver(definition, NoopResolver);

import { createHash } from 'node:crypto';
import type { Tool } from '../pipeline.js';

export interface NoopInput {
  /** Units of CPU work: 1,000 chained SHA-256 rounds each (the scale-out bench's CPU-bound jobs). */
  cpuWork?: number;
}

/** A fixed amount of CPU work (not of time), so a busy machine shows as lower throughput. */
export function burnCpu(units: number): string {
  let digest = Buffer.alloc(32);
  for (let i = 0; i < units * 1000; i++) digest = createHash('sha256').update(digest).digest();
  return digest.toString('hex');
}

/** The benchmark's job: goes through the whole pipeline and does no work of its own beyond cpuWork. */
export const noopJob: Tool<NoopInput> = async ({ input }) => {
  const digest = input.cpuWork ? burnCpu(input.cpuWork) : '';
  return { type: 'ARTICLE', prompt: 'noop', content: digest, metadata: { provider: 'noop', cpuWork: input.cpuWork ?? 0 } };
};

// The worker's half of the noop tool (its definition: server/shared/tools/noop.ts).
import { defineProcessor } from '../processor.js';
import { noopTool } from '../../../server/shared/tools/noop.js';
import { createHash } from 'node:crypto';

/** A fixed amount of CPU work (not of time), so a busy machine shows as lower throughput. */
export function burnCpu(units: number): string {
  let digest = Buffer.alloc(32);
  for (let i = 0; i < units * 1000; i++) digest = createHash('sha256').update(digest).digest();
  return digest.toString('hex');
}

export const noopProcessor = defineProcessor(noopTool, {
  provider: () => null,
  async process({ input }) {
    const digest = input.cpuWork ? burnCpu(input.cpuWork) : '';
    return { prompt: 'noop', content: digest, metadata: { provider: 'noop', cpuWork: input.cpuWork } };
  },
});

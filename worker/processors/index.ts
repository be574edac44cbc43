import type { Processor } from 'bullmq';

/** Queue name → processor. The tool queues are registered here as the tools land. */
export const processors: Record<string, Processor> = {};

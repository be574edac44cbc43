import type { Tool } from '../pipeline.js';

/** The benchmark's job: goes through the whole pipeline and does no work of its own. */
export const noopJob: Tool = async () => ({ type: 'ARTICLE', prompt: 'noop', content: '', metadata: { provider: 'noop' } });

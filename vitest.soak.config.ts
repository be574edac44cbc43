// `npm run test:soak`: minutes of mixed load, kept out of `npm test` (its files end in .soak.ts).
// Not mergeConfig: it would concatenate `include` and run the whole suite too.
import { defineConfig } from 'vitest/config';
import base, { GLOBAL_SETUP, testCommon } from './vitest.config.js';

export default defineConfig({
  ...base,
  test: {
    // The suite's options without its projects (vitest.config.ts), one process per file.
    ...testCommon,
    globalSetup: GLOBAL_SETUP,
    include: ['tests/soak/**/*.soak.ts'],
    testTimeout: 30 * 60_000,
    hookTimeout: 120_000,
    maxWorkers: 1,
    // global.gc, so heap figures are measured after a full collection.
    execArgv: ['--expose-gc'],
  },
});

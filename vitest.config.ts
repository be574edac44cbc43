import { createRequire } from 'node:module';
import swc from 'unplugin-swc';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { LongestFirst } from './tests/helpers/longest-first.js';

// SWC compiles the server code under test so type-graphql gets real decorator
// metadata, exactly as the runtime loader (@swc-node/register) does.
const require = createRequire(import.meta.url);

// Shared by every project below (a project does not inherit the root's options here, so the
// global setup, which drops and recreates the test database, runs once, from the root).
const common = {
  // Node loads graphql's CommonJS build for type-graphql and Apollo; tests must use the
  // same copy, not the ESM build Vite would pick, or graphql sees two "graphql" modules.
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  plugins: [
    swc.vite({
      jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false }, target: 'es2022' },
    }),
  ],
};
/** Test options every project has (vitest.soak.config.ts too). */
export const testCommon = {
  setupFiles: ['tests/helpers/env.ts'],
  testTimeout: 60_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
  maxWorkers: 2,
};

export const GLOBAL_SETUP = ['tests/helpers/global-setup.ts'];

/**
 * Server-side tests that need a process of their own (below): the image engine's own tests, and
 * every file that runs ONNX Runtime in its main thread (the models called directly).
 */
const OWN_PROCESS = [
  'tests/images/engine.test.ts',
  'tests/images/countdown.test.ts',
  'tests/images/iopaint.test.ts',
  'tests/images/isnet-any-size.test.ts',
  'tests/images/learned-models.test.ts',
  'tests/images/learned-upscaler.test.ts',
  'tests/images/removal-honesty.test.ts',
  'tests/images/removal-real-scenes.test.ts',
  'tests/images/removal-touching.test.ts',
];

const projects: TestProjectInlineConfiguration[] = [
  // Server and worker tests by area under tests/. None mocks a module or changes the process's
  // variables after tests/helpers/env.ts, so one process runs file after file (isolate: false):
  // the server and worker modules, and the models a test loads in-process, are loaded once per
  // process instead of once per file (about a third of the run went to loading them again).
  // What a file starts (servers, workers, connections) it closes in its afterAll, as before.
  { ...common, test: { ...testCommon, name: 'server', include: ['tests/**/*.test.ts'], exclude: ['tests/browser/**', ...OWN_PROCESS], isolate: false } },
  // The image engine runs its models in a worker thread, and terminates it when it closes (a
  // test's stack closing, engine.close()). In a process whose main thread had loaded ONNX Runtime
  // too (a file calling the models directly), that took the whole process down (seen three times,
  // in CI and here, at the end of engine.test.ts and of s3-storage.test.ts): the files that load
  // it in their main thread get a process of their own, as the worker does, whose models run only
  // in that thread. The countdown's tests read what this process has learnt of the models' step
  // times (none yet, the model not loaded), which another file's models would have changed.
  { ...common, test: { ...testCommon, name: 'engine', include: OWN_PROCESS } },
  // The browser tests: like the server's, one process runs file after file, so the server and
  // worker modules are loaded once per process, not once per file (a third of a short browser
  // file's time went to loading them). None loads ONNX Runtime in its main thread (the image
  // engine's thread does), and each closes what it starts.
  { ...common, test: { ...testCommon, name: 'browser', include: ['tests/browser/**/*.test.ts'], isolate: false } },
  // A client component's unit test beside it: they mock modules, so each keeps its own process.
  { ...common, test: { ...testCommon, name: 'client', include: ['client/src/**/*.test.{ts,tsx}'] } },
];

export default defineConfig({
  ...common,
  test: {
    globalSetup: GLOBAL_SETUP,
    maxWorkers: 2,
    // Within each project, the longest files first (tests/helpers/longest-first.ts).
    sequence: { sequencer: LongestFirst },
    projects,
  },
});

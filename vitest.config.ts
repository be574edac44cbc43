import { createRequire } from 'node:module';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// SWC compiles the server code under test so type-graphql gets real decorator
// metadata, exactly as the runtime loader (@swc-node/register) does.
const require = createRequire(import.meta.url);

export default defineConfig({
  // Node loads graphql's CommonJS build for type-graphql and Apollo; tests must use the
  // same copy, not the ESM build Vite would pick, or graphql sees two "graphql" modules.
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  plugins: [
    swc.vite({
      jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false }, target: 'es2022' },
    }),
  ],
  test: {
    // Server and worker tests by area under tests/; a client component's unit test beside it.
    include: ['tests/**/*.test.ts', 'client/src/**/*.test.{ts,tsx}'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    setupFiles: ['tests/helpers/env.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});

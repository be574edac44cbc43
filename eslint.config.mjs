// ESLint (typescript-eslint's recommended rules) over every TypeScript source, and Prettier for
// the format (.prettierrc.json; eslint-config-prettier turns off what would disagree with it):
// `npm run lint`, run by CI; `npm run format` rewrites.
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'client/dist/**',
      'client/src/gql/**',
      'tests/api-v1/generated/**',
      'server/shared/db/generated/**',
      'data/**',
      '.scratch/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  ...tseslint.configs.recommended,
  { files: ['**/*.tsx'], languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } } },
  {
    rules: {
      // A leading underscore marks what is there on purpose: a callback's unused argument,
      // a property dropped by destructuring.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The API process never loads worker code: processors, models and providers run only in
    // the worker (docs/architecture.md, "Where code runs"). tests/operations/boundaries.test.ts
    // checks the same on the API's whole import graph.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./)+worker/', message: 'The API never imports worker code; move what both need to server/shared/.' }] }],
    },
  },
  {
    // The worker imports only the shared part of server/ (config, db, jobs, storage, tool definitions).
    files: ['worker/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./)+server/(?!shared/)', message: 'The worker imports only server/shared/.' }] }],
    },
  },
  {
    // What both processes share depends on nothing of the API around it (server/shared/<part>/<file>.ts).
    files: ['server/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./\\.\\./(?!shared/)', message: 'server/shared/ imports nothing of the API (server/*) or the worker.' }] }],
    },
  },
  {
    // The browser app talks to the server only over HTTP and WebSocket: it never imports
    // server or worker code (docs/architecture.md).
    files: ['client/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', '**/worker/**', '**/prisma/**'], message: 'The client talks to the server over HTTP/WebSocket only.' }] },
      ],
    },
  },
  {
    // Small files and functions (docs/architecture.md): none over 600 lines, no function over 100
    // (blank and comment lines counted). A test file's describe and it callbacks are exempt: they
    // are lists of cases, not functions anyone calls.
    rules: {
      'max-lines': ['error', { max: 600, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 100, skipBlankLines: false, skipComments: false, IIFEs: true }],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/*.soak.ts'],
    rules: { 'max-lines-per-function': 'off' },
  },
  {
    // A feature uses another only through its top-level files (index.ts and the like), never its
    // internals (api/, components/, hooks/, lib/, routes/, content/). A test may reach into
    // another feature's operations to mock them.
    files: ['client/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/worker/**', '**/prisma/**'], message: 'The client talks to the server over HTTP/WebSocket only.' },
            {
              regex: '^(\\.\\./)+[a-z-]+/(api|components|hooks|lib|routes|content)/',
              message: 'Import another feature through its top-level files (e.g. its index.ts), not its internals.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests and benchmarks read JSON answers of many shapes from real servers.
    files: ['tests/**/*.ts', 'bench/**/*.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
);

// ESLint (typescript-eslint's recommended rules) over every TypeScript source: `npm run lint`,
// run by CI. Prettier is not adopted yet (CONTRIBUTING.md).
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'client/dist/**', 'client/src/gql/**', 'server/shared/db/generated/**', 'data/**', '.scratch/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  ...tseslint.configs.recommended,
  { files: ['**/*.tsx'], languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } } },
  {
    rules: {
      // A leading underscore marks what is there on purpose: a callback's unused argument,
      // a property dropped by destructuring.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // The browser app talks to the server only over HTTP and WebSocket: it never imports
    // server or worker code (docs/architecture.md). Which server code the worker may import
    // is issue 29's layout work, not encoded yet.
    files: ['client/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/worker/**', '**/prisma/**'], message: 'The client talks to the server over HTTP/WebSocket only.' }] }],
    },
  },
  {
    // Tests and benchmarks read JSON answers of many shapes from real servers.
    files: ['tests/**/*.ts', 'bench/**/*.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);

import type { CodegenConfig } from '@graphql-codegen/cli';

// Typed documents for the client. The schema comes from `npm run schema:print`, so
// generation needs no running server; `npm run codegen` does both.
const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['client/src/**/*.{ts,tsx}', '!client/src/gql/**/*'],
  ignoreNoDocuments: true,
  generates: {
    'client/src/gql/': {
      preset: 'client',
      // Documents spread shared fragments (e.g. CommunityCreation) and read the fields directly.
      presetConfig: { fragmentMasking: false },
      config: { useTypeImports: true, enumsAsTypes: true, scalars: { DateTimeISO: 'string', Upload: 'File' } },
    },
  },
};

export default config;

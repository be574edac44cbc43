import { graphql } from '../../../gql';

export const ApiKeyFieldsFragment = graphql(`
  fragment ApiKeyFields on ApiKey {
    id
    name
    maskedKey
    scopes
    createdAt
    lastUsedAt
    revokedAt
    jobsThisMonth
    requestsThisMonth
  }
`);

export const ApiKeysQuery = graphql(`
  query ApiKeys {
    apiKeys {
      ...ApiKeyFields
    }
  }
`);

export const CreateApiKeyMutation = graphql(`
  mutation CreateApiKey($name: String!, $scopes: [ApiKeyScope!]!) {
    createApiKey(name: $name, scopes: $scopes) {
      key
      apiKey {
        ...ApiKeyFields
      }
    }
  }
`);

export const RevokeApiKeyMutation = graphql(`
  mutation RevokeApiKey($id: ID!) {
    revokeApiKey(id: $id) {
      id
      revokedAt
    }
  }
`);

import type { ApiKeyScope } from '../../../gql/graphql';

/** The three scopes in the server's order, with what each lets a key do (docs/api-keys.md). */
export const SCOPES: readonly { value: ApiKeyScope; label: string; about: string }[] = [
  { value: 'READ', label: 'Read', about: 'See your account, creations and jobs.' },
  { value: 'GENERATE', label: 'Generate', about: 'Start and cancel jobs with every tool, and follow them.' },
  { value: 'PUBLISH', label: 'Publish & like', about: 'Publish or unpublish your creations, like and unlike.' },
];

export const scopeLabel = (scope: ApiKeyScope) => SCOPES.find((s) => s.value === scope)?.label ?? scope;

// apollo-upload-client ships plain .mjs with JSDoc types, which TypeScript does not read
// from node_modules; this declares the one class we use.
declare module 'apollo-upload-client/UploadHttpLink.mjs' {
  import { ApolloLink } from '@apollo/client/link';

  export interface UploadHttpLinkOptions {
    uri?: string;
    headers?: Record<string, string>;
    credentials?: RequestCredentials;
    fetchOptions?: RequestInit;
    /** Used in place of the global fetch (with the merged fetch options as its init). */
    fetch?: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
    includeExtensions?: boolean;
    includeUnusedVariables?: boolean;
  }

  export default class UploadHttpLink extends ApolloLink {
    constructor(options?: UploadHttpLinkOptions);
  }
}

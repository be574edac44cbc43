// Where the GraphQL API answers and how a request says who is asking: shared by the HTTP link
// (lib/apollo.ts) and the subscription socket (lib/subscriptionSocket.ts).
import { getAuthToken } from './authToken';

export const GRAPHQL_PATH = '/graphql';

/** The bearer token of the current user, as a header (none when signed out). */
export async function authorizationHeader(): Promise<Record<string, string>> {
  const token = await getAuthToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

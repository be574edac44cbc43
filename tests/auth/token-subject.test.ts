// A correctly signed token whose subject is not a user id was a 500: Postgres refused the id
// (docs/security-testing.md, "A correctly signed token whose subject is not a UUID"). It is an
// invalid session: 401 UNAUTHENTICATED, on every transport.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../server/auth/tokens.js';
import { gql, startTestServer, waitFor, wsClient } from '../helpers/server.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('a signed token with a subject that is not a UUID', () => {
  it('is UNAUTHENTICATED on GraphQL, REST and WebSocket', async () => {
    for (const subject of ['not-a-uuid', "1' OR '1'='1", '12345', 'x'.repeat(500)]) {
      const token = await issueToken(server.app.services.tokenSecret, subject);
      const r = await gql(server.url, '{ me { id } }', {}, token);
      expect([r.status, r.errors?.[0]?.extensions?.code], subject).toEqual([401, 'UNAUTHENTICATED']);
      const rest = await fetch(`${server.url}/api/user/get-user-creations`, { headers: { authorization: `Bearer ${token}` } });
      expect(rest.status, subject).toBe(401);
      expect(await rest.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
      let closed: number | undefined;
      const client = wsClient(server.url, token, { on: { closed: (e) => (closed = (e as CloseEvent).code) } });
      await waitFor(() => closed !== undefined, 5_000, 'the socket to close');
      expect(closed, subject).toBe(4403);
      await client.dispose();
    }
  });
});

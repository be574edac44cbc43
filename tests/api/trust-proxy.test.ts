// Per-address limits use the client's address: X-Forwarded-For is believed only from the
// proxies TRUST_PROXY names. Sign-in attempts (AUTH_RATE_PER_MINUTE per address) show it.
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, uniqueEmail } from '../helpers/server.js';

const SIGN_IN = 'mutation($email: String!, $password: String!) { signIn(email: $email, password: $password) { token } }';
const servers: Awaited<ReturnType<typeof startTestServer>>[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

async function attempt(url: string, forwardedFor: string) {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ query: SIGN_IN, variables: { email: uniqueEmail('proxy'), password: 'Wrong-Horse-9' } }),
  });
  return ((await res.json()) as { errors?: { extensions?: { code?: string } }[] }).errors?.[0]?.extensions?.code;
}

describe('TRUST_PROXY', () => {
  it('counts each forwarded client on its own behind a trusted proxy, and the proxy itself otherwise', async () => {
    // The test talks from loopback: trusted by default, not when only another proxy is.
    const trusting = await startTestServer({ AUTH_RATE_PER_MINUTE: '2' });
    const distrusting = await startTestServer({ AUTH_RATE_PER_MINUTE: '2', TRUST_PROXY: '10.9.9.9' });
    servers.push(trusting, distrusting);
    const codes = async (url: string) => [await attempt(url, '203.0.113.1'), await attempt(url, '203.0.113.1'), await attempt(url, '203.0.113.2')];
    // Wrong passwords are refused as such; past the limit, the refusal is RATE_LIMITED.
    expect(await codes(trusting.url)).toEqual(['UNAUTHENTICATED', 'UNAUTHENTICATED', 'UNAUTHENTICATED']);
    expect(await codes(distrusting.url)).toEqual(['UNAUTHENTICATED', 'UNAUTHENTICATED', 'RATE_LIMITED']);
  });
});

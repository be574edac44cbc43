// @vitest-environment happy-dom
// GraphiQL's session: a token is sent only once `me` confirmed it, never while anonymous;
// under Clerk, the token comes from Clerk's getToken (Clerk itself cannot run offline, so
// its React hooks are replaced here by what they hand the page).
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const clerk = vi.hoisted(() => ({ userId: 'user_1' as string | null, getToken: vi.fn(async () => 'clerk-session-token') }));
vi.mock('@clerk/clerk-react', () => ({
  ClerkProvider: ({ children }: { children: React.ReactNode }) => children,
  useAuth: () => ({ isLoaded: true, userId: clerk.userId, getToken: clerk.getToken }),
}));

type Me = { fullName: string | null; email: string | null } | null;
let me: Me;
const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
  const headers = init.headers as Record<string, string>;
  return new Response(JSON.stringify({ data: { me: headers.authorization ? me : null } }), { headers: { 'content-type': 'application/json' } });
});

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  me = { fullName: 'Ada Lovelace', email: 'ada@example.test' };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('GraphiQL session (built-in accounts)', () => {
  it('sends the stored token once me has confirmed it, and nothing when anonymous', async () => {
    localStorage.setItem('atelier.token', 'stored-token');
    const session = await import('./session');
    expect(await session.refreshSession()).toEqual({ status: 'signed-in', name: 'Ada Lovelace', email: 'ada@example.test' });
    expect(await session.sessionHeaders()).toEqual({ authorization: 'Bearer stored-token' });
    session.setAnonymous(true);
    expect(await session.sessionHeaders()).toEqual({});
  });

  it('sends no token the server does not recognise, and says the session ended', async () => {
    localStorage.setItem('atelier.token', 'stale-token');
    me = null;
    const session = await import('./session');
    expect(await session.refreshSession()).toEqual({ status: 'signed-out', expired: true });
    expect(await session.sessionHeaders()).toEqual({});
  });

  it('is signed out, without asking the server, when the browser holds no token', async () => {
    const session = await import('./session');
    expect(await session.refreshSession()).toEqual({ status: 'signed-out', expired: false });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('GraphiQL session under Clerk', () => {
  it("asks Clerk for each request's token and names the signed-in user", async () => {
    const session = await import('./session');
    const { default: ClerkSession } = await import('./ClerkSession');
    render(<ClerkSession publishableKey="pk_test_example" />);
    await vi.waitFor(() => expect(session.sessionState().session.status).toBe('signed-in'));
    expect(fetchMock.mock.calls[0]![1].headers).toMatchObject({ authorization: 'Bearer clerk-session-token' });
    clerk.getToken.mockResolvedValueOnce('fresh-clerk-token');
    expect(await session.sessionHeaders()).toEqual({ authorization: 'Bearer fresh-clerk-token' });
  });
});

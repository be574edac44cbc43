// Who GraphiQL speaks as. The app's own token source (lib/authToken: the built-in account's
// token in localStorage, or Clerk's getToken once ClerkSession installs it) is asked per
// request, so GraphiQL sends exactly what the app would. A token is only sent once `me`
// has confirmed it: a stale one would make the server refuse every request, schema included.
import { getAuthToken, storedToken } from '../lib/authToken';

export type Session = { status: 'checking' } | { status: 'signed-out'; expired: boolean } | { status: 'signed-in'; name: string; email: string | null };

export interface SessionState {
  session: Session;
  /** The user chose to send requests without their session. */
  anonymous: boolean;
}

export const GRAPHQL_URL = '/graphql';

let state: SessionState = { session: { status: 'checking' }, anonymous: false };
let check: Promise<Session> = Promise.resolve(state.session);
const listeners = new Set<() => void>();

function update(next: Partial<SessionState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function sessionState(): SessionState {
  return state;
}

export function setAnonymous(anonymous: boolean): void {
  update({ anonymous });
}

interface GraphQLAnswer<T> {
  data?: T | null;
  errors?: { message: string }[];
}

/** One small operation of GraphiQL's own (not shown in its editor). */
export async function post<T>(query: string, token?: string | null): Promise<GraphQLAnswer<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(GRAPHQL_URL, { method: 'POST', headers, body: JSON.stringify({ query }) });
  return (await res.json()) as GraphQLAnswer<T>;
}

type Me = { me: { fullName: string | null; email: string | null } | null };

async function whoAmI(): Promise<Session> {
  const token = await getAuthToken().catch(() => null);
  if (!token) return { status: 'signed-out', expired: false };
  try {
    const { data } = await post<Me>('{ me { fullName email } }', token);
    const me = data?.me;
    if (!me) return { status: 'signed-out', expired: true };
    return { status: 'signed-in', name: me.fullName?.trim() || me.email || 'your account', email: me.email };
  } catch {
    return { status: 'signed-out', expired: true };
  }
}

/** Asks the server again who the app's current token belongs to (after a sign-in or sign-out elsewhere). */
export function refreshSession(): Promise<Session> {
  const run = whoAmI();
  check = run;
  void run.then((session) => {
    if (check === run) update({ session });
  });
  return run;
}

/** The Authorization header to add to a request: the confirmed session's, unless sending anonymously. */
export async function sessionHeaders(): Promise<Record<string, string>> {
  const session = await check;
  if (session.status !== 'signed-in' || state.anonymous) return {};
  const token = await getAuthToken().catch(() => null);
  return token ? { authorization: `Bearer ${token}` } : {};
}

type AuthConfig = { authConfig: { provider: string; clerkPublishableKey: string | null } };

/**
 * Asks the server which identity provider it runs. A built-in session is checked at once
 * and followed across tabs (a sign-in or sign-out in the app updates this page); a Clerk
 * one is checked once ClerkSession has loaded Clerk, whose key this resolves to.
 */
export function startSession(): Promise<string | null> {
  const clerkKey = post<AuthConfig>('{ authConfig { provider clerkPublishableKey } }')
    .then(({ data }) => (data?.authConfig.provider === 'clerk' ? data.authConfig.clerkPublishableKey : null))
    .catch(() => null);
  check = clerkKey.then((key) => (key ? state.session : refreshSession()));
  void clerkKey.then((key) => {
    if (key) return;
    let seen = storedToken.read();
    window.addEventListener('storage', () => {
      const now = storedToken.read();
      if (now === seen) return;
      seen = now;
      void refreshSession();
    });
  });
  return clerkKey;
}

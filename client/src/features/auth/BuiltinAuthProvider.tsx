import { useApolloClient, useQuery } from '@apollo/client/react';
import { print } from 'graphql';
import { startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { storedToken } from '../../lib/authToken';
import { resetSession } from '../../lib/apollo';
import { GRAPHQL_PATH } from '../../lib/endpoint';
import { startedFromPrerender } from '../../lib/prerendered';
import { toAppError } from '../../lib/graphqlError';
import { ChangePasswordMutation, MeQuery, SignInMutation, SignOutMutation, SignUpMutation } from './api/operations';
import { AuthContext, type AuthState, type SignInInput, type SignUpInput } from './AuthContext';

/** Built-in accounts: e-mail + password, a JWT kept in localStorage, `me` for the profile. */
export function BuiltinAuthProvider({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  const [token, setToken] = useState<string | null>(() => storedToken.read());
  const me = useQuery(MeQuery, { skip: !token });
  // Prerendered pages show the signed-out view: hydration renders that too, then the stored
  // session shows (as a transition, so React first finishes hydrating what it changes).
  const [hydrated, setHydrated] = useState(!startedFromPrerender);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);

  const applyToken = useCallback(async (next: string | null) => {
    // The token source reads storage, so write first: the reset below already speaks as the new user.
    storedToken.write(next);
    if (!next) setToken(null);
    await resetSession({ signedIn: next !== null });
    if (next) setToken(next);
  }, []);

  // A stored token the server no longer accepts (expired, secret rotated, user deleted): forget it.
  const rejected = !!token && ((me.error && toAppError(me.error).code === 'UNAUTHENTICATED') || (me.data !== undefined && me.data.me === null));
  useEffect(() => {
    if (rejected) void applyToken(null);
  }, [rejected, applyToken]);

  const signIn = useCallback(
    async ({ email, password }: SignInInput) => {
      const { data } = await client.mutate({ mutation: SignInMutation, variables: { email: email.trim(), password } });
      if (data) await applyToken(data.signIn.token);
    },
    [client, applyToken],
  );

  const signUp = useCallback(
    async (input: SignUpInput) => {
      const variables = {
        input: { email: input.email.trim(), password: input.password, firstName: input.firstName.trim(), lastName: input.lastName.trim() },
      };
      const { data } = await client.mutate({ mutation: SignUpMutation, variables });
      if (data) await applyToken(data.signUp.token);
    },
    [client, applyToken],
  );

  const changePassword = useCallback(
    async (currentPassword: string, newPassword: string) => {
      const { data } = await client.mutate({ mutation: ChangePasswordMutation, variables: { currentPassword, newPassword } });
      // The old token no longer works anywhere: this browser goes on with the new one (its socket reconnects with it).
      if (data) await applyToken(data.changePassword.token);
    },
    [client, applyToken],
  );

  // The server ends this session (its token and sockets, on every server). Sent on its own,
  // with the token it ends, and never waited for: an unreachable server still leaves the
  // browser signed out, and the session reset that follows cannot cancel it.
  const signOut = useCallback(() => {
    if (token) {
      void fetch(GRAPHQL_PATH, {
        method: 'POST',
        keepalive: true,
        headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: print(SignOutMutation) }),
      }).catch(() => undefined);
    }
    return applyToken(null);
  }, [token, applyToken]);

  const shownToken = hydrated ? token : null;
  const user = shownToken && !rejected ? (me.data?.me ?? null) : null;
  const value = useMemo<AuthState>(
    () => ({
      provider: 'builtin',
      user,
      token: shownToken,
      plan: user?.plan ?? null,
      loading: !!shownToken && !rejected && me.data === undefined && !me.error,
      signIn,
      signUp,
      signOut,
      changePassword,
      startSession: applyToken,
      openProfile: null,
    }),
    [user, shownToken, rejected, me.data, me.error, signIn, signUp, signOut, changePassword, applyToken],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

// Loaded only when the server says identity is Clerk, so built-in deployments never
// download Clerk's SDK.
import { ClerkProvider, useAuth as useClerkAuth, useClerk } from '@clerk/clerk-react';
import { useQuery } from '@apollo/client/react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { setTokenSource } from '../../lib/authToken';
import { resetSession } from '../../lib/apollo';
import { MeQuery } from './api/operations';
import { AuthContext, type AuthState } from './AuthContext';

interface Props {
  publishableKey: string;
  children: ReactNode;
}

export default function ClerkAuthProvider({ publishableKey, children }: Props) {
  return (
    <ClerkProvider publishableKey={publishableKey} afterSignOutUrl="/">
      <ClerkBridge>{children}</ClerkBridge>
    </ClerkProvider>
  );
}

/** Feeds Clerk's session into our transports and exposes it through the same AuthState as built-in accounts. */
function ClerkBridge({ children }: { children: ReactNode }) {
  const { isLoaded, isSignedIn, userId, getToken } = useClerkAuth();
  const clerk = useClerk();
  const [token, setToken] = useState<string | null>(null);

  // Installed during render, not in an effect: children's effects run first and their
  // queries must already carry Clerk's token. Idempotent, so a re-render is harmless.
  setTokenSource(() => getToken());
  useEffect(() => () => setTokenSource(null), []);

  // Another user (or none) now: reconnect and drop the previous user's cache.
  const seenUser = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!isLoaded) return;
    const current = userId ?? null;
    if (seenUser.current !== undefined && seenUser.current !== current) void resetSession({ signedIn: current !== null });
    seenUser.current = current;
    void getToken().then(setToken, () => setToken(null));
  }, [isLoaded, userId, getToken]);

  const me = useQuery(MeQuery, { skip: !isLoaded || !isSignedIn });
  const user = isSignedIn ? (me.data?.me ?? null) : null;

  const value = useMemo<AuthState>(
    () => ({
      provider: 'clerk',
      user,
      token: isSignedIn ? token : null,
      plan: user?.plan ?? null,
      loading: !isLoaded || (!!isSignedIn && me.data === undefined && !me.error),
      signIn: async () => clerk.openSignIn(),
      signUp: async () => clerk.openSignUp(),
      signOut: () => clerk.signOut(),
      changePassword: null,
      startSession: null,
      openProfile: () => clerk.openUserProfile(),
    }),
    [user, isSignedIn, token, isLoaded, me.data, me.error, clerk],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

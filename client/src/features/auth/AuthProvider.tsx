import { useQuery } from '@apollo/client/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { useAfterHydration } from '../../lib/prerendered';
import { AuthConfigQuery } from './api/operations';
import { AuthContext, type AuthState } from './AuthContext';
import { BuiltinAuthProvider } from './BuiltinAuthProvider';

const ClerkAuthProvider = lazy(() => import('./ClerkAuthProvider'));

const pending: AuthState = {
  provider: 'clerk',
  user: null,
  token: null,
  plan: null,
  loading: true,
  signIn: () => Promise.reject(new Error('Sign-in is still loading')),
  signUp: () => Promise.reject(new Error('Sign-in is still loading')),
  signOut: () => Promise.resolve(),
  changePassword: null,
  startSession: null,
  openProfile: null,
};

/**
 * Picks the identity provider the server runs. Built-in is the default and renders at
 * once (its `me` query runs beside `authConfig`), so the common case never remounts; a
 * Clerk deployment switches over once `authConfig` answers.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { data } = useQuery(AuthConfigQuery, { skip: !useAfterHydration() });
  const config = data?.authConfig;
  const clerkKey = config?.provider === 'clerk' ? config.clerkPublishableKey : null;

  if (clerkKey) {
    return (
      <Suspense fallback={<AuthContext.Provider value={pending}>{children}</AuthContext.Provider>}>
        <ClerkAuthProvider publishableKey={clerkKey}>{children}</ClerkAuthProvider>
      </Suspense>
    );
  }
  return <BuiltinAuthProvider>{children}</BuiltinAuthProvider>;
}

import { createContext, useContext } from 'react';
import type { MeQuery, Plan } from '../../gql/graphql';

export type AuthUser = NonNullable<MeQuery['me']>;

export interface SignInInput {
  email: string;
  password: string;
}

export interface SignUpInput extends SignInInput {
  firstName: string;
  lastName: string;
}

export type IdentityProviderKind = 'builtin' | 'clerk';

/** What the whole app knows about who is signed in; see useAuth(). */
export interface AuthState {
  provider: IdentityProviderKind;
  user: AuthUser | null;
  token: string | null;
  plan: Plan | null;
  /** True until we know whether someone is signed in. */
  loading: boolean;
  /** Built-in: signs in with the credentials (rejects with the server's error). Clerk: opens Clerk's sign-in. */
  signIn: (input: SignInInput) => Promise<void>;
  /** Built-in: creates the account and signs in. Clerk: opens Clerk's sign-up. */
  signUp: (input: SignUpInput) => Promise<void>;
  signOut: () => Promise<void>;
  /** Built-in: changes the password (rejects with the server's error); the other sessions end, this one goes on. Null with Clerk (its profile does it). */
  changePassword: ((currentPassword: string, newPassword: string) => Promise<void>) | null;
  /** Built-in: goes on signed in with a token the server gave (a password reset's). Null with Clerk. */
  startSession: ((token: string) => Promise<void>) | null;
  /** Opens the identity provider's account page; null where there is none (built-in accounts). */
  openProfile: (() => void) | null;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth() needs <AuthProvider> above it');
  return state;
}

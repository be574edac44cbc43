// For component tests: an AuthContext value with nobody signed in (spread it to sign someone in).
import type { AuthState } from './AuthContext';

export const signedOutAuth: AuthState = {
  provider: 'builtin',
  user: null,
  token: null,
  plan: null,
  loading: false,
  signIn: async () => {},
  signUp: async () => {},
  signOut: async () => {},
  changePassword: null,
  startSession: null,
  openProfile: null,
};

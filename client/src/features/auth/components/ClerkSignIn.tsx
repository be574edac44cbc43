import { SignIn, SignUp } from '@clerk/clerk-react';
import type { AuthLinks, AuthMode } from './AuthForm';

/**
 * Clerk's own sign-in or sign-up card; hash routing keeps it from taking over our URL paths.
 * Its link to the other form goes to our page for it when there is one.
 */
export default function ClerkSignIn({ mode = 'sign-in', links }: { mode?: AuthMode; links?: AuthLinks }) {
  return mode === 'sign-up' ? <SignUp routing="hash" signInUrl={links?.['sign-in']} /> : <SignIn routing="hash" signUpUrl={links?.['sign-up']} />;
}

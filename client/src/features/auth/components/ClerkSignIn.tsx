import { SignIn } from '@clerk/clerk-react';

/** Clerk's own sign-in card; hash routing keeps it from taking over our URL paths. */
export default function ClerkSignIn() {
  return <SignIn routing="hash" />;
}

// Loaded only when identity is Clerk (its SDK is already on the page then): Clerk's own
// profile (name, picture, e-mail addresses, password, sessions, account deletion).
import { UserProfile } from '@clerk/clerk-react';

export default function ClerkUserProfile() {
  return <UserProfile routing="hash" />;
}

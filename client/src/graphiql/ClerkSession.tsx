// Loaded only when the server's identity is Clerk, so built-in deployments never download
// Clerk's SDK here. Clerk shares its session across the site's tabs, so this page speaks as
// whoever is signed in to the app, with a fresh short-lived token per request.
import { ClerkProvider, useAuth } from '@clerk/clerk-react';
import { useEffect } from 'react';
import { setTokenSource } from '../lib/authToken';
import { refreshSession } from './session';

export default function ClerkSession({ publishableKey }: { publishableKey: string }) {
  return (
    <ClerkProvider publishableKey={publishableKey}>
      <ClerkBridge />
    </ClerkProvider>
  );
}

function ClerkBridge() {
  const { isLoaded, userId, getToken } = useAuth();
  // Each request asks Clerk for a token, as the app's ClerkAuthProvider does.
  setTokenSource(() => getToken());

  // Loaded, or another user (or none) now: ask the server who that is.
  useEffect(() => {
    if (isLoaded) void refreshSession();
  }, [isLoaded, userId]);

  return null;
}

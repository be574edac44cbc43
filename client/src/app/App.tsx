import { ApolloProvider } from '@apollo/client/react';
import { Suspense, type ComponentProps } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AuthProvider } from '../features/auth';
import { apolloClient } from '../lib/apollo';
import { lazyNamed } from '../lib/lazyNamed';
import { useAfterHydration } from '../lib/prerendered';

// Toasts only ever follow an action, so the toaster need not be in the first download.
const Toaster = lazyNamed(() => import('sonner'), 'Toaster');

/** Mounted after hydration: nothing to toast before, and prerendered HTML need not hold it. */
function LazyToaster() {
  const after = useAfterHydration();
  if (!after) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" richColors closeButton />
    </Suspense>
  );
}

/** The whole app around a router: the browser's (main.tsx) or a memory router at build time (prerender.tsx). */
export function App({ router }: { router: ComponentProps<typeof RouterProvider>['router'] }) {
  return (
    <ApolloProvider client={apolloClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
      <LazyToaster />
    </ApolloProvider>
  );
}

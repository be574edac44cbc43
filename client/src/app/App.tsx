import { ApolloProvider } from '@apollo/client/react';
import { Suspense, useEffect, type ComponentProps } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AuthProvider } from '../features/auth';
import { apolloClient } from '../lib/apollo';
import { lazyNamed } from '../lib/lazyNamed';
import { useAfterHydration } from '../lib/prerendered';
import { toasterMounted, useToasterRequested } from '../lib/toaster';

// Toasts only ever follow an action, so the toaster need not be in the first download.
const Toaster = lazyNamed(() => import('sonner'), 'Toaster');

/** Its effect runs after the Toaster's own (an earlier sibling's subtree), once it listens. */
function Mounted() {
  useEffect(toasterMounted, []);
  return null;
}

/** Mounted after hydration, once something asks for it (lib/toaster.ts): prerendered HTML need not hold it. */
function LazyToaster() {
  const after = useAfterHydration();
  const requested = useToasterRequested();
  if (!after || !requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" richColors closeButton />
      <Mounted />
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

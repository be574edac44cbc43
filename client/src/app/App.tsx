import { ApolloProvider } from '@apollo/client/react';
import { Suspense } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AuthProvider } from '../features/auth';
import { apolloClient } from '../lib/apollo';
import { lazyNamed } from '../lib/lazyNamed';
import { router } from './router';

// Toasts only ever follow an action, so the toaster need not be in the first download.
const Toaster = lazyNamed(() => import('sonner'), 'Toaster');

export function App() {
  return (
    <ApolloProvider client={apolloClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
      <Suspense fallback={null}>
        <Toaster position="top-right" richColors closeButton />
      </Suspense>
    </ApolloProvider>
  );
}

import { lazy, Suspense } from 'react';
import { LoadingPanel } from '../../../components/Spinner';
import { useAuth } from '../AuthContext';
import { AuthForm, type AuthMode } from './AuthForm';

const ClerkSignIn = lazy(() => import('./ClerkSignIn'));

/** Whatever sign-in the active identity provider offers. */
export function SignInPanel({ initialMode, onSuccess }: { initialMode?: AuthMode; onSuccess?: () => void }) {
  const { provider } = useAuth();
  if (provider === 'clerk') {
    return (
      <Suspense fallback={<LoadingPanel />}>
        <ClerkSignIn />
      </Suspense>
    );
  }
  return <AuthForm initialMode={initialMode} onSuccess={onSuccess} />;
}

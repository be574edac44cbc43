import { lazy, Suspense } from 'react';
import { LoadingPanel } from '../../../components/Spinner';
import { useAuth } from '../AuthContext';
import { AuthForm, type AuthLinks, type AuthMode } from './AuthForm';

const ClerkSignIn = lazy(() => import('./ClerkSignIn'));

interface Props {
  initialMode?: AuthMode;
  onSuccess?: () => void;
  headingLevel?: 1 | 2;
  links?: AuthLinks;
}

/** Whatever sign-in the active identity provider offers. */
export function SignInPanel({ initialMode, onSuccess, headingLevel, links }: Props) {
  const { provider } = useAuth();
  if (provider === 'clerk') {
    return (
      <Suspense fallback={<LoadingPanel />}>
        <ClerkSignIn mode={initialMode} links={links} />
      </Suspense>
    );
  }
  return <AuthForm initialMode={initialMode} onSuccess={onSuccess} headingLevel={headingLevel} links={links} />;
}

import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { LoadingPanel } from '../../../components/Spinner';
import { useAuth } from '../AuthContext';
import type { AuthMode } from '../components/AuthForm';
import { SignInPanel } from '../components/SignInPanel';

/** Only same-site paths, so a crafted ?redirect= cannot send people elsewhere. */
function safeRedirect(target: string | null): string {
  return target && target.startsWith('/') && !target.startsWith('//') ? target : '/ai';
}

function AuthRoute({ mode }: { mode: AuthMode }) {
  const { user, loading } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const target = safeRedirect(params.get('redirect'));

  if (loading) return <LoadingPanel />;
  if (user) return <Navigate to={target} replace />;
  return (
    <section className="flex flex-1 items-start justify-center py-12 sm:py-20">
      <SignInPanel initialMode={mode} onSuccess={() => navigate(target, { replace: true })} />
    </section>
  );
}

export function SignInRoute() {
  return <AuthRoute mode="sign-in" />;
}

export function SignUpRoute() {
  return <AuthRoute mode="sign-up" />;
}

import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { LoadingPanel } from '../../../components/Spinner';
import { useAuth } from '../AuthContext';
import type { AuthLinks, AuthMode } from '../components/AuthForm';
import { AuthScreen } from '../components/AuthScreen';

/** Only same-site paths, so a crafted ?redirect= cannot send people elsewhere. */
function safeRedirect(target: string | null): string {
  return target && target.startsWith('/') && !target.startsWith('//') ? target : '/ai';
}

function AuthRoute({ mode }: { mode: AuthMode }) {
  const { user, loading } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirect = params.get('redirect');
  const target = safeRedirect(redirect);
  // Switching between the two pages keeps where to go afterwards.
  const query = redirect ? `?${new URLSearchParams({ redirect })}` : '';
  const links: AuthLinks = { 'sign-in': `/sign-in${query}`, 'sign-up': `/signup${query}` };

  if (loading) return <LoadingPanel />;
  if (user) return <Navigate to={target} replace />;
  return <AuthScreen key={mode} mode={mode} links={links} onSuccess={() => navigate(target, { replace: true })} />;
}

export function SignInRoute() {
  return <AuthRoute mode="sign-in" />;
}

export function SignUpRoute() {
  return <AuthRoute mode="sign-up" />;
}

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { PASSWORD_MIN_LENGTH } from '../../../lib/constants';
import { toAppError, type AppErrorInfo } from '../../../lib/graphqlError';
import { useAuth } from '../AuthContext';
import { TextField } from '../../../components/TextField';
import { SubmitButton } from '../../../components/SubmitButton';

export type AuthMode = 'sign-in' | 'sign-up';

/** Where each form lives, when it has a page of its own. */
export type AuthLinks = Record<AuthMode, string>;

interface Props {
  initialMode?: AuthMode;
  onSuccess?: () => void;
  /** The card's title is the page's main heading on the sign-in and sign-up pages. */
  headingLevel?: 1 | 2;
  /** Given, the switch to the other form is a link to its page; otherwise it switches in place. */
  links?: AuthLinks;
}

/** Built-in accounts' sign-in and sign-up, in one card with a switch between them. */
export function AuthForm({ initialMode = 'sign-in', onSuccess, headingLevel = 2, links }: Props) {
  const { signIn, signUp } = useAuth();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [fields, setFields] = useState({ firstName: '', lastName: '', email: '', password: '' });
  const [error, setError] = useState<AppErrorInfo | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const isSignUp = mode === 'sign-up';
  const errorId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const Title = headingLevel === 1 ? 'h1' : 'h2';
  const otherMode: AuthMode = isSignUp ? 'sign-in' : 'sign-up';
  const switchLabel = isSignUp ? 'Sign in' : 'Create an account';
  const switchClass =
    'rounded font-medium text-indigo-600 hover:text-indigo-500 hover:underline focus-visible:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

  const set = (name: keyof typeof fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      if (isSignUp) await signUp(fields);
      else await signIn(fields);
      onSuccess?.();
    } catch (err) {
      setError(toAppError(err));
    } finally {
      setSubmitting(false);
    }
  }

  function switchMode() {
    setMode(otherMode);
    setError(null);
  }

  // The field the server blamed is marked invalid, points at the message (which role=alert reads
  // out) and takes the focus, so it can be corrected straight away.
  const blame = (field: string) => (error?.field === field ? { invalid: true, 'aria-errormessage': errorId } : {});
  useEffect(() => {
    if (error?.field) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [error]);

  return (
    <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <Title className="text-xl font-semibold text-slate-900">{isSignUp ? 'Create your account' : 'Sign in to Atelier'}</Title>
      <p className="mt-1 text-sm text-slate-500">{isSignUp ? 'Start creating with our AI tools in seconds.' : 'Welcome back! Continue your AI journey.'}</p>
      <form ref={formRef} onSubmit={submit} className="mt-6 flex flex-col gap-4" noValidate={false}>
        {isSignUp && (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="First name" autoComplete="given-name" required value={fields.firstName} onChange={set('firstName')} {...blame('firstName')} />
            <TextField label="Last name" autoComplete="family-name" required value={fields.lastName} onChange={set('lastName')} {...blame('lastName')} />
          </div>
        )}
        <TextField label="Email" type="email" autoComplete="email" required value={fields.email} onChange={set('email')} {...blame('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete={isSignUp ? 'new-password' : 'current-password'}
          required
          minLength={isSignUp ? PASSWORD_MIN_LENGTH : undefined}
          hint={isSignUp ? `At least ${PASSWORD_MIN_LENGTH} characters, mixing letters with digits, capitals or symbols.` : undefined}
          value={fields.password}
          onChange={set('password')}
          {...blame('password')}
        />
        {!isSignUp && (
          <p className="-mt-2 text-right text-sm">
            <Link to="/forgot-password" className={switchClass}>
              Forgot password?
            </Link>
          </p>
        )}
        {error && (
          <p id={errorId} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
            {error.message}
          </p>
        )}
        <SubmitButton busy={submitting}>{isSignUp ? 'Create account' : 'Sign in'}</SubmitButton>
      </form>
      <p className="mt-5 text-center text-sm text-slate-600">
        {isSignUp ? 'Already have an account?' : 'New to Atelier?'}{' '}
        {links ? (
          <Link to={links[otherMode]} className={switchClass}>
            {switchLabel}
          </Link>
        ) : (
          <button type="button" onClick={switchMode} className={switchClass}>
            {switchLabel}
          </button>
        )}
      </p>
    </div>
  );
}

import { useMutation } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { SubmitButton } from '../../../components/SubmitButton';
import { TextField } from '../../../components/TextField';
import { toAppError } from '../../../lib/graphqlError';
import { RequestPasswordResetMutation } from '../api/operations';
import { EmailCard, ErrorNote, linkClass } from '../components/EmailCard';

/**
 * /forgot-password, from the sign-in page: asks for a reset link (docs/email.md, "Password
 * reset"). The answer reads the same whether or not the address has an account.
 */
export function ForgotPasswordRoute() {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [request, { loading }] = useMutation(RequestPasswordResetMutation);
  const errorId = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await request({ variables: { email: email.trim() } });
      setSentTo(email.trim());
    } catch (err) {
      setError(toAppError(err).message);
    }
  }

  if (sentTo) {
    return (
      <EmailCard title="Check your e-mail">
        <p role="status" className="mt-3 text-sm text-slate-600">
          If an account uses <strong className="font-medium text-slate-900">{sentTo}</strong>, we have sent it a link to choose a new password. The link works once, for one hour.
        </p>
        <p className="mt-5 text-sm text-slate-600">
          <Link to="/sign-in" className={linkClass}>
            Back to sign in
          </Link>
        </p>
      </EmailCard>
    );
  }

  return (
    <EmailCard title="Forgot your password?">
      <p className="mt-1 text-sm text-slate-500">Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
      <form onSubmit={(e) => void submit(e)} className="mt-6 flex flex-col gap-4">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          invalid={!!error}
          aria-errormessage={error ? errorId : undefined}
        />
        {error ? <ErrorNote id={errorId}>{error}</ErrorNote> : null}
        <SubmitButton busy={loading}>Send the link</SubmitButton>
      </form>
      <p className="mt-5 text-center text-sm text-slate-600">
        Remembered it?{' '}
        <Link to="/sign-in" className={linkClass}>
          Sign in
        </Link>
      </p>
    </EmailCard>
  );
}

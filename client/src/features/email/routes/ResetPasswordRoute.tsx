import { useMutation } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { SubmitButton } from '../../../components/SubmitButton';
import { TextField } from '../../../components/TextField';
import { PASSWORD_MIN_LENGTH } from '../../../lib/constants';
import { toAppError, type AppErrorInfo } from '../../../lib/graphqlError';
import { useAuth } from '../../auth';
import { ResetPasswordMutation } from '../api/operations';
import { EmailCard, ErrorNote, linkClass } from '../components/EmailCard';
import { useLinkToken } from '../lib/linkToken';

/**
 * /reset-password?token=…, the reset e-mail's link: sets a new password once (docs/email.md,
 * "Password reset"); every other session ends and this browser is signed in.
 */
export function ResetPasswordRoute() {
  const token = useLinkToken();
  const { startSession } = useAuth();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<AppErrorInfo | null>(null);
  const [reset, { loading }] = useMutation(ResetPasswordMutation);
  const errorId = useId();
  const missing = token === null;
  // The link itself was refused (used, expired, not valid): only a new one helps.
  const linkRefused = missing || error?.field === 'token';

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!token) return;
    setError(null);
    try {
      const { data } = await reset({ variables: { token, newPassword: password } });
      if (data) await startSession?.(data.resetPassword.token);
      navigate('/ai', { replace: true });
    } catch (err) {
      setError(toAppError(err));
    }
  }

  return (
    <EmailCard title="Choose a new password">
      <p className="mt-1 text-sm text-slate-500">Setting it signs you out everywhere else.</p>
      <form onSubmit={(e) => void submit(e)} className="mt-6 flex flex-col gap-4">
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters, mixing letters with digits, capitals or symbols.`}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          invalid={error?.field === 'newPassword'}
          aria-errormessage={error?.field === 'newPassword' ? errorId : undefined}
          disabled={linkRefused}
        />
        {missing ? <ErrorNote id={errorId}>This page needs the link from the e-mail we sent you. Ask for a new one below.</ErrorNote> : null}
        {error ? <ErrorNote id={errorId}>{error.message}</ErrorNote> : null}
        <SubmitButton busy={loading} disabled={linkRefused || token === undefined}>
          Set the new password
        </SubmitButton>
      </form>
      <p className="mt-5 text-center text-sm text-slate-600">
        {linkRefused ? 'Need a new link?' : 'Link not working?'}{' '}
        <Link to="/forgot-password" className={linkClass}>
          Ask for a new one
        </Link>
      </p>
    </EmailCard>
  );
}

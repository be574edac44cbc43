import { useMutation } from '@apollo/client/react';
import { Mail } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { TextField } from '../../../components/TextField';
import { toAppError, type AppErrorInfo } from '../../../lib/graphqlError';
import { useAuth } from '../../auth';
import { RequestEmailChangeMutation } from '../api/operations';

/**
 * The account page's e-mail address (built-in accounts): whether it is verified, and a change
 * of address, confirmed by a link sent to the new one (docs/email.md, "Change of address").
 */
export function EmailSection() {
  const { provider, user } = useAuth();
  const [next, setNext] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<AppErrorInfo | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [request, { loading }] = useMutation(RequestEmailChangeMutation);
  const id = useId();
  if (provider !== 'builtin' || !user) return null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setSentTo(null);
    try {
      await request({ variables: { newEmail: next.trim(), password } });
      setSentTo(next.trim());
      setNext('');
      setPassword('');
    } catch (err) {
      setError(toAppError(err));
    }
  }

  const blamed = (name: string) => (error && (error.field === name || (!error.field && name === 'email')) ? `${id}-error` : undefined);
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        E-mail address
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {user.email} · {user.emailVerified ? 'verified' : 'not verified yet'}
      </p>
      <form onSubmit={(e) => void submit(e)} className="mt-4 grid gap-3 sm:max-w-md">
        <TextField
          id={`${id}-email`}
          label="New e-mail address"
          type="email"
          autoComplete="email"
          required
          value={next}
          onChange={(e) => setNext(e.target.value)}
          invalid={Boolean(blamed('email'))}
          aria-describedby={blamed('email')}
        />
        <TextField
          id={`${id}-password`}
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          invalid={Boolean(blamed('password'))}
          aria-describedby={blamed('password')}
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm font-medium text-rose-700">
            {error.message}
          </p>
        ) : null}
        {sentTo ? (
          <p role="status" className="text-sm text-emerald-800">
            We sent a link to {sentTo}. Your address changes when you open it.
          </p>
        ) : null}
        <button
          type="submit"
          disabled={loading || !next || !password}
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-indigo-500 disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:justify-self-start"
        >
          <Mail aria-hidden className="size-4" />
          Change e-mail address
        </button>
      </form>
    </section>
  );
}

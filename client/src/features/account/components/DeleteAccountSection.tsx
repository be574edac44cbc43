import { useMutation } from '@apollo/client/react';
import { LoaderCircle, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { toAppError } from '../../../lib/graphqlError';
import { useAuth } from '../../auth';
import { DeleteAccountMutation } from '../api/operations';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2';

/**
 * Built-in accounts delete themselves here, after their password (Clerk accounts do it in
 * Clerk's profile). The server removes creations, likes, files and sessions; this browser
 * then signs out and goes home.
 */
export function DeleteAccountSection() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleteAccount, { loading }] = useMutation(DeleteAccountMutation);
  const passwordRef = useRef<HTMLInputElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const passwordId = useId();

  useEffect(() => {
    if (open) passwordRef.current?.focus();
  }, [open]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await deleteAccount({ variables: { password } });
    } catch (err) {
      setError(toAppError(err).message);
      passwordRef.current?.focus();
      return;
    }
    toast.success('Your account has been deleted.');
    await signOut();
    navigate('/', { replace: true });
  }

  function close() {
    setOpen(false);
    setPassword('');
    setError(null);
    requestAnimationFrame(() => openRef.current?.focus());
  }

  return (
    <section aria-labelledby="delete-heading" className="rounded-2xl border border-rose-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="delete-heading" className="text-lg font-semibold text-slate-900">
        Delete account
      </h2>
      <p className="mt-1 text-sm text-slate-600">Deletes your account with every creation, like and file, and signs you out everywhere. This cannot be undone.</p>
      {!open ? (
        <button
          ref={openRef}
          type="button"
          onClick={() => setOpen(true)}
          className={`mt-4 inline-flex items-center gap-2 rounded-lg border border-rose-300 px-4 py-2.5 text-sm font-semibold text-rose-700 hover:bg-rose-50 ${focusRing} focus-visible:outline-rose-600`}
        >
          <Trash2 aria-hidden className="size-4" /> Delete account…
        </button>
      ) : (
        <form onSubmit={(e) => void submit(e)} aria-label="Confirm account deletion" className="mt-4 flex flex-col gap-3 rounded-xl border border-rose-200 bg-rose-50 p-4">
          <label htmlFor={passwordId} className="text-sm font-medium text-rose-900">
            Your password, to confirm
          </label>
          <input
            ref={passwordRef}
            id={passwordId}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${passwordId}-error` : undefined}
            className="rounded-lg border border-rose-300 bg-white px-3 py-2 text-slate-900 outline-none focus-visible:border-rose-500 focus-visible:ring-2 focus-visible:ring-rose-500/40"
          />
          {error ? (
            <p id={`${passwordId}-error`} role="alert" className="text-sm font-medium text-rose-700">
              {error}
            </p>
          ) : null}
          <div className="flex flex-col gap-2 sm:flex-row">
            <button
              type="submit"
              disabled={loading || !password}
              className={`inline-flex items-center justify-center gap-2 rounded-lg bg-rose-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-rose-500 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing} focus-visible:outline-rose-600`}
            >
              {loading ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
              Delete my account
            </button>
            <button
              type="button"
              onClick={close}
              disabled={loading}
              className={`inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-50 ${focusRing} focus-visible:outline-indigo-600`}
            >
              Keep my account
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

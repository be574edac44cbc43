import { KeyRound, LoaderCircle } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { toAppError } from '../../../lib/graphqlError';

const field =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 outline-none focus-visible:border-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-500/40';

/**
 * Built-in accounts change their password here: the current one, then the new one. The
 * server ends every other session; this browser goes on with the token it gets back.
 */
export function PasswordSection({ changePassword }: { changePassword: (currentPassword: string, newPassword: string) => Promise<void> }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const currentRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLInputElement>(null);
  const id = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setSaving(true);
    try {
      await changePassword(current, next);
      setCurrent('');
      setNext('');
      toast.success('Password changed. Your other sessions have been signed out.');
    } catch (err) {
      const { field, message } = toAppError(err);
      setError({ field, message });
      (field === 'newPassword' ? nextRef : currentRef).current?.focus();
    } finally {
      setSaving(false);
    }
  }

  const describedBy = (name: string) => (error && (error.field === name || (!error.field && name === 'currentPassword')) ? `${id}-error` : undefined);
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        Password
      </h2>
      <p className="mt-1 text-sm text-slate-600">Changing it signs you out everywhere else.</p>
      <form onSubmit={(e) => void submit(e)} className="mt-4 grid gap-3 sm:max-w-md">
        <label htmlFor={`${id}-current`} className="text-sm font-medium text-slate-800">
          Current password
        </label>
        <input
          ref={currentRef}
          id={`${id}-current`}
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          aria-invalid={describedBy('currentPassword') ? true : undefined}
          aria-describedby={describedBy('currentPassword')}
          className={field}
        />
        <label htmlFor={`${id}-new`} className="text-sm font-medium text-slate-800">
          New password
        </label>
        <input
          ref={nextRef}
          id={`${id}-new`}
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          value={next}
          onChange={(e) => setNext(e.target.value)}
          aria-invalid={describedBy('newPassword') ? true : undefined}
          aria-describedby={describedBy('newPassword')}
          className={field}
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm font-medium text-rose-700">
            {error.message}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={saving || !current || !next}
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-indigo-500 disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:justify-self-start"
        >
          {saving ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : <KeyRound aria-hidden className="size-4" />}
          Change password
        </button>
      </form>
    </section>
  );
}

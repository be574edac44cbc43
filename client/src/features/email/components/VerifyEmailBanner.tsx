import { useMutation } from '@apollo/client/react';
import { MailWarning } from 'lucide-react';
import { useState } from 'react';
import { toAppError } from '../../../lib/graphqlError';
import { useAuth } from '../../auth';
import { ResendVerificationEmailMutation } from '../api/operations';

/**
 * Signed in to a built-in account whose address is not verified yet (docs/email.md,
 * "Verification"): the account works, and this asks for the link to be opened, with Resend.
 */
export function VerifyEmailBanner() {
  const { provider, user } = useAuth();
  const [resend, { loading }] = useMutation(ResendVerificationEmailMutation);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  if (provider !== 'builtin' || !user || user.emailVerified) return null;

  async function onResend() {
    setNote(null);
    try {
      await resend();
      setNote({ ok: true, text: `We sent a new link to ${user?.email ?? 'your address'}.` });
    } catch (err) {
      setNote({ ok: false, text: toAppError(err).message });
    }
  }

  return (
    <div
      role="region"
      aria-label="E-mail verification"
      className="mb-6 flex flex-wrap items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <MailWarning aria-hidden className="size-5 shrink-0" />
      <p className="min-w-0 flex-1">
        <strong className="font-semibold">Please verify your e-mail address.</strong> Open the link we sent to {user.email}.
        {note ? (
          <span role={note.ok ? 'status' : 'alert'} className={`block ${note.ok ? 'text-amber-900' : 'text-rose-700'}`}>
            {note.text}
          </span>
        ) : null}
      </p>
      <button
        type="button"
        onClick={() => void onResend()}
        disabled={loading}
        className="rounded-lg border border-amber-300 bg-white px-3 py-1.5 font-semibold text-amber-900 hover:bg-amber-100 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
      >
        {loading ? 'Sending…' : 'Resend'}
      </button>
    </div>
  );
}

// An action that asks why (hide, suspend: required; restore: optional) before it is done.
import { useId, useState, type FormEvent } from 'react';
import { Busy, secondaryButton } from '../../../components/buttons';
import { toAppError } from '../../../lib/graphqlError';

interface Props {
  /** The button that opens the form, and the form's submit button. */
  label: string;
  required: boolean;
  buttonClass: string;
  /** Resolves once done; a thrown error is shown under the field. */
  onSubmit: (reason: string) => Promise<void>;
}

export function ReasonForm({ label, required, buttonClass, onSubmit }: Props) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  if (!open) {
    return (
      <button type="button" className={buttonClass} onClick={() => setOpen(true)}>
        {label}…
      </button>
    );
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (required && !reason.trim()) return setError('Give a reason: it goes into the audit log.');
    setBusy(true);
    setError(null);
    try {
      await onSubmit(reason.trim());
      setOpen(false);
      setReason('');
    } catch (err) {
      setError(toAppError(err).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="flex w-full flex-col gap-2 sm:w-80" aria-label={label}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Reason{required ? '' : ' (optional)'}
      </label>
      <input
        id={id}
        autoFocus
        value={reason}
        maxLength={500}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setReason(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        className="rounded-lg border border-slate-300 px-3 py-2 text-sm focus-visible:border-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:outline-none"
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-rose-700">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" className={buttonClass} disabled={busy}>
          <Busy on={busy} /> {label}
        </button>
        <button type="button" className={secondaryButton} onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

// "Report" in the viewer (docs/moderation.md, "Reporting"): a signed-in viewer tells the
// moderators what is wrong with someone else's creation, once.
import { useMutation, useQuery } from '@apollo/client/react';
import { Flag } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { ReportReason } from '../../../gql/graphql';
import { toAppError } from '../../../lib/graphqlError';
import { CreationMineQuery, ReportCreationMutation } from '../api/operations';
import type { CommunityCreation } from '../types';

export const REPORT_REASONS: { value: ReportReason; label: string }[] = [
  { value: 'SPAM', label: 'Spam' },
  { value: 'SEXUAL', label: 'Nudity or sexual content' },
  { value: 'VIOLENT', label: 'Violence or gore' },
  { value: 'HATEFUL', label: 'Hate or harassment' },
  { value: 'STOLEN', label: 'Someone else’s work' },
  { value: 'OTHER', label: 'Something else' },
];

const control =
  'rounded-lg border border-white/20 bg-slate-950 px-3 py-2 text-sm text-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';
const button =
  'inline-flex items-center gap-2 rounded-full border border-white/20 px-3 py-1.5 text-sm font-medium text-slate-100 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-60';

export function ReportCreation({ creation }: { creation: CommunityCreation }) {
  const { data } = useQuery(CreationMineQuery, { variables: { id: creation.id } });
  const [report, { loading }] = useMutation(ReportCreationMutation);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason>('SPAM');
  const [note, setNote] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
  const noteId = useId();

  // Not one's own, and not before we know whose it is.
  if (!data?.creation || data.creation.mine) return null;
  if (sent) {
    return (
      <p role="status" className="text-sm text-slate-300">
        Reported: thank you, the moderators will look at it.
      </p>
    );
  }
  if (!open) {
    return (
      <button type="button" className={`${button} self-start`} onClick={() => setOpen(true)}>
        <Flag aria-hidden className="size-4" /> Report
      </button>
    );
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await report({ variables: { creationId: creation.id, reason, note: note.trim() || null } });
      setSent(true);
      toast.success('Reported to the moderators');
    } catch (err) {
      const info = toAppError(err);
      setError(info.message);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-2 rounded-lg border border-white/10 p-3" aria-label="Report this creation">
      <label htmlFor={reasonId} className="text-sm font-medium text-slate-200">
        What is wrong with it?
      </label>
      <select id={reasonId} value={reason} onChange={(e) => setReason(e.target.value as ReportReason)} className={control}>
        {REPORT_REASONS.map((r) => (
          <option key={r.value} value={r.value}>
            {r.label}
          </option>
        ))}
      </select>
      <label htmlFor={noteId} className="text-sm font-medium text-slate-200">
        Anything the moderators should know (optional)
      </label>
      <textarea id={noteId} value={note} maxLength={500} rows={2} onChange={(e) => setNote(e.target.value)} className={control} />
      {error && (
        <p role="alert" className="text-sm text-rose-300">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" disabled={loading} className={button}>
          Send report
        </button>
        <button type="button" className={button} onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

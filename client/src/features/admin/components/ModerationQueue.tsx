// The moderation queue (docs/moderation.md, "Queue"): reported and held creations, the longest
// waiting first, each with its reports, screening's verdict, and Hide / Restore.
import { useMutation, useQuery } from '@apollo/client/react';
import { dangerButton, secondaryButton } from '../../../components/buttons';
import type { AdminModerationQueueQuery } from '../../../gql/graphql';
import { HideCreationMutation, ModerationQueueQuery, RestoreCreationMutation } from '../api/operations';
import { PanelState, when } from './PanelState';
import { ReasonForm } from './ReasonForm';

type Item = AdminModerationQueueQuery['adminModerationQueue']['items'][number];

const REASONS: Record<string, string> = {
  SPAM: 'Spam',
  SEXUAL: 'Nudity or sexual content',
  VIOLENT: 'Violence or gore',
  HATEFUL: 'Hate or harassment',
  STOLEN: 'Someone else’s work',
  OTHER: 'Other',
};

const STATE_BADGE: Record<string, string> = {
  VISIBLE: 'bg-emerald-100 text-emerald-800',
  HELD: 'bg-amber-100 text-amber-800',
  HIDDEN: 'bg-slate-200 text-slate-800',
};

/** Screening's verdict in a line: its provider and its highest scores, and the words it found. */
function verdict(screening: string | null): string | null {
  if (!screening) return null;
  try {
    const v = JSON.parse(screening) as { provider?: string; scores?: Record<string, number>; words?: string[] };
    const scores = Object.entries(v.scores ?? {})
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([k, n]) => `${k} ${Math.round(n * 100)}%`);
    const words = v.words?.length ? `words: ${v.words.join(', ')}` : '';
    return [v.provider, scores.join(', '), words].filter(Boolean).join(' · ');
  } catch {
    return screening;
  }
}

function QueueItem({ item, onDone }: { item: Item; onDone: () => void }) {
  const [hide] = useMutation(HideCreationMutation);
  const [restore] = useMutation(RestoreCreationMutation);
  const screening = verdict(item.screening);
  const open = item.reports.filter((r) => !r.resolvedAt);
  return (
    <li className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row">
      <img src={item.creation.content} alt={item.creation.prompt} className="size-32 shrink-0 rounded-lg bg-slate-100 object-cover" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_BADGE[item.state] ?? ''}`}>{item.state}</span>
          <span className="text-sm text-slate-600">
            {item.openReports} open report{item.openReports === 1 ? '' : 's'} · waiting since {when(item.waitingSince)}
          </span>
        </div>
        <h3 className="font-medium break-words text-slate-900">{item.creation.prompt}</h3>
        <p className="text-sm text-slate-600">
          By {item.owner.email ?? item.owner.firstName ?? 'an account'}
          {item.owner.suspendedAt ? ' (suspended)' : ''}
        </p>
        {screening && <p className="text-sm text-amber-800">Screening: {screening}</p>}
        {open.length > 0 && (
          <ul className="flex flex-col gap-1 text-sm text-slate-700" aria-label="Open reports">
            {open.map((r) => (
              <li key={r.id}>
                <span className="font-medium">{REASONS[r.reason] ?? r.reason}</span>
                {r.note ? `: “${r.note}”` : ''} <span className="text-slate-500">({when(r.createdAt)})</span>
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap items-start gap-2 pt-1">
          {item.state !== 'HIDDEN' && (
            <ReasonForm
              label="Hide"
              required
              buttonClass={dangerButton}
              onSubmit={async (reason) => {
                await hide({ variables: { id: item.creation.id, reason } });
                onDone();
              }}
            />
          )}
          <ReasonForm
            label={item.state === 'VISIBLE' ? 'Dismiss reports' : 'Restore'}
            required={false}
            buttonClass={secondaryButton}
            onSubmit={async (reason) => {
              await restore({ variables: { id: item.creation.id, reason: reason || null } });
              onDone();
            }}
          />
        </div>
      </div>
    </li>
  );
}

export function ModerationQueue() {
  const { data, loading, error, refetch } = useQuery(ModerationQueueQuery, { variables: { first: 30 }, fetchPolicy: 'cache-and-network' });
  const queue = data?.adminModerationQueue;
  const retry = () => void refetch().catch(() => undefined);
  return (
    <section aria-labelledby="admin-queue-heading" className="flex flex-col gap-4">
      <h2 id="admin-queue-heading" className="text-lg font-semibold text-slate-900">
        Moderation queue{queue ? ` (${queue.total})` : ''}
      </h2>
      <PanelState
        what="The moderation queue"
        loading={loading && !queue}
        error={queue ? null : error}
        empty={queue?.items.length === 0}
        emptyText="Nothing waits: no open reports, nothing held."
        onRetry={retry}
      >
        <ul className="flex flex-col gap-3">
          {queue?.items.map((item) => (
            <QueueItem key={item.creation.id} item={item} onDone={retry} />
          ))}
        </ul>
      </PanelState>
    </section>
  );
}

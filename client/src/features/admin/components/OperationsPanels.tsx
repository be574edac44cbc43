// Admins only (docs/moderation.md, "Admin area"): recent jobs and why they failed, webhook
// endpoints whose deliveries fail, and storage, content and queue figures.
import { useQuery } from '@apollo/client/react';
import { useId, useState, type ReactNode } from 'react';
import { secondaryButton } from '../../../components/buttons';
import { AdminFiguresQuery, AdminJobsQuery, FailingWebhooksQuery } from '../api/operations';
import { PanelState, when } from './PanelState';

const td = 'py-2 pr-4 align-top';

/** One of the panels' tables: a caption for screen readers, column headings, and its rows. */
function FigureTable({ caption, headings, children }: { caption: string; headings: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white px-4">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {headings.map((h) => (
              <th key={h} scope="col" className="py-2 pr-4 text-xs font-semibold text-slate-500 uppercase">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

export function JobsPanel() {
  const [failedOnly, setFailedOnly] = useState(true);
  const { data, loading, error, refetch } = useQuery(AdminJobsQuery, { variables: { first: 50, failedOnly }, fetchPolicy: 'cache-and-network' });
  const jobs = data?.adminJobs;
  const boxId = useId();
  return (
    <section aria-labelledby="admin-jobs-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-jobs-heading" className="text-lg font-semibold text-slate-900">
          Recent jobs
        </h2>
        <div className="flex items-center gap-2 text-sm">
          <input id={boxId} type="checkbox" checked={failedOnly} onChange={(e) => setFailedOnly(e.target.checked)} className="size-4" />
          <label htmlFor={boxId}>Failed only</label>
        </div>
      </div>
      <PanelState
        what="Jobs"
        loading={loading && !jobs}
        error={jobs ? null : error}
        empty={jobs?.length === 0}
        emptyText={failedOnly ? 'No job failed lately.' : 'No jobs yet.'}
        onRetry={() => void refetch().catch(() => undefined)}
      >
        <FigureTable caption="The latest jobs, newest first" headings={['Started', 'Tool', 'Phase', 'Owner', 'Why it failed']}>
          {jobs?.map((j) => (
            <tr key={j.id}>
              <td className={td}>{when(j.createdAt)}</td>
              <td className={td}>{j.kind}</td>
              <td className={td}>{j.phase}</td>
              <td className={td}>{j.userEmail ?? '—'}</td>
              <td className={td}>{j.errorCode ? `${j.errorCode}: ${j.error ?? ''}` : (j.error ?? '—')}</td>
            </tr>
          ))}
        </FigureTable>
      </PanelState>
    </section>
  );
}

export function WebhooksPanel() {
  const { data, loading, error, refetch } = useQuery(FailingWebhooksQuery, { variables: { first: 50 }, fetchPolicy: 'cache-and-network' });
  const endpoints = data?.adminFailingWebhooks;
  return (
    <section aria-labelledby="admin-webhooks-heading" className="flex flex-col gap-4">
      <h2 id="admin-webhooks-heading" className="text-lg font-semibold text-slate-900">
        Failing webhook endpoints
      </h2>
      <PanelState
        what="Webhook endpoints"
        loading={loading && !endpoints}
        error={endpoints ? null : error}
        empty={endpoints?.length === 0}
        emptyText="No endpoint failed in the last 7 days."
        onRetry={() => void refetch().catch(() => undefined)}
      >
        <FigureTable caption="Endpoints with failed deliveries in the last 7 days, the latest failure first" headings={['Endpoint', 'Owner', 'Failed', 'Retrying', 'Last failure']}>
          {endpoints?.map((e) => (
            <tr key={e.id}>
              <td className={`${td} break-all`}>
                {e.url}
                {e.enabled ? '' : ' (disabled)'}
              </td>
              <td className={td}>{e.userEmail ?? '—'}</td>
              <td className={td}>{e.failed}</td>
              <td className={td}>{e.retrying}</td>
              <td className={td}>
                {when(e.lastFailureAt)}
                <div className="text-slate-500">{[e.lastStatus ? `HTTP ${e.lastStatus}` : 'no answer', e.lastError].filter(Boolean).join(' · ')}</div>
              </td>
            </tr>
          ))}
        </FigureTable>
      </PanelState>
    </section>
  );
}

const bytes = (n: number | null | undefined) => (n == null ? 'not counted' : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

export function FiguresPanel() {
  const { data, loading, error, refetch } = useQuery(AdminFiguresQuery, { fetchPolicy: 'cache-and-network' });
  const f = data?.adminFigures;
  const retry = () => void refetch().catch(() => undefined);
  const figures: [string, string | number][] = f
    ? [
        ['Accounts', f.users],
        ['Suspended', f.suspendedUsers],
        ['Creations', f.creations],
        ['Published', f.publishedCreations],
        ['Held by screening', f.heldCreations],
        ['Hidden', f.hiddenCreations],
        ['Open reports', f.openReports],
        ['Failed jobs (24 h)', f.failedJobs24h],
        ['Storage', f.storage],
        ['Image files', f.files],
        ['Bytes on disk', bytes(f.localBytes)],
      ]
    : [];
  return (
    <section aria-labelledby="admin-figures-heading" className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="admin-figures-heading" className="text-lg font-semibold text-slate-900">
          Storage and queues
        </h2>
        <button type="button" className={secondaryButton} onClick={retry}>
          Refresh
        </button>
      </div>
      <PanelState what="Figures" loading={loading && !f} error={f ? null : error} empty={false} emptyText="" onRetry={retry}>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {figures.map(([label, value]) => (
            <div key={label} className="rounded-xl border border-slate-200 bg-white p-3">
              <dt className="text-xs text-slate-500">{label}</dt>
              <dd className="text-lg font-semibold text-slate-900 tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <FigureTable caption="Job queues, now" headings={['Queue', 'Waiting', 'Active', 'Delayed', 'Failed', 'Oldest waiting']}>
          {f?.queues.map((q) => (
            <tr key={q.name}>
              <td className={td}>{q.name}</td>
              <td className={td}>{q.waiting}</td>
              <td className={td}>{q.active}</td>
              <td className={td}>{q.delayed}</td>
              <td className={td}>{q.failed}</td>
              <td className={td}>{q.oldestWaitingSeconds ? `${Math.round(q.oldestWaitingSeconds)} s` : '—'}</td>
            </tr>
          ))}
        </FigureTable>
      </PanelState>
    </section>
  );
}

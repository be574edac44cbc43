// The audit log (docs/moderation.md, "Audit log"): who did what, when and why, newest first.
import { useQuery } from '@apollo/client/react';
import { AuditLogQuery } from '../api/operations';
import { PanelState, when } from './PanelState';

const ACTIONS: Record<string, string> = {
  'creation.hide': 'hid a creation',
  'creation.restore': 'restored a creation',
  'user.suspend': 'suspended an account',
  'user.restore': 'restored an account',
  'user.role': 'changed a role',
};

export function AuditPanel() {
  const { data, loading, error, refetch } = useQuery(AuditLogQuery, { variables: { first: 50 }, fetchPolicy: 'cache-and-network' });
  const entries = data?.adminAuditLog;
  return (
    <section aria-labelledby="admin-audit-heading" className="flex flex-col gap-4">
      <h2 id="admin-audit-heading" className="text-lg font-semibold text-slate-900">
        Audit log
      </h2>
      <PanelState
        what="The audit log"
        loading={loading && !entries}
        error={entries ? null : error}
        empty={entries?.length === 0}
        emptyText="Nothing was done yet."
        onRetry={() => void refetch().catch(() => undefined)}
      >
        <ol className="flex flex-col divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white px-4">
          {entries?.map((e) => (
            <li key={e.id} className="py-3 text-sm">
              <p>
                <span className="font-medium">{e.actor?.email ?? 'A deleted account'}</span> {ACTIONS[e.action] ?? e.action}{' '}
                <code className="text-xs text-slate-500">
                  {e.targetType} {e.targetId}
                </code>
              </p>
              <p className="text-slate-600">
                <time dateTime={e.createdAt}>{when(e.createdAt)}</time>
                {e.reason ? ` · “${e.reason}”` : ''}
                {e.action === 'user.role'
                  ? ` · ${(() => {
                      const d = JSON.parse(e.details) as { from?: string; to?: string };
                      return `${d.from} → ${d.to}`;
                    })()}`
                  : ''}
              </p>
            </li>
          ))}
        </ol>
      </PanelState>
    </section>
  );
}

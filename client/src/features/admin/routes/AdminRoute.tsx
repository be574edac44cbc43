// /admin (docs/moderation.md, "Admin area"): moderators get the queue, the users and the audit
// log; admins also the jobs, the failing webhooks and the figures. Anyone else is told they may
// not (the server refuses every admin field to them anyway: FORBIDDEN).
import { ShieldCheck } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useAuth } from '../../auth';
import { AuditPanel } from '../components/AuditPanel';
import { ModerationQueue } from '../components/ModerationQueue';
import { FiguresPanel, JobsPanel, WebhooksPanel } from '../components/OperationsPanels';
import { UsersPanel } from '../components/UsersPanel';

type Tab = 'queue' | 'users' | 'audit' | 'jobs' | 'webhooks' | 'figures';
const TABS: { id: Tab; label: string; adminOnly?: boolean }[] = [
  { id: 'queue', label: 'Moderation queue' },
  { id: 'users', label: 'Users' },
  { id: 'audit', label: 'Audit log' },
  { id: 'jobs', label: 'Jobs', adminOnly: true },
  { id: 'webhooks', label: 'Webhooks', adminOnly: true },
  { id: 'figures', label: 'Storage and queues', adminOnly: true },
];

export function AdminRoute() {
  const { user } = useAuth();
  const [tab, setTab] = useState<Tab>('queue');
  const tabRefs = useRef(new Map<Tab, HTMLButtonElement>());
  const role = user?.role;
  if (!user || (role !== 'MODERATOR' && role !== 'ADMIN')) {
    return (
      <div className="flex flex-col gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Admin</h1>
        <p role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          This area is for moderators and administrators. Ask an administrator if you need access.
        </p>
      </div>
    );
  }
  const isAdmin = role === 'ADMIN';
  const tabs = TABS.filter((t) => isAdmin || !t.adminOnly);

  // The tab list's keys (WAI-ARIA tabs): arrows move between tabs, Home and End to the ends.
  function onKeyDown(e: KeyboardEvent) {
    const i = tabs.findIndex((t) => t.id === tab);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const target = tabs[(next + tabs.length) % tabs.length]!;
    setTab(target.id);
    tabRefs.current.get(target.id)?.focus();
  }

  return (
    <div className="flex flex-col gap-6">
      <header className="flex items-center gap-3">
        <span className="inline-flex size-10 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
          <ShieldCheck aria-hidden className="size-5" />
        </span>
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Admin</h1>
          <p className="text-sm text-slate-500">Signed in as {isAdmin ? 'an administrator' : 'a moderator'}</p>
        </div>
      </header>
      <div role="tablist" aria-label="Admin sections" onKeyDown={onKeyDown} className="flex flex-wrap gap-1 border-b border-slate-200">
        {tabs.map((t) => (
          <button
            key={t.id}
            ref={(el) => void (el ? tabRefs.current.set(t.id, el) : tabRefs.current.delete(t.id))}
            type="button"
            role="tab"
            id={`admin-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`admin-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            className={`-mb-px rounded-t-lg border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${tab === t.id ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`admin-panel-${tab}`} aria-labelledby={`admin-tab-${tab}`}>
        {tab === 'queue' && <ModerationQueue />}
        {tab === 'users' && <UsersPanel isAdmin={isAdmin} myId={user.id} />}
        {tab === 'audit' && <AuditPanel />}
        {tab === 'jobs' && <JobsPanel />}
        {tab === 'webhooks' && <WebhooksPanel />}
        {tab === 'figures' && <FiguresPanel />}
      </div>
    </div>
  );
}

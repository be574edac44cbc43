import { LoaderCircle } from 'lucide-react';

interface Props {
  enabled: boolean;
  busy: boolean;
  /** What it is for, for screen readers ("Send events to https://…"). */
  label: string;
  onChange: (enabled: boolean) => void;
}

/** On: the endpoint gets its events. A switch (role="switch"), operated with Space or Enter. */
export function EnabledSwitch({ enabled, busy, label, onChange }: Props) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={enabled}
      aria-label={label}
      disabled={busy}
      onClick={() => onChange(!enabled)}
      className="inline-flex shrink-0 items-center gap-2 rounded-full text-sm font-medium text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60"
    >
      <span aria-hidden className={`relative inline-flex h-6 w-11 items-center rounded-full transition-colors ${enabled ? 'bg-indigo-600' : 'bg-slate-300'}`}>
        <span className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${enabled ? 'translate-x-5' : 'translate-x-0.5'}`} />
      </span>
      <span aria-hidden>{busy ? <LoaderCircle className="size-4 animate-spin" /> : enabled ? 'Enabled' : 'Disabled'}</span>
    </button>
  );
}

import { Pause, Play } from 'lucide-react';

export function PlayBadge({ playing }: { playing: boolean }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ${playing ? 'bg-emerald-100 text-emerald-700' : 'bg-slate-100 text-slate-600'}`}
    >
      <span className={`size-1.5 rounded-full ${playing ? 'animate-pulse bg-emerald-500' : 'bg-slate-400'}`} />
      {playing ? 'Playing' : 'Paused'}
    </span>
  );
}

export function PlayToggle({ playing, onToggle }: { playing: boolean; onToggle: () => void }) {
  const Icon = playing ? Pause : Play;
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={playing}
      className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3.5 py-2 text-sm font-semibold text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <Icon aria-hidden className="size-4" />
      {playing ? 'Pause' : 'Play'}
    </button>
  );
}

import { LoaderCircle } from 'lucide-react';

export function Spinner({ label, className = '' }: { label?: string; className?: string }) {
  return (
    <span role="status" className={`inline-flex items-center gap-2 text-slate-500 ${className}`}>
      <LoaderCircle aria-hidden className="size-5 animate-spin" />
      {label ? <span>{label}</span> : <span className="sr-only">Loading…</span>}
    </span>
  );
}

/** A whole-area placeholder while a route's code or data loads. */
export function LoadingPanel({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex min-h-48 flex-1 items-center justify-center p-6">
      <Spinner label={label} />
    </div>
  );
}

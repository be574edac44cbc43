// What every admin section shows before its list: loading, the error with Try again, or "nothing here".
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/LoadError';
import { Spinner } from '../../../components/Spinner';

interface Props {
  what: string;
  loading: boolean;
  error: unknown;
  empty: boolean;
  emptyText: string;
  onRetry: () => void;
  children: ReactNode;
}

export function PanelState({ what, loading, error, empty, emptyText, onRetry, children }: Props) {
  if (error) return <LoadError what={what} error={error} onRetry={onRetry} />;
  if (loading) {
    return (
      <div className="py-6 text-sm">
        <Spinner label={`Loading ${what.toLowerCase()}…`} />
      </div>
    );
  }
  if (empty) return <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-500">{emptyText}</p>;
  return <>{children}</>;
}

/** A date as the admin area writes it: local date and time. */
export const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');

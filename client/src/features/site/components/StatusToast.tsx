import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { useEffect } from 'react';

export interface StatusToastState {
  kind: 'success' | 'error';
  title: string;
  message: string;
}

/** A card-style toast in the corner that hides itself after `duration` ms. */
export function StatusToast({ toast, onClose, duration = 5000 }: { toast: StatusToastState | null; onClose: () => void; duration?: number }) {
  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(onClose, duration);
    return () => window.clearTimeout(timer);
  }, [toast, onClose, duration]);

  if (!toast) return null;
  const ok = toast.kind === 'success';
  const Icon = ok ? CircleCheck : CircleAlert;
  return (
    <div
      role={ok ? 'status' : 'alert'}
      className={`fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-sm items-start gap-3 rounded-2xl border bg-white p-4 shadow-lg sm:inset-x-auto sm:right-6 sm:bottom-6 ${
        ok ? 'border-emerald-200' : 'border-rose-200'
      }`}
    >
      <span className={`rounded-full p-1.5 ${ok ? 'bg-emerald-50 text-emerald-600' : 'bg-rose-50 text-rose-600'}`}>
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">{toast.title}</p>
        <p className="mt-0.5 text-sm text-slate-600">{toast.message}</p>
      </div>
      <button type="button" onClick={onClose} aria-label="Dismiss" className="rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600">
        <X aria-hidden className="size-4" />
      </button>
    </div>
  );
}

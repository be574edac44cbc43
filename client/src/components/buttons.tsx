// The signed-in pages' button styles (the account page's sections: plan, API keys, webhooks)
// and the spinner shown in a button while its action runs.
import { LoaderCircle } from 'lucide-react';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
export const primaryButton = `inline-flex items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;
export const secondaryButton = `inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;
export const dangerButton = `inline-flex items-center justify-center gap-2 rounded-lg bg-rose-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-rose-500 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;
export const quietDangerButton = `inline-flex items-center justify-center gap-2 rounded-lg border border-rose-300 bg-white px-4 py-2.5 text-sm font-semibold text-rose-700 hover:bg-rose-50 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;

/** A spinner while `on` (the button's action is running), nothing otherwise. */
export function Busy({ on }: { on: boolean }) {
  return on ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null;
}

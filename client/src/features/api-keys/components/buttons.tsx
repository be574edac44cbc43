// The section's button styles (as the account page's other sections draw theirs) and the
// spinner shown in a button while its action runs.
import { LoaderCircle } from 'lucide-react';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
const base = 'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60';
export const primaryButton = `${base} bg-indigo-600 text-white shadow-sm hover:bg-indigo-500 ${focusRing}`;
export const secondaryButton = `${base} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 ${focusRing}`;
export const dangerButton = `${base} bg-rose-600 text-white hover:bg-rose-500 ${focusRing}`;

/** A spinner while `on` (the button's action is running), nothing otherwise. */
export function Busy({ on }: { on: boolean }) {
  return on ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null;
}

// The webhooks section's field style (its buttons are client/src/components/buttons.tsx's).
export const field =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 outline-none focus-visible:border-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-500/40 aria-invalid:border-rose-500';

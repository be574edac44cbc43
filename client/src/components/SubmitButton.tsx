import { LoaderCircle, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface Props {
  /** Work in progress: a spinner replaces the icon and the busy label the text. */
  busy: boolean;
  /** Disabled for other reasons too (e.g. blank input); always disabled while busy. */
  disabled?: boolean;
  icon?: LucideIcon;
  busyLabel?: ReactNode;
  children: ReactNode;
}

/** The primary submit button of a form. */
export function SubmitButton({ busy, disabled = false, icon: Icon, busyLabel, children }: Props) {
  return (
    <button
      type="submit"
      disabled={busy || disabled}
      className="inline-flex items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 py-2.5 font-medium text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60"
    >
      {busy ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : Icon && <Icon aria-hidden className="size-4" />}
      {busy ? (busyLabel ?? children) : children}
    </button>
  );
}

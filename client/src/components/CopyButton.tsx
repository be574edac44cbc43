import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { CONFIRMATION_MS } from '../lib/constants';

interface Props {
  text: string;
  successMessage: string;
  failureMessage: string;
  label?: string;
}

/** Copies `text`; the label reads "Copied!" for a moment so the click visibly worked. */
export function CopyButton({ text, successMessage, failureMessage, label = 'Copy' }: Props) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast.success(successMessage);
    } catch {
      toast.error(failureMessage);
    }
  }

  return (
    <button
      type="button"
      onClick={copy}
      disabled={!text}
      className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-xs hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-50"
    >
      {copied ? <Check aria-hidden className="size-4 text-emerald-600" /> : <Copy aria-hidden className="size-4" />}
      <span aria-live="polite">{copied ? 'Copied!' : label}</span>
    </button>
  );
}

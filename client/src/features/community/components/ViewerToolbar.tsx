// The creation viewer's top bar: which creation of how many, Send to… (the user's own), Download, Share and Close.
import { Download, LoaderCircle, Share2, X } from 'lucide-react';
import type { ReactNode, Ref } from 'react';

const iconButton =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-100 transition-colors hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-50';
const actionButton =
  'inline-flex h-10 shrink-0 items-center gap-2 rounded-full border border-white/20 bg-white/5 px-3 text-sm font-medium text-slate-100 transition-colors hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-60 sm:px-4';

interface Props {
  position: number;
  count: number;
  downloading: boolean;
  onDownload: () => void;
  onShare: () => void;
  /** "Send to…", when the creation is the user's own. */
  sendTo?: ReactNode;
  closeRef: Ref<HTMLButtonElement>;
  onClose: () => void;
}

/** "n / count" (announced as "Creation n of count"), then the Download, Share and Close viewer buttons. */
export function ViewerToolbar({ position, count, downloading, onDownload, onShare, sendTo, closeRef, onClose }: Props) {
  return (
    <div className="flex h-14 shrink-0 items-center justify-between gap-2 px-3 sm:px-4">
      <p className="text-sm text-slate-300 tabular-nums" aria-live="polite">
        <span className="sr-only">Creation </span>
        {position} <span aria-hidden>/</span>
        <span className="sr-only">of</span> {count}
      </p>
      <div className="flex items-center gap-2">
        {sendTo}
        <button type="button" onClick={onDownload} disabled={downloading} className={actionButton}>
          {downloading ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : <Download aria-hidden className="size-4" />}
          <span className="max-sm:sr-only">Download</span>
        </button>
        <button type="button" onClick={onShare} className={actionButton}>
          <Share2 aria-hidden className="size-4" />
          <span className="max-sm:sr-only">Share</span>
        </button>
        <button ref={closeRef} type="button" onClick={onClose} aria-label="Close viewer" className={iconButton}>
          <X aria-hidden className="size-6" />
        </button>
      </div>
    </div>
  );
}

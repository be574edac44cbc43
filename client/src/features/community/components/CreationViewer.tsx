import { ChevronLeft, ChevronRight, Download, LoaderCircle, Share2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { toast } from 'sonner';
import { relativeDate } from '../relativeDate';
import { creatorName, type CommunityCreation } from '../types';
import { CreationImage } from './CreationImage';
import { LikeButton } from './LikeButton';
import { downloadImage, shareImage } from './viewerActions';

interface Props {
  creations: CommunityCreation[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  onToggleLike: (creation: CommunityCreation) => void;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const iconButton =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-100 transition-colors hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-50';
const actionButton =
  'inline-flex h-10 shrink-0 items-center gap-2 rounded-full border border-white/20 bg-white/5 px-3 text-sm font-medium text-slate-100 transition-colors hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-60 sm:px-4';
const navButton =
  'absolute top-1/2 z-10 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-slate-900/70 text-white shadow-lg ring-1 ring-white/20 backdrop-blur transition-colors hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/**
 * The full-screen viewer (product §2, §4): one creation at a time with previous/next that
 * wrap around, download, share, creator, date, prompt and likes. Escape closes, the arrow
 * keys navigate, and Tab stays inside until it closes (the caller restores focus).
 */
export function CreationViewer({ creations, index, onIndexChange, onClose, onToggleLike }: Props) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const promptId = useId();
  const [downloading, setDownloading] = useState(false);

  const count = creations.length;
  const creation = creations[index];
  const position = index + 1;

  useEffect(() => {
    closeRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    // Focus that escapes (a click on a toast, programmatic focus) is brought back.
    function onFocusIn(e: FocusEvent) {
      const dialog = dialogRef.current;
      if (dialog && e.target instanceof Node && !dialog.contains(e.target)) closeRef.current?.focus();
    }
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.body.style.overflow = overflow;
    };
  }, []);

  useEffect(() => {
    function onKeyDown(e: KeyboardEvent) {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        onClose();
      } else if (e.key === 'ArrowLeft' && count > 1) {
        e.preventDefault();
        onIndexChange((index - 1 + count) % count);
      } else if (e.key === 'ArrowRight' && count > 1) {
        e.preventDefault();
        onIndexChange((index + 1) % count);
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [index, count, onIndexChange, onClose]);

  /** Tab from the last control goes to the first, Shift+Tab from the first to the last. */
  function trapTab(e: ReactKeyboardEvent<HTMLDivElement>) {
    if (e.key !== 'Tab') return;
    const dialog = dialogRef.current;
    if (!dialog) return;
    const focusables = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
    const first = focusables[0];
    const last = focusables.at(-1);
    if (!first || !last) {
      e.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (e.shiftKey && (active === first || !dialog.contains(active))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (active === last || !dialog.contains(active))) {
      e.preventDefault();
      first.focus();
    }
  }

  if (!creation) return null;
  const name = creatorName(creation);
  const created = new Date(creation.createdAt);

  async function download() {
    if (!creation || downloading) return;
    setDownloading(true);
    try {
      await downloadImage(creation.content, `ai-creation-${position}.jpg`);
      toast.success('Image downloaded successfully!');
    } catch {
      toast.error('Failed to download image');
    } finally {
      setDownloading(false);
    }
  }

  return createPortal(
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={promptId}
      onKeyDown={trapTab}
      className="fixed inset-0 z-50 flex flex-col bg-slate-950 text-slate-100 lg:flex-row"
    >
      <div className="flex min-h-0 min-w-0 flex-1 flex-col">
        <div className="flex h-14 shrink-0 items-center justify-between gap-2 px-3 sm:px-4">
          <p className="text-sm text-slate-300 tabular-nums" aria-live="polite">
            <span className="sr-only">Creation </span>
            {position} <span aria-hidden>/</span>
            <span className="sr-only">of</span> {count}
          </p>
          <div className="flex items-center gap-2">
            <button type="button" onClick={() => void download()} disabled={downloading} className={actionButton}>
              {downloading ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : <Download aria-hidden className="size-4" />}
              <span className="max-sm:sr-only">Download</span>
            </button>
            <button type="button" onClick={() => void shareImage(creation.content, creation.prompt)} className={actionButton}>
              <Share2 aria-hidden className="size-4" />
              <span className="max-sm:sr-only">Share</span>
            </button>
            <button ref={closeRef} type="button" onClick={onClose} aria-label="Close viewer" className={iconButton}>
              <X aria-hidden className="size-6" />
            </button>
          </div>
        </div>

        <div
          className="relative flex min-h-0 flex-1 items-center justify-center px-3 pb-3 sm:px-16 sm:pb-6"
          // A click on the dark space around the image closes, as on most viewers.
          onClick={(e) => e.target === e.currentTarget && onClose()}
        >
          <CreationImage
            key={creation.id}
            src={creation.content}
            alt={creation.prompt}
            loading="eager"
            className="max-h-full max-w-full rounded-lg object-contain shadow-2xl"
            fallbackClassName="size-64 max-w-full rounded-lg bg-slate-900 text-slate-500"
          />
          {count > 1 && (
            <>
              <button type="button" onClick={() => onIndexChange((index - 1 + count) % count)} aria-label="Previous creation" className={`${navButton} left-2 sm:left-4`}>
                <ChevronLeft aria-hidden className="size-6" />
              </button>
              <button type="button" onClick={() => onIndexChange((index + 1) % count)} aria-label="Next creation" className={`${navButton} right-2 sm:right-4`}>
                <ChevronRight aria-hidden className="size-6" />
              </button>
            </>
          )}
        </div>
      </div>

      {/* Part of the dialog, not a page landmark (an <aside> here doubled the sidebar's complementary landmark). */}
      <div className="flex max-h-[42dvh] shrink-0 flex-col gap-4 overflow-y-auto border-t border-white/10 bg-slate-900 p-4 sm:p-5 lg:max-h-none lg:w-96 lg:border-t-0 lg:border-l lg:pt-24">
        <div className="flex items-center justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <span aria-hidden className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-indigo-500/20 font-semibold text-indigo-200">
              {name[0]?.toUpperCase()}
            </span>
            <div className="min-w-0">
              <h2 id={titleId} className="truncate font-semibold text-white">
                <span className="sr-only">Creation by </span>
                {name}
              </h2>
              <p className="text-sm text-slate-400">
                <time dateTime={creation.createdAt} title={created.toLocaleString()}>
                  {relativeDate(created, new Date())}
                </time>
              </p>
            </div>
          </div>
          <LikeButton tone="dark" liked={creation.likedByMe} count={creation.likeCount} onToggle={() => onToggleLike(creation)} />
        </div>
        <div className="flex flex-col gap-1.5">
          <h3 className="text-xs font-semibold tracking-wide text-slate-400 uppercase">Prompt</h3>
          <p id={promptId} className="text-sm leading-relaxed break-words whitespace-pre-line text-slate-100">
            {creation.prompt}
          </p>
        </div>
      </div>
    </div>,
    document.body,
  );
}

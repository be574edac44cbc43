import { Heart } from 'lucide-react';

interface Props {
  liked: boolean;
  count: number;
  onToggle: () => void;
  /** 'light' on white cards, 'dark' in the viewer. */
  tone?: 'light' | 'dark';
}

/** The heart toggle with the like count; aria-pressed says whether you like it. */
export function LikeButton({ liked, count, onToggle, tone = 'light' }: Props) {
  const palette =
    tone === 'dark'
      ? liked
        ? 'border-rose-400/40 bg-rose-500/15 text-rose-300 hover:bg-rose-500/25'
        : 'border-white/20 bg-white/5 text-slate-100 hover:bg-white/15'
      : liked
        ? 'border-rose-200 bg-rose-50 text-rose-600 hover:bg-rose-100'
        : 'border-slate-200 bg-white text-slate-600 hover:bg-slate-50';
  const outline = tone === 'dark' ? 'focus-visible:outline-white' : 'focus-visible:outline-indigo-600';
  return (
    <button
      type="button"
      aria-pressed={liked}
      onClick={onToggle}
      className={`inline-flex min-h-9 shrink-0 items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium tabular-nums transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 ${outline} ${palette}`}
    >
      <Heart aria-hidden className={`size-4 transition-transform motion-safe:active:scale-125 ${liked ? 'fill-current' : ''}`} />
      <span className="sr-only">Like, </span>
      <span>{count.toLocaleString()}</span>
      <span className="sr-only">{count === 1 ? ' like' : ' likes'}</span>
    </button>
  );
}

import { Eye, EyeOff } from 'lucide-react';
import { setRevealed, useRevealed } from '../hooks/revealedSensitive';

/** What a blurred picture adds to its classes (blurred, and scaled so no sharp edge shows). */
export const SENSITIVE_BLUR = 'blur-2xl scale-110';

/** Whether a creation's picture is shown blurred now: screening found it sensitive and the viewer has not revealed it. */
export function useSensitiveHidden(creation: { id: string; sensitive: boolean }): boolean {
  const revealed = useRevealed(creation.id);
  return creation.sensitive && !revealed;
}

interface Props {
  creation: { id: string; sensitive: boolean };
  /** Where it sits: over the picture's box (absolute classes). */
  className?: string;
}

/**
 * Over a sensitive picture (docs/screening.md, "Blur mode"): while it is blurred, a button covering
 * it with a "Sensitive" label that reveals it; once revealed, a small button that blurs it again.
 * Both are real buttons, named for what they do, with aria-pressed telling whether it is shown.
 */
export function SensitiveCover({ creation, className = 'absolute inset-x-0 top-0 aspect-square' }: Props) {
  const hidden = useSensitiveHidden(creation);
  if (!creation.sensitive) return null;
  if (!hidden) {
    return (
      <button
        type="button"
        onClick={() => setRevealed(creation.id, false)}
        aria-pressed="true"
        aria-label="Sensitive picture shown: blur it again"
        data-sensitive-hide=""
        className="absolute top-2 right-2 z-10 inline-flex items-center gap-1 rounded-full bg-slate-900/75 px-2 py-1 text-xs font-medium text-white ring-1 ring-white/20 backdrop-blur hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <EyeOff aria-hidden className="size-3.5" />
        Sensitive
      </button>
    );
  }
  return (
    <button
      type="button"
      onClick={() => setRevealed(creation.id, true)}
      aria-pressed="false"
      aria-label="Sensitive picture, blurred: show it"
      data-sensitive-cover=""
      className={`${className} z-10 flex flex-col items-center justify-center gap-2 bg-slate-950/30 text-white focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600`}
    >
      <span className="rounded-full bg-slate-900/80 px-3 py-1 text-sm font-semibold tracking-wide uppercase ring-1 ring-white/25">Sensitive</span>
      <span className="inline-flex items-center gap-1.5 rounded-lg bg-white/90 px-3 py-1.5 text-sm font-medium text-slate-900 shadow">
        <Eye aria-hidden className="size-4" />
        Show
      </span>
    </button>
  );
}

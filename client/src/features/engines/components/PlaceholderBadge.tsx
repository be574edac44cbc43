import { FileText, PlugZap } from 'lucide-react';

export const PLACEHOLDER_IMAGE_TEXT = 'Placeholder — no image model connected';

/**
 * Over a picture an embedded stand-in drew: put it inside the picture's `relative` frame. It is
 * text, so screen readers read it with the picture (unless `decorative`).
 */
export function PlaceholderBadge({
  position = 'top-2 left-2',
  decorative = false,
}: {
  /** Where it sits in the frame (Tailwind classes). */
  position?: string;
  /** Its words are already in the accessible name of what it sits on (a gallery card's button). */
  decorative?: boolean;
}) {
  return (
    <span
      aria-hidden={decorative || undefined}
      className={`pointer-events-none absolute z-10 inline-flex max-w-[calc(100%-1rem)] items-center gap-1 rounded-md bg-amber-100/95 px-2 py-1 text-xs font-semibold text-amber-950 shadow-sm ring-1 ring-amber-300 ${position}`}
      data-placeholder-badge=""
    >
      <PlugZap aria-hidden className="size-3.5 shrink-0" />
      {PLACEHOLDER_IMAGE_TEXT}
    </span>
  );
}

/** Beside a text creation the template writer made. */
export function TemplateBadge() {
  return (
    <span
      className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900"
      title="Written from a template: no text model connected"
      data-template-badge=""
    >
      <FileText aria-hidden className="size-3" />
      Template
      <span className="sr-only"> (written from a template: no text model connected)</span>
    </span>
  );
}

import { useLayoutEffect, useRef, type ReactNode } from 'react';

const NEAR_BOTTOM_PX = 48;

interface Props {
  children: ReactNode;
  /** While true, new content keeps the view at the bottom unless the reader scrolled up. */
  follow: boolean;
  /** Changes whenever content grows, e.g. the streamed text's length. */
  contentKey: unknown;
  label: string;
}

/** A result area capped at 500px (spec §9) that scrolls, following streamed text like a terminal. */
export function ResultScroller({ children, follow, contentKey, label }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);

  useLayoutEffect(() => {
    const el = ref.current;
    if (el && follow && pinned.current) el.scrollTop = el.scrollHeight;
  }, [contentKey, follow]);

  return (
    <div
      ref={ref}
      // Focusable so keyboard users can scroll it.
      tabIndex={0}
      role="region"
      aria-label={label}
      onScroll={(e) => {
        const el = e.currentTarget;
        pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
      }}
      className="max-h-[500px] overflow-y-auto rounded-lg border border-slate-100 bg-slate-50 p-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      {children}
    </div>
  );
}

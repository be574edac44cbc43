import { useLayoutEffect, useRef, type ReactNode } from 'react';

const NEAR_BOTTOM_PX = 48;

interface Props {
  children: ReactNode;
  /** While true (streaming), new content keeps the view at the bottom unless the reader scrolled up. */
  follow: boolean;
  /** Changes whenever content grows, e.g. the streamed text's length. */
  contentKey: unknown;
  label: string;
}

/**
 * A result area. From the md breakpoint (768 px, the app's mobile breakpoint) it is capped at
 * 500px (product §9) and scrolls, following streamed text like a terminal; once the text is
 * finished it goes back to the top, so the reader starts at the title. Below md it is not a
 * scroll container: the result flows with the page, so a phone has one scroll, not a trap.
 */
export function ResultScroller({ children, follow, contentKey, label }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const followed = useRef(follow);

  useLayoutEffect(() => {
    const el = ref.current;
    const finished = followed.current && !follow;
    followed.current = follow;
    // Where the text is not a scroll container (a phone) these do nothing: the page is never moved.
    if (!el || !pinned.current) return; // the reader scrolled away: leave them where they are
    if (follow) el.scrollTop = el.scrollHeight;
    else if (finished) el.scrollTop = 0;
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
      className="rounded-lg border border-slate-100 bg-slate-50 p-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 md:max-h-[500px] md:overflow-y-auto"
    >
      {children}
    </div>
  );
}

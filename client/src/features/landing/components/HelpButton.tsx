import { Link } from 'react-router-dom';

/**
 * Floating 'Get help' button with a small drawn robot, bottom-right. Place it just before the
 * footer: it is held by a zero-height bar stuck to the bottom of the viewport, which cannot
 * pass its own place in the page, so once the footer scrolls into view the button rests above
 * it instead of covering its links and copyright (a phone's narrow footer had them under it).
 * On a phone it is the robot alone (the words stay for screen readers): the pill covered the
 * end of the 'Trusted by innovative teams' heading on the first screen.
 */
export function HelpButton() {
  return (
    // A landmark of its own: everything on the page sits in one (axe's region rule).
    <aside aria-label="Help" className="sticky bottom-0 z-40 h-0">
      <Link
        to="/feedback"
        className="group absolute right-3 bottom-3 inline-flex items-center gap-2 rounded-full bg-slate-900 p-1.5 text-sm font-semibold text-white shadow-xl shadow-slate-900/30 transition hover:bg-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 motion-reduce:transition-none sm:right-6 sm:bottom-6 sm:py-2 sm:pr-4 sm:pl-2"
      >
        <svg viewBox="0 0 32 32" className="size-8 motion-safe:group-hover:animate-bounce" aria-hidden>
          <circle cx="16" cy="16" r="16" fill="#6366f1" />
          <line x1="16" y1="5" x2="16" y2="9" stroke="#e0e7ff" strokeWidth="1.6" strokeLinecap="round" />
          <circle cx="16" cy="4.5" r="1.6" fill="#fde68a" />
          <rect x="7.5" y="9" width="17" height="14" rx="5" fill="#e0e7ff" />
          <circle cx="12.5" cy="15.5" r="2" fill="#312e81" />
          <circle cx="19.5" cy="15.5" r="2" fill="#312e81" />
          <path d="M13 19.5q3 2 6 0" fill="none" stroke="#312e81" strokeWidth="1.4" strokeLinecap="round" />
        </svg>
        <span className="sr-only sm:not-sr-only">Get help</span>
      </Link>
    </aside>
  );
}

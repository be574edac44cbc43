// How long ago an API key was last used, in words: "never", "just now", "5 minutes ago",
// "3 hours ago", "yesterday", "4 days ago", then the date. Pure: the caller passes `now`.
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const words = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "May 4, 2026": how the account page writes a day. */
export const formatDay = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

export function lastUsed(iso: string | null, now: Date | number = Date.now()): string {
  if (!iso) return 'never';
  const ago = new Date(now).getTime() - new Date(iso).getTime();
  if (Number.isNaN(ago)) return 'never';
  // The server records a use at most once a minute: anything closer is "just now" (a skewed clock too).
  if (ago < MINUTE_MS) return 'just now';
  if (ago < HOUR_MS) return words.format(-Math.floor(ago / MINUTE_MS), 'minute');
  if (ago < DAY_MS) return words.format(-Math.floor(ago / HOUR_MS), 'hour');
  if (ago < 30 * DAY_MS) return words.format(-Math.floor(ago / DAY_MS), 'day');
  return formatDay(iso);
}

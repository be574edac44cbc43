// How old a community creation is, in words (product §9): '1 day ago'; under 7 days
// 'N days ago'; under 30 days 'N weeks ago'; otherwise the local date.

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight of the date's local calendar day, as a UTC day number (DST-proof). */
function localDayNumber(d: Date): number {
  return Math.round(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / DAY_MS);
}

/**
 * Days are counted in local calendar days, so something from yesterday evening reads
 * '1 day ago' the next morning. The same day (or a date in the future, from a skewed
 * clock) reads 'Today'. Pure: the caller passes `now`.
 */
export function relativeDate(date: Date | string | number, now: Date | string | number = new Date()): string {
  const then = new Date(date);
  const current = new Date(now);
  if (Number.isNaN(then.getTime())) return '';
  const days = localDayNumber(current) - localDayNumber(then);

  if (days < 1) return 'Today';
  if (days === 1) return '1 day ago';
  if (days < 7) return `${days} days ago`;
  if (days < 30) {
    const weeks = Math.floor(days / 7);
    return weeks === 1 ? '1 week ago' : `${weeks} weeks ago`;
  }
  return then.toLocaleDateString();
}

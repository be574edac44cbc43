import { describe, expect, it } from 'vitest';
import { relativeDate } from './relativeDate';

const now = new Date(2026, 10, 21, 12, 0, 0);
const daysAgo = (n: number) => new Date(2026, 10, 21 - n, 9, 30, 0);

describe('relativeDate (product §9)', () => {
  it('reads 1 day ago, N days under a week, N weeks under 30 days, else the local date', () => {
    expect(relativeDate(daysAgo(0), now)).toBe('Today');
    expect(relativeDate(daysAgo(1), now)).toBe('1 day ago');
    expect(relativeDate(daysAgo(2), now)).toBe('2 days ago');
    expect(relativeDate(daysAgo(6), now)).toBe('6 days ago');
    expect(relativeDate(daysAgo(7), now)).toBe('1 week ago');
    expect(relativeDate(daysAgo(20), now)).toBe('2 weeks ago');
    expect(relativeDate(daysAgo(29), now)).toBe('4 weeks ago');
    expect(relativeDate(daysAgo(30), now)).toBe(daysAgo(30).toLocaleDateString());
  });
});

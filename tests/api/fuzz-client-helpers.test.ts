// Property-based tests of the client's relative-date and word-count helpers against
// product §9: '1 day ago'; under 7 days 'N days ago'; under 30 days 'N weeks ago';
// otherwise the local date. Counts ignore markdown syntax.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { relativeDate } from '../../client/src/features/community/relativeDate.js';
import { countSentences, countWords } from '../../client/src/lib/textStats.js';

const now = fc.date({ min: new Date(2000, 0, 1), max: new Date(2090, 0, 1), noInvalidDate: true });
const timeOfDay = fc.record({ h: fc.integer({ min: 0, max: 23 }), m: fc.integer({ min: 0, max: 59 }), s: fc.integer({ min: 0, max: 59 }) });
/** A moment `days` local calendar days before `now`, at any time of that day. */
const daysBefore = (n: Date, days: number, t: { h: number; m: number; s: number }) => new Date(n.getFullYear(), n.getMonth(), n.getDate() - days, t.h, t.m, t.s);

function expected(days: number, then: Date): string {
  if (days < 1) return 'Today';
  if (days === 1) return '1 day ago';
  if (days < 7) return `${days} days ago`;
  if (days < 30) return Math.floor(days / 7) === 1 ? '1 week ago' : `${Math.floor(days / 7)} weeks ago`;
  return then.toLocaleDateString();
}
/** How old a label says something is, as an order: Today < days < weeks < a date. */
const rank = (label: string) => (label === 'Today' ? 0 : /day/.test(label) ? 1 + parseInt(label, 10) / 100 : /week/.test(label) ? 2 + parseInt(label, 10) / 100 : 3);

describe('relativeDate (fast-check, product §9)', () => {
  it('reads 1 day ago, N days under 7, N weeks under 30, else the local date — at any time of day, across DST', () => {
    fc.assert(
      fc.property(now, fc.integer({ min: -3, max: 400 }), timeOfDay, (n, days, t) => {
        const then = daysBefore(n, days, t);
        expect(relativeDate(then, n)).toBe(expected(days, then));
        expect(relativeDate(then.toISOString(), n.getTime())).toBe(expected(days, then));
      }),
      { numRuns: 2000 },
    );
  });

  it('never reads younger for something older', () => {
    fc.assert(
      fc.property(now, fc.integer({ min: 0, max: 29 }), fc.integer({ min: 0, max: 29 }), timeOfDay, (n, a, b, t) => {
        const [younger, older] = a <= b ? [a, b] : [b, a];
        expect(rank(relativeDate(daysBefore(n, younger, t), n))).toBeLessThanOrEqual(rank(relativeDate(daysBefore(n, older, t), n)));
      }),
      { numRuns: 1000 },
    );
  });

  it('returns a string for any input and never throws', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double(), fc.integer(), fc.date()), fc.oneof(fc.string(), fc.double(), fc.date()), (a, b) => {
        expect(typeof relativeDate(a as string, b as string)).toBe('string');
      }),
      { numRuns: 1000 },
    );
  });
});

const word = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9']{0,11}$/);
const gap = fc.constantFrom(' ', '  ', '\n', '\t', ' \n ', '\n\n');
const join = (words: string[], gaps: string[]) => words.map((w, i) => (i ? gaps[i % gaps.length]! : '') + w).join('');

describe('countWords and countSentences (fast-check)', () => {
  it('counts plain words, whatever the spacing', () => {
    fc.assert(
      fc.property(fc.array(word, { maxLength: 60 }), fc.array(gap, { minLength: 1, maxLength: 5 }), (words, gaps) => {
        expect(countWords(join(words, gaps))).toBe(words.length);
      }),
      { numRuns: 1000 },
    );
  });

  it('does not count markdown syntax: emphasis, code, headings, lists, quotes and links leave the count unchanged', () => {
    const decorate = fc.constantFrom(
      (w: string) => `**${w}**`,
      (w: string) => `_${w}_`,
      (w: string) => `\`${w}\``,
      (w: string) => `~~${w}~~`,
      (w: string) => `[${w}](https://example.test/x)`,
      (w: string) => w,
    );
    const prefix = fc.constantFrom('# ', '## ', '- ', '* ', '> ', '1. ', '');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(word, decorate), { minLength: 1, maxLength: 20 }),
        fc.array(fc.tuple(prefix, fc.integer({ min: 1, max: 5 })), { maxLength: 6 }),
        (items, lines) => {
          const words = items.map(([w, d]) => d(w));
          // Break the words into lines, each with a markdown prefix.
          let out = '';
          let i = 0;
          for (const [p, len] of lines) {
            if (i >= words.length) break;
            out += `${p}${words.slice(i, i + len).join(' ')}\n`;
            i += len;
          }
          out += words.slice(i).join(' ');
          expect(countWords(out)).toBe(items.length);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('adds up across paragraphs, counts nothing in punctuation, and never throws on any text', () => {
    fc.assert(
      fc.property(fc.array(word, { maxLength: 20 }), fc.array(word, { maxLength: 20 }), (a, b) => {
        expect(countWords(`${a.join(' ')}\n\n${b.join(' ')}`)).toBe(countWords(a.join(' ')) + countWords(b.join(' ')));
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('.', ',', '!', '?', '-', '#', '*', '_', '`', ' ', '\n', '>', '|', '~') }), (s) => {
        expect(countWords(s)).toBe(0);
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 500 }), fc.string({ unit: 'grapheme', maxLength: 500 })), (s) => {
        const n = countWords(s);
        expect(Number.isInteger(n) && n >= 0).toBe(true);
        expect(Number.isInteger(countSentences(s)) && countSentences(s) >= 0).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('counts one sentence per terminated run of words', () => {
    // Sentences start with a letter: "1. Foo." at the start of a line is a markdown list item.
    const lead = fc.stringMatching(/^[A-Za-z][a-z]{0,8}$/);
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.tuple(lead, fc.array(word, { maxLength: 7 })).map(([l, ws]) => [l, ...ws]),
            fc.constantFrom('.', '!', '?', '...', '?!'),
          ),
          { maxLength: 15 },
        ),
        (sentences) => {
          const text = sentences.map(([ws, end]) => `${ws.join(' ')}${end}`).join(' ');
          expect(countSentences(text)).toBe(sentences.length);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

// Text utilities shared by the offline writers: the product's word counter, a seeded
// PRNG (the writers must be deterministic, so no Math.random) and input cleaning.

const HAS_WORD_CHAR = /[\p{L}\p{N}]/u;

/** Removes markdown syntax from one line, keeping the prose it carries. */
function stripMarkdownLine(line: string): string {
  return (
    line
      // Block markers: headings, blockquotes, list bullets and ordered-list numbers.
      .replace(/^\s{0,3}#{1,6}(?=\s|$)/, ' ')
      .replace(/^\s*(?:>\s*)+/, ' ')
      .replace(/^\s*(?:[-*+]|\d{1,9}[.)])(?=\s)/, ' ')
      // Images and links keep their visible text; the URL is not prose.
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, ' $1 ')
      .replace(/<[^>\n]*>/g, ' ')
      .replace(/\\(?=[!-/:-@[-`{-~])/g, '')
      .replace(/[*_`~]+/g, '')
  );
}

/**
 * Counts the words of the prose of a markdown text. This is the product's one word
 * counter: the UI shows it and the article length ranges are checked with it.
 */
export function countWords(markdown: string): number {
  let count = 0;
  for (const line of markdown.split(/\r?\n/)) {
    for (const token of stripMarkdownLine(line).split(/\s+/)) {
      if (HAS_WORD_CHAR.test(token)) count++;
    }
  }
  return count;
}

/** Counts sentences ending in `.`, `!` or `?` (a terminator followed by a space or the end). */
export function countSentences(text: string): number {
  let count = 0;
  for (const line of text.split(/\r?\n/)) {
    // A terminator inside "3.5" or "e.g.x" is not a sentence end, hence the lookahead.
    const pieces = stripMarkdownLine(line).split(/[.!?]+["'”’)\]]*(?=\s|$)/);
    pieces.pop(); // whatever follows the last terminator is unterminated
    for (const piece of pieces) if (HAS_WORD_CHAR.test(piece)) count++;
  }
  return count;
}

/** FNV-1a, 32 bit: a tiny, well-spread hash to turn the inputs into a seed. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A deterministic random source in [0, 1): mulberry32 seeded from the FNV-1a hash of `seed`. */
export function seededRandom(seed: string): () => number {
  let state = fnv1a(seed);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rng = () => number;

export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError('pick() needs at least one item');
  return items[Math.floor(rng() * items.length)] as T;
}

/** A shuffled copy (Fisher–Yates); the input is left untouched. */
export function shuffle<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** An integer in [min, max], both inclusive. */
export function randomInt(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export const TOPIC_MAX_LENGTH = 80;

/**
 * Turns a user-typed topic or keyword into a plain inline phrase that is safe to place
 * anywhere in generated markdown: no HTML, no characters that open markdown constructs
 * (headings, lists, links, code, emphasis, tables), one line, bounded length.
 * Characters that are harmless inside a word are kept, so "C#" and "snake_case" survive.
 */
export function cleanTopic(input: string, maxLength = TOPIC_MAX_LENGTH): string {
  let s = input
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);?/gi, (m) => (m.endsWith(';') ? ' ' : m))
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, ' $1 ')
    .replace(/[<>`[\]|*~\\{}]/g, ' ')
    // "#" opens a heading or a hashtag at a word start, but is part of "C#" or "F#".
    .replace(/(^|[^\p{L}\p{N}])#+/gu, '$1 ')
    .replace(/(^|[^\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, '$1 ')
    .replace(/\s+/g, ' ')
    .trim();
  // Leading list, quote or rule markers would turn a line that starts with the topic
  // into another block; trailing sentence punctuation reads badly mid-sentence.
  s = s.replace(/^(?:[-+=:;,!?.]+(?![\p{L}\p{N}])\s*|\d+[.)]\s+)+/u, '').replace(/[\s.,;:!?-]+$/, '');
  if (s.length > maxLength) {
    const cut = s.slice(0, maxLength + 1);
    const space = cut.lastIndexOf(' ');
    s = (space > maxLength / 2 ? cut.slice(0, space) : s.slice(0, maxLength)).replace(/[\s.,;:!?-]+$/, '');
  }
  return s;
}

const MINOR_WORDS = new Set([
  'a',
  'an',
  'the',
  'and',
  'but',
  'or',
  'nor',
  'for',
  'so',
  'yet',
  'as',
  'at',
  'by',
  'in',
  'of',
  'off',
  'on',
  'per',
  'to',
  'up',
  'via',
  'vs',
  'vs.',
  'with',
  'from',
  'into',
  'onto',
  'over',
]);

/** Capitalizes a word's first letter unless it already carries deliberate casing ("iPhone"). */
export function capitalizeFirst(text: string): string {
  const firstWord = text.split(' ')[0] ?? '';
  if (/\p{Lu}/u.test(firstWord.slice(1))) return text;
  return text.replace(/^(["'“‘(]?)(\p{Ll})/u, (_m, open: string, c: string) => open + c.toUpperCase());
}

/**
 * Title case for headings: minor words stay lowercase (except first and last), and words
 * with deliberate casing (acronyms, "JavaScript", "iOS") are left alone.
 */
export function titleCase(text: string): string {
  const words = text.split(' ');
  return words
    .map((word, i) => {
      if (/\p{Lu}/u.test(word)) return word;
      const edge = i === 0 || i === words.length - 1;
      if (!edge && MINOR_WORDS.has(word)) return word;
      return word.replace(/(^|-)(\p{Ll})/gu, (_m, dash: string, c: string) => dash + c.toUpperCase());
    })
    .join(' ');
}

/** Fills `{x}` slots in one pass, so text inserted into a slot is never re-scanned for slots. */
export function fillSlots(template: string, slots: Record<string, () => string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const fill = slots[name];
    return fill ? fill() : whole;
  });
}

// The operator's word list (docs/screening.md, "The word list"): a prompt containing a listed word
// or phrase is held for review when it is published, whatever the picture scores.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The list shipped with Atelier, used when SCREENING_WORDS_FILE is unset. */
export const DEFAULT_WORDS_FILE = fileURLToPath(new URL('./words.txt', import.meta.url));

/** Lower case, accents and other marks removed, every run of other characters one space. */
export function normalise(text: string): string {
  return ` ${text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

export class WordList {
  /** Each entry normalised, with a space either side, so only whole words and phrases match. */
  private readonly entries: { word: string; padded: string }[];

  constructor(words: readonly string[]) {
    const seen = new Set<string>();
    this.entries = [];
    for (const w of words) {
      const padded = normalise(w);
      if (padded.trim() && !seen.has(padded)) {
        seen.add(padded);
        this.entries.push({ word: padded.trim(), padded });
      }
    }
  }

  /** Reads a list: one word or phrase a line, `#` starts a comment line. Throws when unreadable. */
  static fromFile(path: string): WordList {
    const lines = readFileSync(path, 'utf8').split(/\r?\n/);
    return new WordList(lines.map((l) => l.trim()).filter((l) => l && !l.startsWith('#')));
  }

  get size(): number {
    return this.entries.length;
  }

  /** The listed words and phrases the text contains, in the list's order. */
  find(text: string): string[] {
    const t = normalise(text);
    return this.entries.filter((e) => t.includes(e.padded)).map((e) => e.word);
  }
}

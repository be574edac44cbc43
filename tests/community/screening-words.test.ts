// The operator's word list (docs/screening.md, "The word list"): whole words and phrases, any case,
// accents and punctuation ignored; the shipped default list loads.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WORDS_FILE, WordList } from '../../server/shared/screening/words.js';
import { decide } from '../../server/shared/screening/screener.js';

describe('the word list', () => {
  const list = new WordList(['nude', 'sex', 'explicit sex', 'Gore']);

  it('finds whole words and phrases whatever their case, accents and punctuation', () => {
    expect(list.find('A NUDE portrait')).toEqual(['nude']);
    expect(list.find('a nudé, at dusk')).toEqual(['nude']);
    expect(list.find('Explicit   sex!')).toEqual(['sex', 'explicit sex']);
    expect(list.find('so much GORE.')).toEqual(['gore']);
  });

  it('leaves words that only contain a listed one', () => {
    expect(list.find('a castle in Sussex, nudes excluded')).toEqual([]);
    expect(list.find('')).toEqual([]);
  });

  it('reads a file: one entry a line, # comments and blank lines skipped', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'atelier-words-')), 'words.txt');
    writeFileSync(file, '# mine\n\nstorm\r\nsea monster\n');
    const mine = WordList.fromFile(file);
    expect(mine.size).toBe(2);
    expect(mine.find('A Sea Monster in a storm')).toEqual(['storm', 'sea monster']);
  });

  it('ships a short default list', () => {
    const shipped = WordList.fromFile(DEFAULT_WORDS_FILE);
    expect(shipped.size).toBeGreaterThan(5);
    expect(shipped.size).toBeLessThan(40);
    expect(shipped.find('Generate an image of a nude figure in the style Realistic')).toEqual(['nude']);
    expect(shipped.find('Generate an image of a lighthouse at dusk in the style Realistic')).toEqual([]);
  });
});

describe('the decision', () => {
  const base = { provider: 'nsfwjs' as const, model: 'MobileNetV2', scores: {}, threshold: 0.7, words: [], textCategories: [], picture: true, ms: 1, at: '' };
  it('holds at or above the threshold in hold mode, marks sensitive in blur mode, and holds a listed word in both', () => {
    expect(decide({ ...base, score: 0.69 }, 'hold')).toMatchObject({ moderation: 'VISIBLE', sensitive: false });
    expect(decide({ ...base, score: 0.7 }, 'hold')).toMatchObject({ moderation: 'HELD', sensitive: false });
    expect(decide({ ...base, score: 0.7 }, 'blur')).toMatchObject({ moderation: 'VISIBLE', sensitive: true, screening: { outcome: 'sensitive' } });
    expect(decide({ ...base, score: 0, words: ['nude'] }, 'blur')).toMatchObject({ moderation: 'HELD', sensitive: false });
  });
});

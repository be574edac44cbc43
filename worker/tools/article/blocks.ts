// The blocks an offline article is made of (offline-writer.ts writes them): paragraphs that
// grow towards a word count one sentence at a time, and their rendering as markdown.
import { countWords, randomInt, type Rng } from '../../providers/text/local/words.js';

export interface Paragraph {
  sentences: string[];
  /** Soft limit; paragraphs grow evenly towards it so their lengths vary. */
  cap: number;
  next: () => string | undefined;
}

export interface Block {
  heading?: string;
  paragraphs: Paragraph[];
  list?: { lead: string; items: string[] };
}

/** An empty paragraph whose cap is drawn between `minCap` and `maxCap`; `next` gives its sentences. */
export function paragraph(rng: Rng, minCap: number, maxCap: number, next: () => string | undefined): Paragraph {
  return { sentences: [], cap: randomInt(rng, minCap, maxCap), next };
}

/** Gives a paragraph its opening sentences, topping up from its own source to `count`. */
export function startParagraph(p: Paragraph, first: string[], count: number): void {
  p.sentences.push(...first);
  while (p.sentences.length < count) {
    const s = p.next();
    if (s === undefined) break;
    p.sentences.push(s);
  }
}

/** A block's words as countWords() counts them: heading, sentences, then the list's lead and items. */
export function blockWords(block: Block): number {
  let words = 0;
  if (block.heading) words += countWords(block.heading);
  for (const p of block.paragraphs) for (const s of p.sentences) words += countWords(s);
  if (block.list) {
    words += countWords(block.list.lead);
    for (const item of block.list.items) words += countWords(item);
  }
  return words;
}

/**
 * Grows the shortest paragraph (relative to its cap) one sentence at a time until `words` (the
 * article's count so far) reaches `target`; when all are full, the sections' caps go up by 2. A
 * sentence is far shorter than the 8% margin writeArticle leaves above the target, so the last
 * one can never push the total past the range's maximum.
 */
export function growToTarget(blocks: readonly Block[], sections: readonly Block[], words: number, target: number): void {
  const paragraphs = blocks.flatMap((b) => b.paragraphs);
  const exhausted = new Set<Paragraph>();
  while (words < target) {
    let best: Paragraph | undefined;
    for (const p of paragraphs) {
      if (exhausted.has(p) || p.sentences.length >= p.cap) continue;
      if (!best || p.sentences.length / p.cap < best.sentences.length / best.cap) best = p;
    }
    if (!best) {
      for (const s of sections) for (const p of s.paragraphs) p.cap += 2;
      continue;
    }
    const sentence = best.next();
    if (sentence === undefined) exhausted.add(best);
    else {
      words += countWords(sentence);
      best.sentences.push(sentence);
    }
  }
}

/** The article as markdown: the title, then each block's heading, paragraphs and list (after its first paragraph). */
export function render(title: string, blocks: readonly Block[]): string {
  const parts = [`# ${title}`];
  for (const block of blocks) {
    if (block.heading) parts.push(`## ${block.heading}`);
    block.paragraphs.forEach((p, i) => {
      if (p.sentences.length > 0) parts.push(p.sentences.join(' '));
      if (i === 0 && block.list) {
        parts.push(block.list.lead, block.list.items.map((item) => `- ${item}`).join('\n'));
      }
    });
  }
  return `${parts.join('\n\n')}\n`;
}

// The worker's half of the blog-titles tool (its definition: server/shared/tools/blog-titles.ts).
import { defineProcessor } from '../processor.js';
import { blogTitlesTool } from '../../../server/shared/tools/blog-titles.js';
import { streamText, textMetadata } from '../../stream-text.js';
import { TITLE_COUNT, writeTitles } from './offline-writer.js';

/** About the length of ten titles with their markdown. */
const EXPECTED_CHARS = 700;

/** What a real model is asked: the spec's prompt (one title), turned into the list the tool shows. */
export function titlesBrief(prompt: string): string {
  return [
    `${prompt}.`,
    `Give ${TITLE_COUNT} different titles, as a numbered Markdown list, one title per line, each under 90 characters.`,
    'Answer with the list only: no introduction, notes or quotation marks.',
  ].join('\n');
}

export const blogTitlesProcessor = defineProcessor(blogTitlesTool, {
  provider: (services) => services.text(),
  async process(run) {
    const { keyword, category, prompt } = run.input;
    await run.enter('ANALYZING');
    await run.enter('PROCESSING');
    const text = await streamText(run, { prompt: titlesBrief(prompt), maxTokens: 600, offline: () => writeTitles(keyword, category) }, (t) => t.length / EXPECTED_CHARS);
    await run.enter('FINALIZING');
    return { prompt, content: text, metadata: { ...textMetadata(run.provider), keyword, category } };
  },
});

// The worker's half of the article tool (its definition: server/shared/tools/article.ts).
import { defineProcessor } from '../processor.js';
import { articleTool } from '../../../server/shared/tools/article.js';
import { countWords } from '../../providers/text/local/words.js';
import { streamText } from '../../stream-text.js';
import { writeArticle } from './offline-writer.js';
import { ARTICLE_LENGTH_RANGES, ARTICLE_LENGTH_WORDS, type ArticleLength } from '../../../server/shared/platform/domain.js';

/** What a real model is asked: the spec's prompt, then the length as the word range of product §9, and the form. */
export function articleBrief(prompt: string, length: ArticleLength): string {
  const [min, max] = ARTICLE_LENGTH_RANGES[length];
  return [
    `${prompt}.`,
    `Length: between ${min} and ${max} words.`,
    "Form: Markdown. Start with the title as a '# ' heading, then an introduction, '## ' sections and a conclusion. No preamble or notes about the task.",
  ].join('\n');
}

export const articleProcessor = defineProcessor(articleTool, {
  provider: (services) => services.text,
  async process(run) {
    const { topic, length, prompt } = run.input;
    await run.enter('ANALYZING');
    const target = ARTICLE_LENGTH_WORDS[length];
    await run.enter('PROCESSING');
    // About 1.35 tokens a word in English; twice the top of the range leaves room for markup and other languages.
    const request = { prompt: articleBrief(prompt, length), maxTokens: Math.round(target * 2), offline: () => writeArticle(topic, length) };
    const text = await streamText(run, request, (t) => countWords(t) / target);
    await run.enter('FINALIZING');
    const { name: provider, model } = run.provider;
    return { prompt, content: text, metadata: { provider, model, length, words: countWords(text) } };
  },
});

import { ARTICLE_LENGTH_WORDS, type ArticleLength } from '../../server/domain.js';
import { countWords } from '../../server/providers/text/local/words.js';
import type { Tool } from '../pipeline.js';
import { streamText } from '../stream-text.js';

export interface ArticleInput {
  topic: string;
  length: ArticleLength;
  prompt: string;
}

export const writeArticleJob: Tool<ArticleInput> = async (run) => {
  const { topic, length, prompt } = run.input;
  await run.report.enter('ANALYZING', 10, 'Planning the article');
  const target = ARTICLE_LENGTH_WORDS[length];
  await run.report.enter('PROCESSING', 20, 'Writing');
  const text = await streamText(run, { task: 'article', prompt, topic, length }, (t) => 20 + 70 * Math.min(1, countWords(t) / target));
  await run.report.enter('FINALIZING', 95, 'Saving the article');
  const { name: provider, model } = run.services.text;
  return { type: 'ARTICLE', prompt, content: text, metadata: { provider, model, length, words: countWords(text) } };
};

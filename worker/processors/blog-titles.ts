import type { BlogCategory } from '../../server/domain.js';
import type { Tool } from '../pipeline.js';
import { streamText } from '../stream-text.js';

export interface BlogTitlesInput {
  keyword: string;
  category: BlogCategory;
  prompt: string;
}

/** About the length of ten titles with their markdown. */
const EXPECTED_CHARS = 700;

export const writeBlogTitlesJob: Tool<BlogTitlesInput> = async (run) => {
  const { keyword, category, prompt } = run.input;
  await run.report.enter('ANALYZING', 10, 'Looking at the keyword');
  await run.report.enter('PROCESSING', 20, 'Writing titles');
  const text = await streamText(run, { task: 'titles', prompt, keyword, category }, (t) => 20 + 70 * Math.min(1, t.length / EXPECTED_CHARS));
  await run.report.enter('FINALIZING', 95, 'Saving the titles');
  const { name: provider, model } = run.services.text;
  return { type: 'BLOG_TITLE', prompt, content: text, metadata: { provider, model, keyword, category } };
};

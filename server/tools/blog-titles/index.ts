// Blog titles (product §5): a keyword and a category, ten titles as a markdown list.
import { z } from 'zod';
import { BLOG_CATEGORY_LABELS, BlogCategory } from '../../domain.js';
import { KEYWORD_MAX_LENGTH } from '../../constants.js';
import { requiredText } from '../../validation.js';
import { streamText } from '../../../worker/stream-text.js';
import { defineTool, withResolver } from '../tool.js';
import { TITLE_COUNT, writeTitles } from './offline-writer.js';
import { BlogTitlesResolver } from './resolver.js';

/** About the length of ten titles with their markdown. */
const EXPECTED_CHARS = 700;

/** The REST body carries the composed prompt: its keyword and category, else the whole prompt is the keyword. */
function keywordAndCategoryOf(prompt: unknown): { keyword: unknown; category: string } {
  if (typeof prompt !== 'string') return { keyword: prompt, category: 'GENERAL' };
  const m = /^Generate a blog title for the keyword ([\s\S]+?) in the category (.+)$/i.exec(prompt.trim());
  if (!m) return { keyword: prompt, category: 'GENERAL' };
  const label = m[2]!.trim().toLowerCase();
  const category = (Object.entries(BLOG_CATEGORY_LABELS) as [BlogCategory, string][]).find(([, l]) => l.toLowerCase() === label)?.[0];
  return { keyword: m[1], category: category ?? label.toUpperCase() };
}

/** What a real model is asked: the spec's prompt (one title), turned into the list the tool shows. */
export function titlesBrief(prompt: string): string {
  return [
    `${prompt}.`,
    `Give ${TITLE_COUNT} different titles, as a numbered Markdown list, one title per line, each under 90 characters.`,
    'Answer with the list only: no introduction, notes or quotation marks.',
  ].join('\n');
}

const definition = defineTool({
  kind: 'blog-titles',
  creationType: 'BLOG_TITLE',
  output: 'text',
  plan: 'FREE',
  quota: 'text',
  input: z.object({
    keyword: requiredText('Please enter a keyword', KEYWORD_MAX_LENGTH, `The keyword is too long (at most ${KEYWORD_MAX_LENGTH} characters)`),
    category: z.enum(BlogCategory, { message: 'Unknown blog category' }).default('GENERAL'),
  }),
  uploads: [],
  prompt: ({ keyword, category }) => `Generate a blog title for the keyword ${keyword} in the category ${BLOG_CATEGORY_LABELS[category]}`,
  phases: { ANALYZING: [10, 'Looking at the keyword'], PROCESSING: [20, 'Writing titles'], FINALIZING: [95, 'Saving the titles'] },
  rest: { path: '/api/ai/generate-blog-title', fromBody: (body) => keywordAndCategoryOf(body.prompt) },
  provider: (services) => services.text,
  async process(run) {
    const { keyword, category, prompt } = run.input;
    await run.enter('ANALYZING');
    await run.enter('PROCESSING');
    const text = await streamText(run, { prompt: titlesBrief(prompt), maxTokens: 600, offline: () => writeTitles(keyword, category) }, (t) => t.length / EXPECTED_CHARS);
    await run.enter('FINALIZING');
    const { name: provider, model } = run.provider;
    return { prompt, content: text, metadata: { provider, model, keyword, category } };
  },
});

export const blogTitlesTool = withResolver(definition, BlogTitlesResolver);

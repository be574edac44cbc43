// Blog titles (product §5): a keyword and a category, ten titles as a markdown list.
import { z } from 'zod';
import { BLOG_CATEGORY_LABELS, BlogCategory } from '../platform/domain.js';
import { KEYWORD_MAX_LENGTH } from '../platform/constants.js';
import { requiredText } from '../platform/validation.js';
import { defineTool } from './tool.js';

/** The REST body carries the composed prompt: its keyword and category, else the whole prompt is the keyword. */
function keywordAndCategoryOf(prompt: unknown): { keyword: unknown; category: string } {
  if (typeof prompt !== 'string') return { keyword: prompt, category: 'GENERAL' };
  const m = /^Generate a blog title for the keyword ([\s\S]+?) in the category (.+)$/i.exec(prompt.trim());
  if (!m) return { keyword: prompt, category: 'GENERAL' };
  const label = m[2]!.trim().toLowerCase();
  const category = (Object.entries(BLOG_CATEGORY_LABELS) as [BlogCategory, string][]).find(([, l]) => l.toLowerCase() === label)?.[0];
  return { keyword: m[1], category: category ?? label.toUpperCase() };
}

export const blogTitlesTool = defineTool({
  kind: 'blog-titles',
  creationType: 'BLOG_TITLE',
  output: 'text',
  plan: 'FREE',
  quota: 'text',
  input: z.object({
    keyword: requiredText('Please enter a keyword', KEYWORD_MAX_LENGTH, `The keyword is too long (at most ${KEYWORD_MAX_LENGTH} characters)`),
    category: z.enum(BlogCategory, { message: 'Unknown blog category' }).meta({ id: 'BlogCategory' }).default('GENERAL'),
  }),
  uploads: [],
  api: { path: '/blog-titles', summary: 'Suggest ten blog titles', example: { keyword: 'remote work', category: 'BUSINESS' } },
  graphql: { mutation: 'generateBlogTitles', description: 'Starts generating ten blog titles; follow it with jobProgress', fields: 'input', inputType: 'GenerateBlogTitlesInput' },
  prompt: ({ keyword, category }) => `Generate a blog title for the keyword ${keyword} in the category ${BLOG_CATEGORY_LABELS[category]}`,
  phases: { ANALYZING: [10, 'Looking at the keyword'], PROCESSING: [20, 'Writing titles'], FINALIZING: [95, 'Saving the titles'] },
  rest: {
    path: '/api/ai/generate-blog-title',
    body: 'JSON `{prompt: "Generate a blog title for the keyword <kw> in the category <Category>"}`',
    fromBody: (body) => keywordAndCategoryOf(body.prompt),
  },
});

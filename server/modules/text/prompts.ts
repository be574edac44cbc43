// The prompts of spec §7, shared by the API (which saves them with each creation) and
// the workers (which send them to the provider). No GraphQL here: workers import it.
import { ARTICLE_LENGTH_LABELS, BLOG_CATEGORY_LABELS, type ArticleLength, type BlogCategory } from '../../domain.js';

export const articlePrompt = (topic: string, length: ArticleLength) => `Write an article about ${topic} in ${ARTICLE_LENGTH_LABELS[length]}`;
export const titlesPrompt = (keyword: string, category: BlogCategory) =>
  `Generate a blog title for the keyword ${keyword} in the category ${BLOG_CATEGORY_LABELS[category]}`;
export const RESUME_PROMPT =
  'Review the following resume and provide constructive feedback on its strengths, weaknesses, and areas for improvement. Resume Content:\n\n';
export const RESUME_CREATION_PROMPT = 'Review the uploaded resume';

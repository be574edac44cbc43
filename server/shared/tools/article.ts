// The article writer (product §5): a topic and a length, streamed as markdown.
import { z } from 'zod';
import { ARTICLE_LENGTH_LABELS, ARTICLE_LENGTH_WORDS, ArticleLength, ArticleTone } from '../platform/domain.js';
import { LANGUAGE_MAX_LENGTH, TOPIC_MAX_LENGTH } from '../platform/constants.js';
import { requiredText } from '../platform/validation.js';
import { defineTool } from './tool.js';

/** 800 / 1200 / 1600 (the REST spelling) → SHORT / MEDIUM / LONG; anything else is left for validation. */
function lengthOf(words: unknown): unknown {
  const n = Number(words);
  const hit = (Object.entries(ARTICLE_LENGTH_WORDS) as [ArticleLength, number][]).find(([, w]) => w === n);
  return hit?.[0] ?? (words === undefined ? 'SHORT' : String(words));
}

/** The REST body carries the composed prompt; the topic is what the client put in it. */
function topicOf(prompt: unknown): unknown {
  if (typeof prompt !== 'string') return prompt;
  const m = /^Write an article about ([\s\S]+?) in (?:Short|Medium|Long)\b[\s\S]*$/i.exec(prompt.trim());
  return m ? m[1] : prompt;
}

export const articleTool = defineTool({
  kind: 'article',
  creationType: 'ARTICLE',
  output: 'text',
  plan: 'FREE',
  quota: 'text',
  input: z.object({
    topic: requiredText('Please enter a topic for the article', TOPIC_MAX_LENGTH, `The topic is too long (at most ${TOPIC_MAX_LENGTH} characters)`),
    length: z
      .enum(ArticleLength, { message: 'Length must be SHORT, MEDIUM or LONG' })
      .meta({ id: 'ArticleLength', description: 'Short 500–800, Medium 800–1200, Long 1200–1600 words' })
      .default('SHORT'),
    // Advanced (docs/engines.md): honoured by real text models; the template writer has neither.
    tone: z.enum(ArticleTone, { message: 'Unknown tone' }).meta({ id: 'ArticleTone', description: 'How the article sounds' }).default('NEUTRAL'),
    language: z
      .string()
      .trim()
      .max(LANGUAGE_MAX_LENGTH, `The language name is too long (at most ${LANGUAGE_MAX_LENGTH} characters)`)
      .nullish()
      .describe('The language to write in, e.g. "French"; none means English'),
  }),
  uploads: [],
  api: { path: '/articles', summary: 'Write an article', example: { topic: 'remote work', length: 'SHORT' } },
  graphql: { mutation: 'generateArticle', description: 'Starts writing an article; follow it with jobProgress', fields: 'input', inputType: 'GenerateArticleInput' },
  prompt: ({ topic, length }) => `Write an article about ${topic} in ${ARTICLE_LENGTH_LABELS[length]}`,
  phases: { ANALYZING: [10, 'Planning the article'], PROCESSING: [20, 'Writing'], FINALIZING: [95, 'Saving the article'] },
  rest: {
    path: '/api/ai/generate-article',
    body: 'JSON `{prompt: "Write an article about <topic> in Short", length: 800 | 1200 | 1600}`',
    fromBody: (body) => ({ topic: topicOf(body.prompt), length: lengthOf(body.length) }),
  },
});

// The article writer (product §5): a topic and a length, streamed as markdown.
import { z } from 'zod';
import { ARTICLE_LENGTH_LABELS, ARTICLE_LENGTH_RANGES, ARTICLE_LENGTH_WORDS, ArticleLength } from '../../domain.js';
import { TOPIC_MAX_LENGTH } from '../../constants.js';
import { requiredText } from '../../validation.js';
import { countWords } from '../../providers/text/local/words.js';
import { streamText } from '../../../worker/stream-text.js';
import { defineTool, withResolver } from '../tool.js';
import { writeArticle } from './offline-writer.js';
import { ArticleResolver } from './resolver.js';

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

/** What a real model is asked: the spec's prompt, then the length as the word range of product §9, and the form. */
export function articleBrief(prompt: string, length: ArticleLength): string {
  const [min, max] = ARTICLE_LENGTH_RANGES[length];
  return [
    `${prompt}.`,
    `Length: between ${min} and ${max} words.`,
    "Form: Markdown. Start with the title as a '# ' heading, then an introduction, '## ' sections and a conclusion. No preamble or notes about the task.",
  ].join('\n');
}

const definition = defineTool({
  kind: 'article',
  creationType: 'ARTICLE',
  output: 'text',
  plan: 'FREE',
  quota: 'text',
  input: z.object({
    topic: requiredText('Please enter a topic for the article', TOPIC_MAX_LENGTH, `The topic is too long (at most ${TOPIC_MAX_LENGTH} characters)`),
    length: z.enum(ArticleLength, { message: 'Length must be SHORT, MEDIUM or LONG' }).default('SHORT'),
  }),
  uploads: [],
  prompt: ({ topic, length }) => `Write an article about ${topic} in ${ARTICLE_LENGTH_LABELS[length]}`,
  phases: { ANALYZING: [10, 'Planning the article'], PROCESSING: [20, 'Writing'], FINALIZING: [95, 'Saving the article'] },
  rest: { path: '/api/ai/generate-article', fromBody: (body) => ({ topic: topicOf(body.prompt), length: lengthOf(body.length) }) },
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

export const articleTool = withResolver(definition, ArticleResolver);

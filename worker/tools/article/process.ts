// The worker's half of the article tool (its definition: server/shared/tools/article.ts).
import { defineProcessor } from '../processor.js';
import { articleTool } from '../../../server/shared/tools/article.js';
import { countWords } from '../../providers/text/local/words.js';
import { streamText, textMetadata } from '../../stream-text.js';
import { writeArticle } from './offline-writer.js';
import { ARTICLE_LENGTH_RANGES, ARTICLE_LENGTH_WORDS, type ArticleLength, type ArticleTone } from '../../../server/shared/platform/domain.js';
import { TextEngineOption } from '../../../server/shared/platform/engines.js';

/** How each tone is put to the model (docs/engines.md, "Advanced text options"). */
const TONE_BRIEFS: Record<ArticleTone, string> = {
  NEUTRAL: 'Tone: neutral and informative.',
  FRIENDLY: 'Tone: friendly and warm, as if talking to a reader you like.',
  PROFESSIONAL: 'Tone: professional and precise, for readers at work.',
  PERSUASIVE: 'Tone: persuasive: make a clear case and give the reader reasons to act.',
  PLAYFUL: 'Tone: playful and light, with a little humour.',
};

/** The advanced choices the engine honours (its `options`), as they are applied and recorded. */
export interface ArticleStyle {
  tone?: ArticleTone;
  language?: string;
}

/** What a real model is asked: the spec's prompt, then the length as the word range of product §9, the form, and any tone and language. */
export function articleBrief(prompt: string, length: ArticleLength, style: ArticleStyle = {}): string {
  const [min, max] = ARTICLE_LENGTH_RANGES[length];
  return [
    `${prompt}.`,
    `Length: between ${min} and ${max} words.`,
    "Form: Markdown. Start with the title as a '# ' heading, then an introduction, '## ' sections and a conclusion. No preamble or notes about the task.",
    ...(style.tone ? [TONE_BRIEFS[style.tone]] : []),
    ...(style.language ? [`Language: write the whole article, title and headings included, in ${style.language}.`] : []),
  ].join('\n');
}

/** The tone and language to apply: only those the engine honours, and a language only when one was asked for. */
export function articleStyle(options: readonly string[], tone: ArticleTone, language: string | null | undefined): ArticleStyle {
  const name = language?.replace(/\s+/g, ' ').trim();
  return {
    ...(options.includes(TextEngineOption.TONE) ? { tone } : {}),
    ...(options.includes(TextEngineOption.LANGUAGE) && name ? { language: name } : {}),
  };
}

export const articleProcessor = defineProcessor(articleTool, {
  provider: (services) => services.text(),
  async process(run) {
    const { topic, length, prompt, tone, language } = run.input;
    await run.enter('ANALYZING');
    const target = ARTICLE_LENGTH_WORDS[length];
    // The composed prompt (the spec's) is what the creation keeps; tone and language go in the brief.
    const style = articleStyle(run.provider.engine.options, tone, language);
    await run.enter('PROCESSING');
    // About 1.35 tokens a word in English; twice the top of the range leaves room for markup and other languages.
    const request = { prompt: articleBrief(prompt, length, style), maxTokens: Math.round(target * 2), offline: () => writeArticle(topic, length) };
    const text = await streamText(run, request, (t) => countWords(t) / target);
    await run.enter('FINALIZING');
    return { prompt, content: text, metadata: { ...textMetadata(run.provider), length, ...style, words: countWords(text) } };
  },
});

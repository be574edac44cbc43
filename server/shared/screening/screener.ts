// Screening what is published (docs/screening.md): the picture is classified (nsfwjs offline, or
// OpenAI's moderation endpoint when configured) and the prompt checked against the operator's word
// list (and OpenAI's text moderation). The verdict decides how the creation joins the gallery:
// VISIBLE, HELD for review, or VISIBLE and sensitive (shown blurred) in blur mode.
import type { Config } from '../platform/config.js';
import type { Logger } from '../platform/logger.js';
import { nsfwThread, type NsfwScores } from './nsfw.js';
import { OpenAIModeration } from './openai-moderation.js';
import { DEFAULT_WORDS_FILE, WordList } from './words.js';

export type ModerationOutcome = 'VISIBLE' | 'HELD';

/** What screening found, stored in Creation.screening (docs/screening.md, "The verdict"). */
export interface ScreeningVerdict {
  provider: 'nsfwjs' | 'openai';
  model: string;
  /** The picture's scores by class or category; empty when there was no picture of ours to read. */
  scores: Record<string, number>;
  /** The picture's score against the threshold: nsfwjs's Porn + Hentai + Sexy, or OpenAI's highest image category. */
  score: number;
  threshold: number;
  /** Listed words and phrases found in the prompt. */
  words: string[];
  /** OpenAI categories at or above the threshold on the prompt. */
  textCategories: string[];
  /** Whether a picture was classified. */
  picture: boolean;
  /** How long screening took, ms (the classifier's own time for nsfwjs). */
  ms: number;
  /** What it decided: held, sensitive (blur mode) or visible. */
  outcome: 'held' | 'sensitive' | 'visible';
  reason: string | null;
  /** The provider failed: the creation is held (screening fails closed). */
  error?: string;
  at: string;
}

/** The columns a screened creation is published with. */
export interface ScreeningResult {
  moderation: ModerationOutcome;
  sensitive: boolean;
  screening: ScreeningVerdict;
}

export interface ScreeningInput {
  prompt: string;
  /** The picture's bytes, or null when there is none of ours to read (screened by its prompt alone). */
  picture: Buffer | null;
}

export type ScreeningProvider = 'nsfwjs' | 'openai';

/** Which classifier a configuration uses: see docs/screening.md, "Providers". */
export function screeningProviderOf(config: Pick<Config, 'SCREENING_PROVIDER' | 'OPENAI_API_KEY' | 'OPENAI_BASE_URL'>): ScreeningProvider {
  if (config.SCREENING_PROVIDER !== 'auto') return config.SCREENING_PROVIDER;
  // A key for OpenAI itself: an OPENAI_BASE_URL names another OpenAI-compatible server, which has no moderation endpoint.
  return config.OPENAI_API_KEY && !config.OPENAI_BASE_URL ? 'openai' : 'nsfwjs';
}

/** nsfwjs's score: the probability the picture is not a neutral photo or drawing. */
export const nsfwScore = (s: NsfwScores): number => Math.round((s.Porn + s.Hentai + s.Sexy) * 10_000) / 10_000;

export class Screener {
  readonly provider: ScreeningProvider;
  private words: WordList | undefined;
  private openai: OpenAIModeration | undefined;

  constructor(
    private readonly config: Config,
    private readonly log: Logger,
  ) {
    this.provider = screeningProviderOf(config);
  }

  /** The word list, read once (an unreadable SCREENING_WORDS_FILE stops the first publication with its reason, logged). */
  wordList(): WordList {
    if (!this.words) {
      const path = this.config.SCREENING_WORDS_FILE ?? DEFAULT_WORDS_FILE;
      this.words = WordList.fromFile(path);
      this.log.info({ path, words: this.words.size }, 'screening word list loaded');
    }
    return this.words;
  }

  /** Screens a creation being published; never throws for the provider's failures (they hold it). */
  async screen({ prompt, picture }: ScreeningInput): Promise<ScreeningResult> {
    const threshold = this.config.SCREENING_THRESHOLD;
    const words = this.wordList().find(prompt);
    const base = { threshold, words, picture: picture !== null, at: new Date().toISOString() };
    const started = performance.now();
    let found: { model: string; scores: Record<string, number>; score: number; textCategories: string[]; ms?: number };
    try {
      found = this.provider === 'openai' ? await this.askOpenAI(prompt, picture, threshold) : await this.askNsfw(picture);
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      this.log.warn({ err: error, provider: this.provider }, 'screening failed: the creation is held for review');
      const verdict: ScreeningVerdict = {
        ...base,
        provider: this.provider,
        model: this.provider === 'openai' ? this.config.SCREENING_OPENAI_MODEL : 'MobileNetV2',
        scores: {},
        score: 0,
        textCategories: [],
        ms: Math.round(performance.now() - started),
        outcome: 'held',
        reason: 'Screening could not run',
        error,
      };
      return { moderation: 'HELD', sensitive: false, screening: verdict };
    }
    const { ms = Math.round(performance.now() - started), ...rest } = found;
    const verdict = { ...base, ...rest, provider: this.provider, ms };
    return decide(verdict, this.config.SCREENING_MODE);
  }

  private async askNsfw(picture: Buffer | null) {
    if (!picture) return { model: 'MobileNetV2', scores: {}, score: 0, textCategories: [] };
    const { scores, ms, loadMs } = await nsfwThread().classify(picture, this.config.IMAGE_MAX_PIXELS);
    if (loadMs !== undefined) this.log.info({ loadMs }, 'screening: nsfwjs model loaded');
    return { model: 'MobileNetV2', scores: { ...scores }, score: nsfwScore(scores), textCategories: [], ms };
  }

  private async askOpenAI(prompt: string, picture: Buffer | null, threshold: number) {
    this.openai ??= new OpenAIModeration(this.config.OPENAI_API_KEY ?? '', this.config.SCREENING_OPENAI_BASE_URL, this.config.SCREENING_OPENAI_MODEL, 30_000);
    const answer = await this.openai.moderate(prompt, picture, this.config.IMAGE_MAX_PIXELS);
    // A category judged on the picture counts for the picture; one judged on the prompt holds it.
    const on = (k: string, type: string) => (answer.inputs[k] ?? []).includes(type);
    const imageScores = Object.entries(answer.scores).filter(([k]) => on(k, 'image'));
    const score = imageScores.reduce((m, [, v]) => Math.max(m, v), 0);
    const textCategories = Object.entries(answer.scores)
      .filter(([k, v]) => v >= threshold && on(k, 'text'))
      .map(([k]) => k);
    return { model: answer.model, scores: answer.scores, score, textCategories };
  }
}

/** The decision from the verdict's findings and the operator's mode (docs/screening.md, "Thresholds and modes"). */
export function decide(v: Omit<ScreeningVerdict, 'outcome' | 'reason'>, mode: 'hold' | 'blur'): ScreeningResult {
  if (v.words.length || v.textCategories.length) {
    const reason = v.words.length ? `The prompt contains a listed word (${v.words.join(', ')})` : `The prompt was flagged (${v.textCategories.join(', ')})`;
    return { moderation: 'HELD', sensitive: false, screening: { ...v, outcome: 'held', reason } };
  }
  if (v.score >= v.threshold) {
    const reason = `The picture scored ${v.score} (threshold ${v.threshold})`;
    if (mode === 'blur') return { moderation: 'VISIBLE', sensitive: true, screening: { ...v, outcome: 'sensitive', reason } };
    return { moderation: 'HELD', sensitive: false, screening: { ...v, outcome: 'held', reason } };
  }
  return { moderation: 'VISIBLE', sensitive: false, screening: { ...v, outcome: 'visible', reason: null } };
}

const screeners = new WeakMap<Config, Screener>();
/** One screener per configuration (so per process): its word list and clients are made once. */
export function screenerFor(config: Config, log: Logger): Screener {
  let s = screeners.get(config);
  if (!s) screeners.set(config, (s = new Screener(config, log)));
  return s;
}

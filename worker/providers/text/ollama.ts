// Ollama (docs/engines.md): found at start-up on OLLAMA_URL, or on its default local address
// when ENGINE_AUTODETECT is on; its chat model is OLLAMA_MODEL or the first chat model it
// lists; the text streams through its OpenAI-compatible endpoint (${url}/v1) with the SDK.
import type { Config } from '../../../server/shared/platform/config.js';
import type { Logger } from '../../../server/shared/platform/logger.js';
import { AppError, ErrorCode } from '../../../server/shared/platform/errors.js';
import { TransientProviderError } from '../../../server/shared/platform/provider-errors.js';
import { TextEngineOption, type EngineInfo } from '../../../server/shared/platform/engines.js';
import { OpenAITextProvider } from './real.js';
import type { TextProvider, TextRequest } from './types.js';

export const OLLAMA_DEFAULT_URL = 'http://127.0.0.1:11434';
/** What the messages suggest pulling when Ollama has no chat model. */
export const OLLAMA_STARTER_MODEL = 'llama3.2';
/** The start-up probe's patience: about a second on the default address, a little more on a configured one. */
const PROBE_MS = { found: 1_000, configured: 3_000, job: 5_000 };

/** One entry of GET /api/tags (https://github.com/ollama/ollama/blob/main/docs/api.md#list-local-models). */
export interface OllamaModel {
  name: string;
  model?: string;
  details?: { family?: string; families?: string[] | null };
  /** Newer Ollama releases say what a model can do ("completion", "embedding"…). */
  capabilities?: string[];
}

/** The models Ollama at `url` has, or null when nothing that speaks Ollama's API answers in time. */
export async function listOllamaModels(url: string, timeoutMs: number, signal?: AbortSignal): Promise<OllamaModel[] | null> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const res = await fetch(`${url}/api/tags`, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    if (!res.ok) return null;
    const body = (await res.json()) as { models?: unknown };
    if (!Array.isArray(body.models)) return null;
    return body.models.filter((m): m is OllamaModel => typeof m === 'object' && m !== null && typeof (m as OllamaModel).name === 'string');
  } catch (e) {
    if (signal?.aborted) throw e;
    return null;
  }
}

/** Embedding-only models (nomic-embed-text, mxbai-embed-large, all-minilm, bge-m3…) cannot chat. */
const EMBEDDING = /embed|bert|minilm|(^|[^a-z])bge/i;

/** Whether a model can write: its capabilities when listed, else its families, else its name. */
export function isChatModel(m: OllamaModel): boolean {
  if (Array.isArray(m.capabilities)) return m.capabilities.includes('completion');
  const families = [m.details?.family, ...(m.details?.families ?? [])].filter((f): f is string => typeof f === 'string' && f !== '');
  if (families.length > 0) return !families.some((f) => EMBEDDING.test(f));
  return !EMBEDDING.test(m.name);
}

export type ModelChoice = { model: string } | { missing: string; have: string[] } | { none: true };

/** OLLAMA_MODEL when Ollama has it ("llama3.2" is "llama3.2:latest"), else the first chat model it lists. */
export function chooseModel(models: readonly OllamaModel[], wanted: string | undefined): ModelChoice {
  if (wanted) {
    const hit = models.find((m) => m.name === wanted || m.name === `${wanted}:latest` || m.model === wanted);
    return hit ? { model: hit.name } : { missing: wanted, have: models.map((m) => m.name) };
  }
  const first = models.find(isChatModel);
  return first ? { model: first.name } : { none: true };
}

export const noChatModelMessage = `Ollama has no chat model: run \`ollama pull ${OLLAMA_STARTER_MODEL}\``;

export function missingModelMessage(wanted: string, have: readonly string[]): string {
  const has = have.length > 0 ? `it has ${have.map((m) => `"${m}"`).join(', ')}` : 'it has no models';
  return `Ollama does not have the model "${wanted}" (${has}). Run \`ollama pull ${wanted}\` where Ollama runs, or set OLLAMA_MODEL to a model it has.`;
}

const ollamaEngine = (model: string | null): EngineInfo<TextEngineOption> => ({
  name: 'ollama',
  label: model ? `Ollama · ${model}` : 'Ollama',
  model,
  placeholder: false,
  options: [TextEngineOption.TONE, TextEngineOption.LANGUAGE],
});

/** Ollama's chat through its OpenAI-compatible endpoint; the model is found again when it was not there at start-up or has gone. */
export class OllamaTextProvider implements TextProvider {
  readonly name = 'ollama';
  private chat: OpenAITextProvider | null = null;

  constructor(
    private readonly url: string,
    private readonly wanted: string | undefined,
    found: string | null,
  ) {
    if (found) this.chat = this.chatWith(found);
  }

  get model(): string {
    return this.chat?.model ?? this.wanted ?? 'unknown';
  }

  get engine(): EngineInfo<TextEngineOption> {
    return this.chat?.engine ?? ollamaEngine(this.wanted ?? null);
  }

  async *stream(request: TextRequest, signal: AbortSignal): AsyncIterable<string> {
    const chat = this.chat ?? (await this.resolve(signal));
    try {
      yield* chat.stream(request, signal);
    } catch (e) {
      // Ollama answers 404 "model … not found, try pulling it first" when the model was removed since.
      if (e instanceof AppError && e.message.includes('(404)')) {
        this.chat = null;
        throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, `Ollama no longer has the model "${chat.model}". Run \`ollama pull ${chat.model}\` where Ollama runs.`);
      }
      throw e;
    }
  }

  private async resolve(signal: AbortSignal): Promise<OpenAITextProvider> {
    const models = await listOllamaModels(this.url, PROBE_MS.job, signal);
    if (!models) throw new TransientProviderError('Ollama cannot be reached (is it running?)');
    const choice = chooseModel(models, this.wanted);
    if ('missing' in choice) throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, missingModelMessage(choice.missing, choice.have));
    if ('none' in choice) throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, `${noChatModelMessage} where Ollama runs.`);
    this.chat = this.chatWith(choice.model);
    return this.chat;
  }

  private chatWith(model: string): OpenAITextProvider {
    // Ollama ignores the key; the SDK wants one.
    return new OpenAITextProvider({ apiKey: 'ollama', baseURL: `${this.url}/v1`, model, service: 'Ollama', engine: ollamaEngine(model) });
  }
}

type OllamaSettings = Pick<Config, 'OLLAMA_URL' | 'OLLAMA_MODEL' | 'ENGINE_AUTODETECT'>;

/**
 * Ollama when OLLAMA_URL is set, or when it answers on its default address with ENGINE_AUTODETECT
 * on; null for the template writer (nothing found, or a found Ollama with no chat model). A
 * configured Ollama that does not answer, has no chat model or lacks OLLAMA_MODEL is still used:
 * its jobs fail saying why, and each job looks again, so a model pulled meanwhile is taken.
 */
export async function findOllama(config: OllamaSettings, log: Pick<Logger, 'warn'>): Promise<TextProvider | null> {
  const configured = config.OLLAMA_URL;
  const url = configured ?? (config.ENGINE_AUTODETECT ? OLLAMA_DEFAULT_URL : undefined);
  if (!url) return null;
  const models = await listOllamaModels(url, configured ? PROBE_MS.configured : PROBE_MS.found);
  if (!models) {
    if (!configured) return null;
    log.warn({ url }, 'OLLAMA_URL does not answer: text jobs fail until Ollama is reachable (docs/engines.md)');
    return new OllamaTextProvider(url, config.OLLAMA_MODEL, null);
  }
  const choice = chooseModel(models, config.OLLAMA_MODEL);
  if ('none' in choice) {
    if (!configured) {
      log.warn({ url, models: models.map((m) => m.name) }, `${noChatModelMessage}; using the template writer (docs/engines.md)`);
      return null;
    }
    // Asked for by OLLAMA_URL: used, and its jobs say what is missing until a model is pulled (docker compose pulls one as the worker starts).
    log.warn({ url, models: models.map((m) => m.name) }, `${noChatModelMessage}: text jobs fail until it has one (docs/engines.md)`);
    return new OllamaTextProvider(url, undefined, null);
  }
  if ('missing' in choice) {
    log.warn({ url }, `${missingModelMessage(choice.missing, choice.have)} Text jobs fail until it does.`);
    return new OllamaTextProvider(url, config.OLLAMA_MODEL, null);
  }
  return new OllamaTextProvider(url, config.OLLAMA_MODEL, choice.model);
}

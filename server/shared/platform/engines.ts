// Which generation engines the workers use (docs/engines.md): each worker process finds them at
// start-up (a configured service, a self-hosted engine on its default local address, or the
// embedded placeholder) and writes what it found here, in Redis; the API reads it to tell the
// pages which options an engine honours and whether its output is a placeholder.
import type { Redis } from 'ioredis';

/** Image options an engine may honour; the image tool's "Advanced" disclosure shows only these. */
export const ImageEngineOption = { ASPECT_RATIO: 'ASPECT_RATIO', SEED: 'SEED', NEGATIVE_PROMPT: 'NEGATIVE_PROMPT', COUNT: 'COUNT' } as const;
export type ImageEngineOption = (typeof ImageEngineOption)[keyof typeof ImageEngineOption];

/** Text options an engine may honour (the article writer's "Advanced" disclosure). */
export const TextEngineOption = { TONE: 'TONE', LANGUAGE: 'LANGUAGE' } as const;
export type TextEngineOption = (typeof TextEngineOption)[keyof typeof TextEngineOption];

export interface EngineInfo<O extends string = string> {
  /** Short id recorded in creations' metadata: "comfyui", "sd-webui", "openai", "ollama", "local"… */
  name: string;
  /** What the page shows, e.g. "ComfyUI · sd_xl_base_1.0" or "Ollama · llama3.2:3b"; never an address or a key. */
  label: string;
  /** The model that does the work, when the engine names one. */
  model: string | null;
  /** True for the embedded stand-ins (template text, drawn pictures): the pages say so plainly. */
  placeholder: boolean;
  /** The advanced options this engine honours. */
  options: O[];
}

export interface EngineReport {
  image: EngineInfo<ImageEngineOption>;
  text: EngineInfo<TextEngineOption>;
  /** When the worker wrote it (ms since the epoch). */
  at: number;
}

export const PLACEHOLDER_IMAGE_ENGINE: EngineInfo<ImageEngineOption> = {
  name: 'local',
  label: 'Placeholder — no image model connected',
  model: null,
  placeholder: true,
  options: [ImageEngineOption.ASPECT_RATIO, ImageEngineOption.SEED, ImageEngineOption.COUNT],
};

export const PLACEHOLDER_TEXT_ENGINE: EngineInfo<TextEngineOption> = {
  name: 'local',
  label: 'Template writer — no text model connected',
  model: 'atelier-offline-writer',
  placeholder: true,
  options: [],
};

const engineKey = (prefix: string) => `${prefix}:engines`;

/** A worker's findings; the last worker to start wins (every worker of a deployment shares one configuration). */
export async function publishEngines(redis: Redis, prefix: string, report: Omit<EngineReport, 'at'>): Promise<void> {
  await redis.set(engineKey(prefix), JSON.stringify({ ...report, at: Date.now() }));
}

/** What the workers found; the placeholders when no worker has said yet. */
export async function readEngines(redis: Redis, prefix: string): Promise<EngineReport> {
  const raw = await redis.get(engineKey(prefix));
  if (raw) {
    try {
      return JSON.parse(raw) as EngineReport;
    } catch {
      // fall through: a torn value is treated as no report
    }
  }
  return { image: PLACEHOLDER_IMAGE_ENGINE, text: PLACEHOLDER_TEXT_ENGINE, at: 0 };
}

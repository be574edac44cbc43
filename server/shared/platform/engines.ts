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

const engineKey = (prefix: string, part?: 'image' | 'text') => (part ? `${prefix}:engines:${part}` : `${prefix}:engines`);

/**
 * A worker's findings: the engines it made, each on its own (a pool with no image tool has found
 * no image engine and says nothing of it); the last worker to start wins (every worker of a
 * deployment shares one configuration).
 */
export async function publishEngines(redis: Redis, prefix: string, report: Partial<Omit<EngineReport, 'at'>>): Promise<void> {
  const at = Date.now();
  const parts = (['image', 'text'] as const).flatMap((part) => (report[part] ? [engineKey(prefix, part), JSON.stringify({ engine: report[part], at })] : []));
  if (parts.length) await redis.mset(...parts);
}

const parse = <T>(raw: string | null | undefined): T | null => {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null; // a torn value is treated as no report
  }
};

/** What the workers found; the placeholders where no worker has said yet. */
export async function readEngines(redis: Redis, prefix: string): Promise<EngineReport> {
  const [image, text, whole] = await redis.mget(engineKey(prefix, 'image'), engineKey(prefix, 'text'), engineKey(prefix));
  type Part<O extends string> = { engine: EngineInfo<O>; at: number };
  const i = parse<Part<ImageEngineOption>>(image);
  const t = parse<Part<TextEngineOption>>(text);
  // One report for both, as workers before pools wrote it (a rolling upgrade).
  const older = parse<EngineReport>(whole);
  return {
    image: i?.engine ?? older?.image ?? PLACEHOLDER_IMAGE_ENGINE,
    text: t?.engine ?? older?.text ?? PLACEHOLDER_TEXT_ENGINE,
    at: Math.max(i?.at ?? 0, t?.at ?? 0, older?.at ?? 0),
  };
}

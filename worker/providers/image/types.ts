// The image providers' shapes, shared by the choice in index.ts and the implementations
// in local.ts, openai.ts, cloudinary.ts, clipdrop.ts, comfyui.ts and sd-webui.ts (which import
// this file, not index.ts).
import type { ImageAspectRatio, ImageStyle } from '../../../server/shared/platform/domain.js';
import type { EngineInfo, ImageEngineOption } from '../../../server/shared/platform/engines.js';

/**
 * A finished image: bytes, or a URL the service hosts (fetched into our storage by
 * worker/image-output.ts, never stored or published as it is); `summary` says in one
 * line what was done when the service can tell (e.g. "Removed 2 × cup"), `details` goes to the
 * creation's metadata.
 */
export type ImageOutput = ({ bytes: Buffer } | { url: string }) & { summary?: string; details?: Record<string, unknown> };

/** A long step's progress, for the job (percent of the whole job, one line for the user). */
export type Progress = (percent: number, message: string) => void;

/**
 * What the image tool asks an engine for. The advanced options arrive only when the engine
 * honours them (its `engine.options`); otherwise they hold their neutral values (SQUARE, no
 * seed, no negative prompt, one picture), so an engine may read them without checking.
 */
export interface ImageRequest {
  description: string;
  style: ImageStyle;
  /** The whole sentence ("Generate an image of … in the style …"), for services that take one line. */
  prompt: string;
  aspectRatio: ImageAspectRatio;
  /** null: the engine picks one (and says which in the answer when it can). */
  seed: number | null;
  negativePrompt: string | null;
  /** Pictures to make, 1–4. */
  count: number;
}

/** One picture of an answer; `seed` when the engine says which seed made this one. */
export type GeneratedImage = ImageOutput & { seed?: number };

/** An engine's answer: 1–count pictures, and the seed it used (null when it does not say). */
export interface GeneratedImages {
  images: GeneratedImage[];
  seed: number | null;
}

/**
 * A generation's progress: `percent` of the generation itself (0–100), one line for the user,
 * and, when the engine shows the picture as it forms, that picture (JPEG or PNG bytes at any
 * size: worker/image-preview.ts shrinks and throttles them).
 */
export type GenerationProgress = (percent: number, message: string, preview?: Buffer) => void;

export interface ImageGenerator extends OneAtATime {
  readonly name: string;
  /** What the pages are told about it (docs/engines.md): label, model, placeholder, the options it honours. */
  readonly engine: EngineInfo<ImageEngineOption>;
  generate(request: ImageRequest, signal: AbortSignal, progress?: GenerationProgress): Promise<GeneratedImages>;
}

/**
 * Jobs one worker process can usefully run at once with this provider. The embedded engine
 * works on one image at a time, so it says 1: waiting jobs stay in the queue, and a job's
 * timeout starts when its work does, not while it waits behind other images.
 */
export interface OneAtATime {
  readonly concurrency?: number;
}

export interface BackgroundRemover extends OneAtATime {
  readonly name: string;
  remove(image: Buffer, signal: AbortSignal, progress?: Progress): Promise<ImageOutput>;
}

export interface ObjectRemover extends OneAtATime {
  readonly name: string;
  /**
   * `object`: its name, found in the image; `mask`: painted pixels mark what to remove. At least
   * one is given: with no name only the brushed area is removed (docs/jobs-and-events.md,
   * "Object removal by name or by brush"), and the processor has checked the mask paints something.
   */
  remove(image: Buffer, object: string | undefined, mask: Buffer | undefined, signal: AbortSignal, progress?: Progress): Promise<ImageOutput>;
}

export interface ImageProviders {
  generator: ImageGenerator;
  background: BackgroundRemover;
  objects: ObjectRemover;
}

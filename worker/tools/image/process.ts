// The worker's half of image generation (its definition: server/shared/tools/image.ts). The
// advanced options go to the engine only when it honours them (docs/engines.md#advanced-image-options),
// and the metadata says which were applied; each picture of a request is a creation of its own.
import { defineProcessor } from '../processor.js';
import { imageTool } from '../../../server/shared/tools/image.js';
import { ImageEngineOption, type EngineInfo } from '../../../server/shared/platform/engines.js';
import type { ImageAspectRatio, ImageStyle } from '../../../server/shared/platform/domain.js';
import type { ImageRequest } from '../../providers/image/index.js';
import { generationProgressOf } from '../../image-preview.js';
import { formatOf, storeAll } from '../../image-output.js';
import { withProviderRetry } from '../../retry.js';

interface AskedFor {
  description: string;
  style: ImageStyle;
  prompt: string;
  aspectRatio: ImageAspectRatio;
  seed?: number | null;
  negativePrompt?: string | null;
  count: number;
}

/** What the engine is asked for (only the options it honours; neutral values for the rest), and which options were applied or left out. */
export function requestFor(input: AskedFor, engine: Pick<EngineInfo, 'options'>): { request: ImageRequest; applied: string[]; ignored: string[] } {
  const honours = (o: ImageEngineOption) => engine.options.includes(o);
  const asked: Record<ImageEngineOption, boolean> = {
    ASPECT_RATIO: input.aspectRatio !== 'SQUARE',
    SEED: input.seed !== null && input.seed !== undefined,
    NEGATIVE_PROMPT: !!input.negativePrompt,
    COUNT: input.count > 1,
  };
  const request: ImageRequest = {
    description: input.description,
    style: input.style,
    prompt: input.prompt,
    aspectRatio: honours(ImageEngineOption.ASPECT_RATIO) ? input.aspectRatio : 'SQUARE',
    seed: honours(ImageEngineOption.SEED) ? (input.seed ?? null) : null,
    negativePrompt: honours(ImageEngineOption.NEGATIVE_PROMPT) ? input.negativePrompt || null : null,
    count: honours(ImageEngineOption.COUNT) ? input.count : 1,
  };
  const options = Object.values(ImageEngineOption).filter((o) => asked[o]);
  return { request, applied: options.filter(honours), ignored: options.filter((o) => !honours(o)) };
}

export const imageProcessor = defineProcessor(imageTool, {
  provider: async (services) => (await services.images()).generator,
  async process(run) {
    const { style, publish, prompt } = run.input;
    const generator = run.provider;
    const { engine } = generator;
    const { request, applied, ignored } = requestFor(run.input, engine);
    await run.enter('ANALYZING');
    await run.enter('PROCESSING');
    const live = generationProgressOf(run);
    const answer = await withProviderRetry(run, () => generator.generate(request, live.signal, live.progress)).finally(live.finish);
    await run.enter('FINALIZING');
    const saved = await storeAll(run, answer.images, run.input);
    const common = {
      provider: engine.name,
      engine: engine.label,
      model: engine.model,
      placeholder: engine.placeholder,
      style,
      ...(engine.options.includes(ImageEngineOption.ASPECT_RATIO) ? { aspectRatio: request.aspectRatio } : {}),
      ...(request.negativePrompt ? { negativePrompt: request.negativePrompt } : {}),
      count: saved.length,
      applied,
      ...(ignored.length ? { ignored } : {}),
      ...formatOf(run.input),
    };
    const [first, ...others] = saved.map((s, i) => {
      const image = answer.images[i]!;
      const seed = image.seed ?? answer.seed;
      return { content: s.url, metadata: { ...common, ...(seed !== null ? { seed } : {}), ...image.details, width: s.width, height: s.height } };
    });
    const summary = summaryOf(saved.length, engine.placeholder);
    return {
      prompt,
      content: first!.content,
      published: publish,
      metadata: first!.metadata,
      ...(others.length ? { extras: others } : {}),
      ...(summary ? { summary } : {}),
    };
  },
});

/**
 * The job's closing message: a placeholder says what it is, never a plain "Done" (docs/engines.md,
 * "Placeholder pictures"); several pictures are counted.
 */
function summaryOf(count: number, placeholder: boolean): string | undefined {
  if (placeholder) return `${count > 1 ? `${count} placeholders` : 'Placeholder'} created — connect an image engine to make real pictures`;
  return count > 1 ? `Made ${count} pictures` : undefined;
}

import type { ImageStyle } from '../../server/domain.js';
import type { Tool } from '../pipeline.js';
import { store } from '../image-output.js';
import { withProviderRetry } from '../retry.js';

export interface ImageInput {
  description: string;
  style: ImageStyle;
  publish: boolean;
  prompt: string;
}

export const generateImageJob: Tool<ImageInput> = async (run) => {
  const { description, style, publish, prompt } = run.input;
  const { generator } = run.services.images;
  await run.report.enter('ANALYZING', 10, 'Reading your description');
  await run.report.enter('PROCESSING', 25, 'Painting');
  const output = await withProviderRetry(run, () => generator.generate({ description, style, prompt }, run.signal));
  await run.report.enter('FINALIZING', 90, 'Saving the image');
  const saved = await store(run, output);
  return {
    type: 'IMAGE',
    prompt,
    content: saved.url,
    published: publish,
    metadata: { provider: generator.name, style, width: saved.width, height: saved.height },
  };
};

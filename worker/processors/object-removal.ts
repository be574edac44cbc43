import { objectPrompt } from '../../server/modules/image/prompts.js';
import type { Tool } from '../pipeline.js';
import { store } from '../image-output.js';
import { withProviderRetry } from '../retry.js';
import { progressOf, readImage, type UploadInput } from './background-removal.js';

export interface ObjectInput extends UploadInput {
  object: string;
}

export const removeObjectJob: Tool<ObjectInput> = async (run) => {
  const { objects } = run.services.images;
  const { object, uploadKey, maskKey } = run.input;
  await run.report.enter('ANALYZING', 10, 'Analyzing');
  const image = await readImage(run.services, uploadKey);
  const mask = maskKey ? (await readImage(run.services, maskKey)).bytes : undefined;
  await run.report.enter('PROCESSING', 25, mask ? 'Processing' : `Looking for the ${object}`);
  const output = await withProviderRetry(run, () => objects.remove(image.bytes, object, mask, run.signal, progressOf(run)));
  await run.report.enter('FINALIZING', 90, output.summary ?? 'Finalizing');
  const saved = await store(run, output);
  return {
    type: 'OBJECT_REMOVAL',
    prompt: objectPrompt(object),
    content: saved.url,
    ...(output.summary ? { summary: output.summary } : {}),
    metadata: {
      provider: objects.name,
      object,
      masked: Boolean(mask),
      ...(output.summary ? { summary: output.summary } : {}),
      ...output.details,
      width: image.width,
      height: image.height,
      filename: run.input.filename,
    },
  };
};

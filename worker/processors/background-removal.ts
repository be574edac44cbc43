import sharp from 'sharp';
import { AppError, ErrorCode } from '../../server/errors.js';
import { deletePrivateUpload, readPrivateUpload } from '../../server/uploads.js';
import { BACKGROUND_PROMPT } from '../../server/modules/image/prompts.js';
import type { WorkerServices } from '../context.js';
import type { Cleanup, Tool, ToolRun } from '../pipeline.js';
import { store } from '../image-output.js';
import { withProviderRetry } from '../retry.js';

export interface UploadInput {
  uploadKey: string;
  maskKey?: string;
  filename: string;
}

/** Reads a job's private upload and checks it decodes within the pixel limit. */
export async function readImage(services: WorkerServices, key: string): Promise<{ bytes: Buffer; width: number; height: number }> {
  const bytes = await readPrivateUpload(services.config.dataDir, key).catch(() => {
    throw new AppError(ErrorCode.NOT_FOUND, 'The uploaded image is no longer available. Please upload it again.');
  });
  const meta = await sharp(bytes, { limitInputPixels: services.config.IMAGE_MAX_PIXELS }).metadata();
  return { bytes, width: meta.width ?? 0, height: meta.height ?? 0 };
}

/** A provider's progress as PROCESSING updates of the job (in order, never blocking the provider). */
export function progressOf(run: ToolRun<unknown>): (percent: number, message: string) => void {
  let chain = Promise.resolve();
  return (percent, message) => {
    chain = chain.then(() => run.report.enter('PROCESSING', percent, message)).catch(() => {});
  };
}

export const removeBackgroundJob: Tool<UploadInput> = async (run) => {
  const { background } = run.services.images;
  await run.report.enter('ANALYZING', 10, 'Reading the image');
  const image = await readImage(run.services, run.input.uploadKey);
  await run.report.enter('PROCESSING', 25, 'Separating the subject from the background');
  const output = await withProviderRetry(run, () => background.remove(image.bytes, run.signal, progressOf(run)));
  await run.report.enter('FINALIZING', 90, 'Saving the cut-out');
  const saved = await store(run, output);
  return {
    type: 'BACKGROUND_REMOVAL',
    prompt: BACKGROUND_PROMPT,
    content: saved.url,
    metadata: { provider: background.name, width: image.width, height: image.height, filename: run.input.filename },
  };
};

/** Uploaded images are deleted as soon as their job has ended. */
export const deleteUploads: Cleanup<UploadInput> = async (input, services) => {
  await deletePrivateUpload(services.config.dataDir, input.uploadKey);
  if (input.maskKey) await deletePrivateUpload(services.config.dataDir, input.maskKey);
};

// What image tools share on the worker side: reading a job's private upload, and turning a
// provider's progress into the job's PROCESSING updates.
import sharp from 'sharp';
import { AppError, ErrorCode } from '../server/shared/platform/errors.js';
import type { ToolRun } from './tools/processor.js';
import type { WorkerServices } from './context.js';

/** Reads a job's private upload (from the store the API put it in) and checks it decodes within the pixel limit. */
export async function readImage(services: WorkerServices, key: string | undefined): Promise<{ bytes: Buffer; width: number; height: number }> {
  const bytes = await (key ? services.storage.readUpload(key) : Promise.reject(new Error('no upload'))).catch(() => {
    throw new AppError(ErrorCode.NOT_FOUND, 'The uploaded image is no longer available. Please upload it again.');
  });
  const meta = await sharp(bytes, { limitInputPixels: services.config.IMAGE_MAX_PIXELS }).metadata();
  return { bytes, width: meta.width ?? 0, height: meta.height ?? 0 };
}

/** A provider's progress as PROCESSING updates of the job (in order, never blocking the provider). */
export function progressOf(run: ToolRun<unknown, unknown>): (percent: number, message: string) => void {
  let chain = Promise.resolve();
  return (percent, message) => {
    chain = chain.then(() => run.report.enter('PROCESSING', percent, message)).catch(() => {});
  };
}

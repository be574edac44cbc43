import { PDF_MAX_INFLATED_BYTES, PDF_MAX_PAGES, PDF_MAX_TEXT_CHARS, RESUME_TEXT_MAX_CHARS } from '../../server/constants.js';
import { AppError, ErrorCode } from '../../server/errors.js';
import { deletePrivateUpload, readPrivateUpload } from '../../server/uploads.js';
import { RESUME_CREATION_PROMPT, RESUME_PROMPT } from '../../server/modules/text/prompts.js';
import type { Cleanup, Tool } from '../pipeline.js';
import { readPdfText } from '../pdf/read.js';
import { streamText } from '../stream-text.js';

export interface ResumeInput {
  uploadKey: string;
  filename: string;
}

export const reviewResumeJob: Tool<ResumeInput> = async (run) => {
  const { uploadKey, filename } = run.input;
  await run.report.enter('ANALYZING', 10, 'Reading the resume');
  const bytes = await readPrivateUpload(run.services.config.dataDir, uploadKey).catch(() => {
    throw new AppError(ErrorCode.NOT_FOUND, 'The uploaded resume is no longer available. Please upload it again.');
  });
  const { config, log } = run.services;
  const limits = { maxPages: PDF_MAX_PAGES, maxChars: PDF_MAX_TEXT_CHARS, maxInflatedBytes: PDF_MAX_INFLATED_BYTES, timeoutMs: config.PDF_READ_TIMEOUT_MS, memoryMb: config.PDF_READ_MEMORY_MB };
  const { text, pages, peakMb, ms } = await readPdfText(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), limits, run.signal);
  log.debug({ jobId: run.job.id, pages, characters: text.length, ms, peakMb }, 'resume PDF read');
  const resumeText = text.slice(0, RESUME_TEXT_MAX_CHARS);
  await run.report.enter('PROCESSING', 25, 'Analyzing');
  const review = await streamText(run, { task: 'resume', prompt: RESUME_PROMPT + resumeText, resumeText }, (t) => 25 + 65 * Math.min(1, t.length / 3000));
  await run.report.enter('FINALIZING', 95, 'Generating the report');
  const { name: provider, model } = run.services.text;
  return { type: 'RESUME_REVIEW', prompt: RESUME_CREATION_PROMPT, content: review, metadata: { provider, model, filename, pages, characters: text.length } };
};

/** The resume is personal data: it is deleted as soon as its job has ended. */
export const deleteResume: Cleanup<ResumeInput> = (input, services) => deletePrivateUpload(services.config.dataDir, input.uploadKey);

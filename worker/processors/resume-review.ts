import { extractText, getDocumentProxy } from 'unpdf';
import { RESUME_TEXT_MAX_CHARS } from '../../server/constants.js';
import { AppError, ErrorCode } from '../../server/errors.js';
import { deletePrivateUpload, readPrivateUpload } from '../../server/uploads.js';
import { RESUME_CREATION_PROMPT, RESUME_PROMPT } from '../../server/modules/text/prompts.js';
import type { Cleanup, Tool } from '../pipeline.js';
import { streamText } from '../stream-text.js';

export interface ResumeInput {
  uploadKey: string;
  filename: string;
}

/** Text of every page of a PDF, with a clear error for a file that is not one. */
export async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  try {
    const pdf = await getDocumentProxy(bytes);
    const { text, totalPages } = await extractText(pdf, { mergePages: true });
    return { text: text.replace(/[ \t]+\n/g, '\n').trim(), pages: totalPages };
  } catch (e) {
    throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, `This PDF could not be read (${(e as Error).message}). Please export it again and retry.`);
  }
}

export const reviewResumeJob: Tool<ResumeInput> = async (run) => {
  const { uploadKey, filename } = run.input;
  await run.report.enter('ANALYZING', 10, 'Reading the resume');
  const bytes = await readPrivateUpload(run.services.config.dataDir, uploadKey).catch(() => {
    throw new AppError(ErrorCode.NOT_FOUND, 'The uploaded resume is no longer available. Please upload it again.');
  });
  const { text, pages } = await pdfText(new Uint8Array(bytes));
  const resumeText = text.slice(0, RESUME_TEXT_MAX_CHARS);
  await run.report.enter('PROCESSING', 25, 'Analyzing');
  const review = await streamText(run, { task: 'resume', prompt: RESUME_PROMPT + resumeText, resumeText }, (t) => 25 + 65 * Math.min(1, t.length / 3000));
  await run.report.enter('FINALIZING', 95, 'Generating the report');
  const { name: provider, model } = run.services.text;
  return { type: 'RESUME_REVIEW', prompt: RESUME_CREATION_PROMPT, content: review, metadata: { provider, model, filename, pages, characters: text.length } };
};

/** The resume is personal data: it is deleted as soon as its job has ended. */
export const deleteResume: Cleanup<ResumeInput> = (input, services) => deletePrivateUpload(services.config.dataDir, input.uploadKey);

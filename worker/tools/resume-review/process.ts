// The worker's half of the resume-review tool (its definition: server/shared/tools/resume-review.ts).
import { defineProcessor } from '../processor.js';
import { resumeReviewTool } from '../../../server/shared/tools/resume-review.js';
import { readPdfText } from '../../pdf/read.js';
import { streamText, textMetadata } from '../../stream-text.js';
import { resumeProblem, reviewResume } from './offline-writer.js';
import { PDF_MAX_INFLATED_BYTES, PDF_MAX_PAGES, PDF_MAX_TEXT_CHARS, RESUME_TEXT_MAX_CHARS } from '../../../server/shared/platform/constants.js';
import { AppError, ErrorCode } from '../../../server/shared/platform/errors.js';

/** What the model is asked (product §7), followed by the resume's text. */
const REVIEW_PROMPT = 'Review the following resume and provide constructive feedback on its strengths, weaknesses, and areas for improvement. Resume Content:\n\n';

export const resumeReviewProcessor = defineProcessor(resumeReviewTool, {
  provider: (services) => services.text(),
  async process(run) {
    const { uploadKey, filename, prompt } = run.input;
    await run.enter('ANALYZING');
    const bytes = await (uploadKey ? run.services.storage.readUpload(uploadKey) : Promise.reject(new Error('no upload'))).catch(() => {
      throw new AppError(ErrorCode.NOT_FOUND, 'The uploaded resume is no longer available. Please upload it again.');
    });
    const { config, log } = run.services;
    const limits = {
      maxPages: PDF_MAX_PAGES,
      maxChars: PDF_MAX_TEXT_CHARS,
      maxInflatedBytes: PDF_MAX_INFLATED_BYTES,
      timeoutMs: config.PDF_READ_TIMEOUT_MS,
      memoryMb: config.PDF_READ_MEMORY_MB,
    };
    const { text, pages, peakMb, ms } = await readPdfText(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), limits, run.signal);
    log.debug({ jobId: run.job.id, pages, characters: text.length, ms, peakMb }, 'resume PDF read');
    const resumeText = text.slice(0, RESUME_TEXT_MAX_CHARS);
    // Before any writer sees it: a PDF that is not a resume is told so, not scored.
    const notAResume = resumeProblem(resumeText);
    if (notAResume) throw new AppError(ErrorCode.BAD_USER_INPUT, notAResume, { reason: 'NOT_A_RESUME' });
    await run.enter('PROCESSING');
    const request = { prompt: REVIEW_PROMPT + resumeText, maxTokens: 1800, offline: () => reviewResume(resumeText) };
    const review = await streamText(run, request, (t) => t.length / 3000);
    await run.enter('FINALIZING');
    return { prompt, content: review, metadata: { ...textMetadata(run.provider), filename, pages, characters: text.length } };
  },
});

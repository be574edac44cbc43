// The text tools: article writer, blog titles and resume review. Each validates its
// input, composes the prompt of spec §7 and hands a job to the pipeline.
import { z } from 'zod';
import type { Services } from '../../context.js';
import type { User } from '../../db/generated/client.js';
import { AppError, ErrorCode } from '../../errors.js';
import { parseInput, requiredText } from '../../validation.js';
import { KEYWORD_MAX_LENGTH, TOPIC_MAX_LENGTH } from '../../constants.js';
import { deletePrivateUpload, requirePdf, savePrivateUpload, type UploadedFile } from '../../uploads.js';
import { articlePrompt, titlesPrompt } from './prompts.js';
import { ToolKind } from '../job/job.kinds.js';
import type { Job, JobService } from '../job/job.service.js';
import { ArticleLength, BlogCategory } from '../../domain.js';


const articleSchema = z.object({
  topic: requiredText('Please enter a topic for the article', TOPIC_MAX_LENGTH, `The topic is too long (at most ${TOPIC_MAX_LENGTH} characters)`),
  length: z.enum(ArticleLength, { message: 'Length must be SHORT, MEDIUM or LONG' }).default('SHORT'),
});
const titlesSchema = z.object({
  keyword: requiredText('Please enter a keyword', KEYWORD_MAX_LENGTH, `The keyword is too long (at most ${KEYWORD_MAX_LENGTH} characters)`),
  category: z.enum(BlogCategory, { message: 'Unknown blog category' }).default('GENERAL'),
});

export class TextToolService {
  constructor(
    private readonly services: Services,
    private readonly jobs: JobService,
  ) {}

  generateArticle(user: User, input: unknown): Promise<Job> {
    const { topic, length } = parseInput(articleSchema, input);
    return this.jobs.enqueue(user, ToolKind.ARTICLE, { topic, length, prompt: articlePrompt(topic, length) }, { textQuota: true });
  }

  generateBlogTitles(user: User, input: unknown): Promise<Job> {
    const { keyword, category } = parseInput(titlesSchema, input);
    return this.jobs.enqueue(user, ToolKind.BLOG_TITLES, { keyword, category, prompt: titlesPrompt(keyword, category) }, { textQuota: true });
  }

  /** `file` is read lazily, after the plan, rate and running-jobs checks, so a refused upload is never read or stored. */
  async reviewResume(user: User, file: () => Promise<UploadedFile | undefined>): Promise<Job> {
    await this.jobs.admit(user, { premium: true });
    const upload = await file();
    if (!upload) throw new AppError(ErrorCode.BAD_USER_INPUT, 'Please select a resume file first');
    await requirePdf(upload);
    const { dataDir } = this.services.config;
    const key = await savePrivateUpload(dataDir, upload.bytes, 'pdf');
    try {
      return await this.jobs.enqueue(user, ToolKind.RESUME_REVIEW, { uploadKey: key, filename: upload.filename.slice(0, 200) }, { premium: true, admitted: true });
    } catch (e) {
      await deletePrivateUpload(dataDir, key);
      throw e;
    }
  }
}

import type { Processor } from 'bullmq';
import { ToolKind } from '../../server/modules/job/job.kinds.js';
import type { WorkerServices } from '../context.js';
import { processorFor } from '../pipeline.js';
import { writeArticleJob } from './article.js';
import { writeBlogTitlesJob } from './blog-titles.js';
import { deleteResume, reviewResumeJob } from './resume-review.js';
import { noopJob } from './noop.js';
import { generateImageJob } from './image.js';
import { deleteUploads, removeBackgroundJob } from './background-removal.js';
import { removeObjectJob } from './object-removal.js';

/** Queue name → processor, for every tool a worker runs. */
export function processors(services: WorkerServices): Partial<Record<ToolKind, Processor>> {
  return {
    [ToolKind.ARTICLE]: processorFor(services, writeArticleJob),
    [ToolKind.BLOG_TITLES]: processorFor(services, writeBlogTitlesJob),
    [ToolKind.RESUME_REVIEW]: processorFor(services, reviewResumeJob, deleteResume),
    [ToolKind.IMAGE]: processorFor(services, generateImageJob),
    [ToolKind.BACKGROUND_REMOVAL]: processorFor(services, removeBackgroundJob, deleteUploads),
    [ToolKind.OBJECT_REMOVAL]: processorFor(services, removeObjectJob, deleteUploads),
    ...(services.config.ENABLE_NOOP_TOOL ? { [ToolKind.NOOP]: processorFor(services, noopJob) } : {}),
  };
}

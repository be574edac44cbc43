import { GraphQLUpload, type FileUpload } from 'graphql-upload-minimal';
import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { requireUser, type Context, type Services } from '../../context.js';
import { readUpload } from '../../uploads.js';
import type { Job } from '../job/job.service.js';
import { JobObject } from '../job/job.types.js';
import { GenerateArticleInput, GenerateBlogTitlesInput } from './text.types.js';
import type { TextToolService } from './text.service.js';

type TextContext = Context<{ text: TextToolService; services: Pick<Services, 'config'> }>;

@Resolver()
export class TextToolResolver {
  @Mutation(() => JobObject, { description: 'Starts writing an article; follow it with jobProgress' })
  generateArticle(@Arg('input', () => GenerateArticleInput) input: GenerateArticleInput, @Ctx() ctx: TextContext): Promise<Job> {
    return ctx.app.text.generateArticle(requireUser(ctx), input);
  }

  @Mutation(() => JobObject, { description: 'Starts generating ten blog titles; follow it with jobProgress' })
  generateBlogTitles(@Arg('input', () => GenerateBlogTitlesInput) input: GenerateBlogTitlesInput, @Ctx() ctx: TextContext): Promise<Job> {
    return ctx.app.text.generateBlogTitles(requireUser(ctx), input);
  }

  @Mutation(() => JobObject, { description: 'Starts reviewing a PDF resume (Premium); follow it with jobProgress' })
  reviewResume(@Arg('resume', () => GraphQLUpload) resume: Promise<FileUpload>, @Ctx() ctx: TextContext): Promise<Job> {
    const user = requireUser(ctx);
    return ctx.app.text.reviewResume(user, () => readUpload(resume, ctx.app.services.config.UPLOAD_MAX_BYTES));
  }
}

import 'reflect-metadata';
import { GraphQLUpload, type FileUpload } from 'graphql-upload-minimal';
import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { requireUser, type Context, type Services } from '../../context.js';
import type { Job } from '../../modules/job/job.service.js';
import { JobObject } from '../../modules/job/job.types.js';
import { graphqlFiles, type ToolService } from '../tool.service.js';

@Resolver()
export class ResumeReviewResolver {
  @Mutation(() => JobObject, { description: 'Starts reviewing a PDF resume (Premium); follow it with jobProgress' })
  reviewResume(@Arg('resume', () => GraphQLUpload) resume: Promise<FileUpload>, @Ctx() ctx: Context<{ tools: ToolService; services: Pick<Services, 'config'> }>): Promise<Job> {
    const files = graphqlFiles({ resume });
    return ctx.app.tools.start('resume-review', requireUser(ctx), { input: () => ({}), files });
  }
}

import 'reflect-metadata';
import { GraphQLUpload, type FileUpload } from 'graphql-upload-minimal';
import { Arg, Ctx, Int, Mutation, Resolver } from 'type-graphql';
import { requireUser, type Context, type Services } from '../../context.js';
import type { Job } from '../../modules/job/job.service.js';
import { JobObject } from '../../modules/job/job.types.js';
import { graphqlFiles, type ToolService } from '../tool.service.js';

@Resolver()
export class UpscaleImageResolver {
  @Mutation(() => JobObject, { description: 'Starts making an image 2× or 4× larger (Premium); follow it with jobProgress' })
  upscaleImage(
    @Arg('image', () => GraphQLUpload) image: Promise<FileUpload>,
    @Arg('scale', () => Int, { defaultValue: 2, description: '2 or 4' }) scale: number,
    @Ctx() ctx: Context<{ tools: ToolService; services: Pick<Services, 'config'> }>,
  ): Promise<Job> {
    const files = graphqlFiles({ image });
    return ctx.app.tools.start('upscale-image', requireUser(ctx), { input: () => ({ scale }), files });
  }
}

import 'reflect-metadata';
import { GraphQLUpload, type FileUpload } from 'graphql-upload-minimal';
import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { requireUser, type Context, type Services } from '../../context.js';
import type { Job } from '../../modules/job/job.service.js';
import { JobObject } from '../../modules/job/job.types.js';
import { graphqlFiles, type ToolService } from '../tool.service.js';

@Resolver()
export class BackgroundRemovalResolver {
  @Mutation(() => JobObject, { description: 'Starts removing the background of an image (Premium)' })
  removeBackground(@Arg('image', () => GraphQLUpload) image: Promise<FileUpload>, @Ctx() ctx: Context<{ tools: ToolService; services: Pick<Services, 'config'> }>): Promise<Job> {
    const files = graphqlFiles({ image });
    return ctx.app.tools.start('background-removal', requireUser(ctx), { input: () => ({}), files });
  }
}

import 'reflect-metadata';
import { GraphQLUpload, type FileUpload } from 'graphql-upload-minimal';
import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { requireUser, type Context, type Services } from '../../context.js';
import type { Job } from '../../modules/job/job.service.js';
import { JobObject } from '../../modules/job/job.types.js';
import { graphqlFiles, type ToolService } from '../tool.service.js';

@Resolver()
export class ObjectRemovalResolver {
  @Mutation(() => JobObject, { description: 'Starts removing one object from an image (Premium); mask: white where the object is' })
  removeObject(
    @Arg('image', () => GraphQLUpload) image: Promise<FileUpload>,
    @Arg('object') object: string,
    @Arg('mask', () => GraphQLUpload, { nullable: true }) mask: Promise<FileUpload> | null,
    @Ctx() ctx: Context<{ tools: ToolService; services: Pick<Services, 'config'> }>,
  ): Promise<Job> {
    const files = graphqlFiles({ image, mask });
    return ctx.app.tools.start('object-removal', requireUser(ctx), { input: () => ({ object }), files });
  }
}

import { GraphQLUpload, type FileUpload } from 'graphql-upload-minimal';
import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { requireUser, type Context, type Services } from '../../context.js';
import { readUpload } from '../../uploads.js';
import type { Job } from '../job/job.service.js';
import { JobObject } from '../job/job.types.js';
import { GenerateImageInput } from './image.types.js';
import type { ImageToolService } from './image.service.js';

type ImageContext = Context<{ images: ImageToolService; services: Pick<Services, 'config'> }>;

@Resolver()
export class ImageToolResolver {
  @Mutation(() => JobObject, { description: 'Starts generating an image (Premium); follow it with jobProgress' })
  generateImage(@Arg('input', () => GenerateImageInput) input: GenerateImageInput, @Ctx() ctx: ImageContext): Promise<Job> {
    return ctx.app.images.generateImage(requireUser(ctx), input);
  }

  @Mutation(() => JobObject, { description: 'Starts removing the background of an image (Premium)' })
  removeBackground(@Arg('image', () => GraphQLUpload) image: Promise<FileUpload>, @Ctx() ctx: ImageContext): Promise<Job> {
    const max = ctx.app.services.config.UPLOAD_MAX_BYTES;
    return ctx.app.images.removeBackground(requireUser(ctx), () => readUpload(image, max));
  }

  @Mutation(() => JobObject, { description: 'Starts removing one object from an image (Premium); mask: white where the object is' })
  removeObject(
    @Arg('image', () => GraphQLUpload) image: Promise<FileUpload>,
    @Arg('object') object: string,
    @Arg('mask', () => GraphQLUpload, { nullable: true }) mask: Promise<FileUpload> | null,
    @Ctx() ctx: ImageContext,
  ): Promise<Job> {
    const max = ctx.app.services.config.UPLOAD_MAX_BYTES;
    return ctx.app.images.removeObject(
      requireUser(ctx),
      () => readUpload(image, max),
      () => object,
      async () => (mask ? readUpload(mask, max) : undefined),
    );
  }
}

import 'reflect-metadata';
import { Arg, Ctx, Field, InputType, Mutation, Resolver, registerEnumType } from 'type-graphql';
import { requireUser, type Context } from '../../context.js';
import { ImageStyle } from '../../shared/platform/domain.js';
import type { Job } from '../../modules/job/job.service.js';
import { JobObject } from '../../modules/job/job.types.js';
import type { ToolService } from '../tool.service.js';

registerEnumType(ImageStyle, { name: 'ImageStyle' });

@InputType()
export class GenerateImageInput {
  @Field()
  description!: string;

  @Field(() => ImageStyle, { defaultValue: ImageStyle.REALISTIC })
  style!: ImageStyle;

  @Field({ defaultValue: false, description: 'Share it in the community gallery' })
  publish!: boolean;
}

@Resolver()
export class GenerateImageResolver {
  @Mutation(() => JobObject, { description: 'Starts generating an image (Premium); follow it with jobProgress' })
  generateImage(@Arg('input', () => GenerateImageInput) input: GenerateImageInput, @Ctx() ctx: Context<{ tools: ToolService }>): Promise<Job> {
    return ctx.app.tools.start('image', requireUser(ctx), { input: () => input });
  }
}

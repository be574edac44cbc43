import 'reflect-metadata';
import { Arg, Ctx, Field, InputType, Mutation, Resolver, registerEnumType } from 'type-graphql';
import { requireUser, type Context } from '../../context.js';
import { BlogCategory } from '../../shared/platform/domain.js';
import type { Job } from '../../modules/job/job.service.js';
import { JobObject } from '../../modules/job/job.types.js';
import type { ToolService } from '../tool.service.js';

registerEnumType(BlogCategory, { name: 'BlogCategory' });

@InputType()
export class GenerateBlogTitlesInput {
  @Field()
  keyword!: string;

  @Field(() => BlogCategory, { defaultValue: BlogCategory.GENERAL })
  category!: BlogCategory;
}

@Resolver()
export class BlogTitlesResolver {
  @Mutation(() => JobObject, { description: 'Starts generating ten blog titles; follow it with jobProgress' })
  generateBlogTitles(@Arg('input', () => GenerateBlogTitlesInput) input: GenerateBlogTitlesInput, @Ctx() ctx: Context<{ tools: ToolService }>): Promise<Job> {
    return ctx.app.tools.start('blog-titles', requireUser(ctx), { input: () => input });
  }
}

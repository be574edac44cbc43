import 'reflect-metadata';
import { Arg, Ctx, Field, InputType, Mutation, Resolver, registerEnumType } from 'type-graphql';
import { requireUser, type Context } from '../../context.js';
import { ArticleLength } from '../../shared/platform/domain.js';
import type { Job } from '../../modules/job/job.service.js';
import { JobObject } from '../../modules/job/job.types.js';
import type { ToolService } from '../tool.service.js';

registerEnumType(ArticleLength, { name: 'ArticleLength', description: 'Short 500–800, Medium 800–1200, Long 1200–1600 words' });

@InputType()
export class GenerateArticleInput {
  @Field()
  topic!: string;

  @Field(() => ArticleLength, { defaultValue: ArticleLength.SHORT })
  length!: ArticleLength;
}

@Resolver()
export class ArticleResolver {
  @Mutation(() => JobObject, { description: 'Starts writing an article; follow it with jobProgress' })
  generateArticle(@Arg('input', () => GenerateArticleInput) input: GenerateArticleInput, @Ctx() ctx: Context<{ tools: ToolService }>): Promise<Job> {
    return ctx.app.tools.start('article', requireUser(ctx), { input: () => input });
  }
}

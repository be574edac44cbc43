import { Field, InputType, registerEnumType } from 'type-graphql';

export const ArticleLength = { SHORT: 'SHORT', MEDIUM: 'MEDIUM', LONG: 'LONG' } as const;
export type ArticleLength = (typeof ArticleLength)[keyof typeof ArticleLength];

export const BlogCategory = {
  GENERAL: 'GENERAL',
  TECHNOLOGY: 'TECHNOLOGY',
  BUSINESS: 'BUSINESS',
  HEALTH: 'HEALTH',
  LIFESTYLE: 'LIFESTYLE',
  EDUCATION: 'EDUCATION',
  TRAVEL: 'TRAVEL',
  FOOD: 'FOOD',
} as const;
export type BlogCategory = (typeof BlogCategory)[keyof typeof BlogCategory];

registerEnumType(ArticleLength, { name: 'ArticleLength', description: 'Short 500–800, Medium 800–1200, Long 1200–1600 words' });
registerEnumType(BlogCategory, { name: 'BlogCategory' });

@InputType()
export class GenerateArticleInput {
  @Field()
  topic!: string;

  @Field(() => ArticleLength, { defaultValue: ArticleLength.SHORT })
  length!: ArticleLength;
}

@InputType()
export class GenerateBlogTitlesInput {
  @Field()
  keyword!: string;

  @Field(() => BlogCategory, { defaultValue: BlogCategory.GENERAL })
  category!: BlogCategory;
}

import { Field, InputType, registerEnumType } from 'type-graphql';

import { ArticleLength, BlogCategory } from '../../domain.js';

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

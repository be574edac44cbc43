import { Field, InputType, registerEnumType } from 'type-graphql';

import { ImageStyle } from '../../domain.js';

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

import { Field, InputType, registerEnumType } from 'type-graphql';

export const ImageStyle = {
  REALISTIC: 'REALISTIC',
  GHIBLI: 'GHIBLI',
  ANIME: 'ANIME',
  CARTOON: 'CARTOON',
  FANTASY: 'FANTASY',
  THREE_D: 'THREE_D',
  PORTRAIT: 'PORTRAIT',
} as const;
export type ImageStyle = (typeof ImageStyle)[keyof typeof ImageStyle];

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

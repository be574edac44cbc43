import { graphql } from '../../../gql';

export const RemoveBackgroundMutation = graphql(`
  mutation RemoveBackground(
    $image: Upload
    $sourceCreationId: ID
    $background: BackgroundFill
    $color: String
    $backgroundImage: Upload
    $crop: Boolean
    $margin: Int
    $shadow: Boolean
    $format: ImageOutputFormat
    $quality: Int
  ) {
    removeBackground(
      image: $image
      sourceCreationId: $sourceCreationId
      background: $background
      color: $color
      backgroundImage: $backgroundImage
      crop: $crop
      margin: $margin
      shadow: $shadow
      format: $format
      quality: $quality
    ) {
      id
      phase
      percent
      message
    }
  }
`);

import { graphql } from '../../../gql';

export const UpscaleImageMutation = graphql(`
  mutation UpscaleImage($image: Upload, $sourceCreationId: ID, $scale: Int!, $format: ImageOutputFormat, $quality: Int) {
    upscaleImage(image: $image, sourceCreationId: $sourceCreationId, scale: $scale, format: $format, quality: $quality) {
      id
      phase
      percent
      message
    }
  }
`);

import { graphql } from '../../../gql';

export const UpscaleImageMutation = graphql(`
  mutation UpscaleImage($image: Upload, $sourceCreationId: ID, $scale: Int!) {
    upscaleImage(image: $image, sourceCreationId: $sourceCreationId, scale: $scale) {
      id
      phase
      percent
      message
    }
  }
`);

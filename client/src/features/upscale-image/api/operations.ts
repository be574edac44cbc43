import { graphql } from '../../../gql';

export const UpscaleImageMutation = graphql(`
  mutation UpscaleImage($image: Upload!, $scale: Int!) {
    upscaleImage(image: $image, scale: $scale) {
      id
      phase
      percent
      message
    }
  }
`);

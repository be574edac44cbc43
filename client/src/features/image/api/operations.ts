import { graphql } from '../../../gql';

export const GenerateImageMutation = graphql(`
  mutation GenerateImage($input: GenerateImageInput!) {
    generateImage(input: $input) {
      id
      phase
      percent
      message
    }
  }
`);

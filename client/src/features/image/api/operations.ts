import { graphql } from '../../../gql';

export const GenerateImageMutation = graphql(`
  mutation GenerateImage($input: GenerateImageInput!, $jobId: ID) {
    generateImage(input: $input, jobId: $jobId) {
      id
      phase
      percent
      message
    }
  }
`);

import { graphql } from '../../../gql';

export const GenerateBlogTitlesMutation = graphql(`
  mutation GenerateBlogTitles($input: GenerateBlogTitlesInput!, $jobId: ID) {
    generateBlogTitles(input: $input, jobId: $jobId) {
      id
      phase
      percent
      message
    }
  }
`);

import { graphql } from '../../../gql';

export const GenerateBlogTitlesMutation = graphql(`
  mutation GenerateBlogTitles($input: GenerateBlogTitlesInput!) {
    generateBlogTitles(input: $input) {
      id
      phase
      percent
      message
    }
  }
`);

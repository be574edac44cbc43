import { graphql } from '../../../gql';

export const GenerateArticleMutation = graphql(`
  mutation GenerateArticle($input: GenerateArticleInput!, $jobId: ID) {
    generateArticle(input: $input, jobId: $jobId) {
      id
      phase
      percent
      message
    }
  }
`);

import { graphql } from '../../../gql';

export const GenerateArticleMutation = graphql(`
  mutation GenerateArticle($input: GenerateArticleInput!) {
    generateArticle(input: $input) {
      id
      phase
      percent
      message
    }
  }
`);

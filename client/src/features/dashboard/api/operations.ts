import { graphql } from '../../../gql';

export const MyCreationsQuery = graphql(`
  query MyCreations($first: Int!, $after: String) {
    myCreations(first: $first, after: $after) {
      edges {
        cursor
        node {
          id
          type
          prompt
          content
          provider
          placeholder
          madeBy
          published
          moderation
          createdAt
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

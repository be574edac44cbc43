import { graphql } from '../../../gql';

export const EnginesQuery = graphql(`
  query Engines {
    engines {
      image {
        name
        label
        model
        placeholder
        options
      }
      text {
        name
        label
        model
        placeholder
        options
      }
    }
  }
`);

import { graphql } from '../../../gql';

export const RemoveBackgroundMutation = graphql(`
  mutation RemoveBackground($image: Upload!) {
    removeBackground(image: $image) {
      id
      phase
      percent
      message
    }
  }
`);

import { graphql } from '../../../gql';

export const RemoveBackgroundMutation = graphql(`
  mutation RemoveBackground($image: Upload, $sourceCreationId: ID) {
    removeBackground(image: $image, sourceCreationId: $sourceCreationId) {
      id
      phase
      percent
      message
    }
  }
`);

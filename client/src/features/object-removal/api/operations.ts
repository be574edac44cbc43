import { graphql } from '../../../gql';

export const RemoveObjectMutation = graphql(`
  mutation RemoveObject($image: Upload, $sourceCreationId: ID, $object: String, $mask: Upload) {
    removeObject(image: $image, sourceCreationId: $sourceCreationId, object: $object, mask: $mask) {
      id
      phase
      percent
      message
    }
  }
`);

import { graphql } from '../../../gql';

export const RemoveObjectMutation = graphql(`
  mutation RemoveObject($image: Upload!, $object: String, $mask: Upload) {
    removeObject(image: $image, object: $object, mask: $mask) {
      id
      phase
      percent
      message
    }
  }
`);

import { graphql } from '../../../gql';

export const RemoveObjectMutation = graphql(`
  mutation RemoveObject($image: Upload, $sourceCreationId: ID, $object: String, $mask: Upload, $format: ImageOutputFormat, $quality: Int) {
    removeObject(image: $image, sourceCreationId: $sourceCreationId, object: $object, mask: $mask, format: $format, quality: $quality) {
      id
      phase
      percent
      message
    }
  }
`);

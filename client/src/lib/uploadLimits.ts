// The server's limits on uploaded files (UPLOAD_MAX_BYTES and the image types it reads),
// asked once and kept in Apollo's cache: the pickers show them and check a file against
// them before anything is sent.
import { useQuery } from '@apollo/client/react';
import { graphql } from '../gql';
import type { UploadLimitsQuery as UploadLimitsData } from '../gql/graphql';

export const UploadLimitsQuery = graphql(`
  query UploadLimits {
    uploadLimits {
      maxBytes
      imageTypes {
        mime
        name
        extensions
      }
    }
  }
`);

export type UploadLimits = UploadLimitsData['uploadLimits'];

/** The limits, or null until the server has answered (its own checks still apply). */
export function useUploadLimits(): UploadLimits | null {
  return useQuery(UploadLimitsQuery).data?.uploadLimits ?? null;
}

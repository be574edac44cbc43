// The other pictures of a request for several (count > 1): each is its own creation, and
// Creation.batch names the others.
import { graphql } from '../../../gql';
import { apolloClient } from '../../../lib/apollo';

export interface Picture {
  id: string;
  content: string;
  placeholder: boolean;
}

const BatchQuery = graphql(`
  query CreationBatch($id: ID!) {
    creation(id: $id) {
      id
      batch {
        id
        content
        placeholder
      }
    }
  }
`);

/** The other pictures made with `creationId`; none when there are none or they cannot be read now. */
export async function fetchBatch(creationId: string): Promise<Picture[]> {
  try {
    const { data } = await apolloClient.query({ query: BatchQuery, variables: { id: creationId }, fetchPolicy: 'network-only' });
    return data?.creation?.batch ?? [];
  } catch {
    return [];
  }
}

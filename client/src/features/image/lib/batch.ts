// The other pictures of a request for several (count > 1): each is its own creation, and
// Creation.batch names them. The field comes with the image engines' work on the server; this
// asks for it by name and, where the server does not have it yet, the result shows the one picture.
import { parse } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { apolloClient } from '../../../lib/apollo';

export interface Picture {
  id: string;
  content: string;
  placeholder: boolean;
}

interface BatchData {
  creation: { id: string; batch: Picture[] } | null;
}

const BatchQuery: TypedDocumentNode<BatchData, { id: string }> = parse(`
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

/** The other pictures made with `creationId`; none when there are none or the server cannot say. */
export async function fetchBatch(creationId: string): Promise<Picture[]> {
  try {
    const { data } = await apolloClient.query({ query: BatchQuery, variables: { id: creationId }, fetchPolicy: 'network-only' });
    return data?.creation?.batch ?? [];
  } catch {
    return [];
  }
}

import { graphql } from '../../../gql';

export const BatchFieldsFragment = graphql(`
  fragment BatchFields on Batch {
    id
    kind
    status
    runs
    zipUrl
    createdAt
    steps {
      tool
      options
    }
    counts {
      total
      queued
      running
      completed
      failed
      cancelled
    }
    pictures {
      index
      jobId
      filename
      phase
      percent
      step
      message
      error
      creation {
        id
        content
      }
    }
  }
`);

export const MyBatchesQuery = graphql(`
  query MyBatches($first: Int!) {
    myBatches(first: $first) {
      ...BatchFields
    }
  }
`);

export const BatchProgressSubscription = graphql(`
  subscription BatchProgress($batchId: ID!) {
    batchProgress(batchId: $batchId) {
      ...BatchFields
    }
  }
`);

export const CancelBatchMutation = graphql(`
  mutation CancelBatch($id: ID!) {
    cancelBatch(id: $id) {
      ...BatchFields
    }
  }
`);

export const StartBatchMutation = graphql(`
  mutation StartBatch($steps: [BatchStepInput!]!, $images: [Upload!], $zip: Upload) {
    startBatch(steps: $steps, images: $images, zip: $zip) {
      ...BatchFields
    }
  }
`);

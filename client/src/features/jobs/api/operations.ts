import { graphql } from '../../../gql';

export const JobProgressSubscription = graphql(`
  subscription JobProgress($jobId: ID!, $starting: Boolean) {
    jobProgress(jobId: $jobId, starting: $starting) {
      jobId
      phase
      percent
      delta
      offset
      message
      preview
      creation {
        id
        type
        prompt
        content
        provider
        placeholder
        madeBy
        note
        createdAt
      }
    }
  }
`);

export const CancelJobMutation = graphql(`
  mutation CancelJob($id: ID!) {
    cancelJob(id: $id) {
      id
      phase
      percent
      message
    }
  }
`);

export const JobQuery = graphql(`
  query Job($id: ID!) {
    job(id: $id) {
      id
      phase
      percent
      message
      error
      creation {
        id
        type
        prompt
        content
        provider
        placeholder
        madeBy
        note
        createdAt
      }
    }
  }
`);

import { graphql } from '../../../gql';

export const ReviewResumeMutation = graphql(`
  mutation ReviewResume($resume: Upload!) {
    reviewResume(resume: $resume) {
      id
      phase
      percent
      message
    }
  }
`);

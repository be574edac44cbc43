import { graphql } from '../../../gql';

export const SubmitContactMutation = graphql(`
  mutation SubmitContact($input: ContactInput!) {
    submitContact(input: $input)
  }
`);

export const SubmitFeedbackMutation = graphql(`
  mutation SubmitFeedback($input: FeedbackInput!) {
    submitFeedback(input: $input)
  }
`);

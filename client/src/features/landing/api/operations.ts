import { graphql } from '../../../gql';

export const SubscribeNewsletterMutation = graphql(`
  mutation SubscribeNewsletter($email: String!) {
    subscribeNewsletter(email: $email)
  }
`);

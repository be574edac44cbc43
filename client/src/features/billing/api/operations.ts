import { graphql } from '../../../gql';

export const ChangePlanMutation = graphql(`
  mutation ChangePlan($plan: Plan!) {
    changePlan(plan: $plan) {
      id
      plan
    }
  }
`);

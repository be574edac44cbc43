import { graphql } from '../../../gql';

// Account e-mail of built-in accounts (docs/email.md).

export const RequestPasswordResetMutation = graphql(`
  mutation RequestPasswordReset($email: String!) {
    requestPasswordReset(email: $email)
  }
`);

export const ResetPasswordMutation = graphql(`
  mutation ResetPassword($token: String!, $newPassword: String!) {
    resetPassword(token: $token, newPassword: $newPassword) {
      token
    }
  }
`);

export const VerifyEmailMutation = graphql(`
  mutation VerifyEmail($token: String!) {
    verifyEmail(token: $token)
  }
`);

export const ResendVerificationEmailMutation = graphql(`
  mutation ResendVerificationEmail {
    resendVerificationEmail
  }
`);

export const RequestEmailChangeMutation = graphql(`
  mutation RequestEmailChange($newEmail: String!, $password: String!) {
    requestEmailChange(newEmail: $newEmail, password: $password)
  }
`);

export const ConfirmEmailChangeMutation = graphql(`
  mutation ConfirmEmailChange($token: String!) {
    confirmEmailChange(token: $token) {
      id
      email
      emailVerified
    }
  }
`);

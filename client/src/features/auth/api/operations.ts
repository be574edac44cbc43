import { graphql } from '../../../gql';

export const AuthConfigQuery = graphql(`
  query AuthConfig {
    authConfig {
      provider
      clerkPublishableKey
    }
  }
`);

export const MeQuery = graphql(`
  query Me {
    me {
      id
      email
      emailVerified
      firstName
      lastName
      fullName
      imageUrl
      plan
      role
      suspended
      suspendedReason
    }
  }
`);

export const SignInMutation = graphql(`
  mutation SignIn($email: String!, $password: String!) {
    signIn(email: $email, password: $password) {
      token
      user {
        id
      }
    }
  }
`);

export const SignUpMutation = graphql(`
  mutation SignUp($input: SignUpInput!) {
    signUp(input: $input) {
      token
      user {
        id
      }
    }
  }
`);

export const SignOutMutation = graphql(`
  mutation SignOut {
    signOut
  }
`);

export const ChangePasswordMutation = graphql(`
  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {
    changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {
      token
    }
  }
`);

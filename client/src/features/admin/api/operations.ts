import { graphql } from '../../../gql';

// The admin area (docs/moderation.md, "Admin area"): every field here is refused (FORBIDDEN) to
// anyone without the role it needs; the page shows moderators only what they may use.

export const ModerationQueueQuery = graphql(`
  query AdminModerationQueue($first: Int!) {
    adminModerationQueue(first: $first) {
      total
      items {
        state
        openReports
        screening
        waitingSince
        creation {
          id
          prompt
          content
          published
        }
        owner {
          id
          email
          firstName
          suspendedAt
        }
        reports {
          id
          reason
          note
          createdAt
          resolvedAt
        }
      }
    }
  }
`);

export const HideCreationMutation = graphql(`
  mutation AdminHideCreation($id: ID!, $reason: String!) {
    adminHideCreation(id: $id, reason: $reason) {
      state
      creation {
        id
      }
    }
  }
`);

export const RestoreCreationMutation = graphql(`
  mutation AdminRestoreCreation($id: ID!, $reason: String) {
    adminRestoreCreation(id: $id, reason: $reason) {
      state
      creation {
        id
      }
    }
  }
`);

export const AdminUsersQuery = graphql(`
  query AdminUsers($search: String, $first: Int!) {
    adminUsers(search: $search, first: $first) {
      ...AdminUserRow
    }
  }
`);

export const AdminUserRowFragment = graphql(`
  fragment AdminUserRow on AdminUser {
    id
    email
    firstName
    lastName
    plan
    role
    suspendedAt
    suspendedReason
    createdAt
  }
`);

export const SuspendUserMutation = graphql(`
  mutation AdminSuspendUser($id: ID!, $reason: String!) {
    adminSuspendUser(id: $id, reason: $reason) {
      ...AdminUserRow
    }
  }
`);

export const RestoreUserMutation = graphql(`
  mutation AdminRestoreUser($id: ID!, $reason: String) {
    adminRestoreUser(id: $id, reason: $reason) {
      ...AdminUserRow
    }
  }
`);

export const SetUserRoleMutation = graphql(`
  mutation AdminSetUserRole($id: ID!, $role: Role!) {
    adminSetUserRole(id: $id, role: $role) {
      ...AdminUserRow
    }
  }
`);

export const AuditLogQuery = graphql(`
  query AdminAuditLog($first: Int!) {
    adminAuditLog(first: $first) {
      id
      action
      targetType
      targetId
      reason
      details
      createdAt
      actor {
        id
        email
      }
    }
  }
`);

export const AdminJobsQuery = graphql(`
  query AdminJobs($first: Int!, $failedOnly: Boolean!) {
    adminJobs(first: $first, failedOnly: $failedOnly) {
      id
      kind
      phase
      errorCode
      error
      attempts
      userEmail
      createdAt
      finishedAt
    }
  }
`);

export const FailingWebhooksQuery = graphql(`
  query AdminFailingWebhooks($first: Int!) {
    adminFailingWebhooks(first: $first) {
      id
      url
      enabled
      userEmail
      failed
      retrying
      lastError
      lastStatus
      lastFailureAt
    }
  }
`);

export const AdminFiguresQuery = graphql(`
  query AdminFigures {
    adminFigures {
      users
      suspendedUsers
      creations
      publishedCreations
      heldCreations
      hiddenCreations
      openReports
      storage
      files
      localBytes
      failedJobs24h
      queues {
        name
        waiting
        active
        delayed
        failed
        oldestWaitingSeconds
      }
    }
  }
`);

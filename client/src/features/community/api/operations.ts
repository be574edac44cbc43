import { graphql } from '../../../gql';

// Every document asks for the same Creation fields, so a card, the viewer and a live
// update all read and write one normalised `Creation:{id}` entry in the cache.

export const CommunityFeedQuery = graphql(`
  query CommunityFeed($first: Int!, $after: String) {
    communityFeed(first: $first, after: $after) {
      edges {
        cursor
        node {
          ...CommunityCreation
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

/** Writes a creation that arrived live into the cache before it joins the feed list. */
export const CommunityCreationFragment = graphql(`
  fragment CommunityCreation on Creation {
    id
    type
    prompt
    content
    published
    moderation
    sensitive
    likeCount
    likedByMe
    likes
    createdAt
    provider
    placeholder
    madeBy
    user {
      firstName
    }
  }
`);

export const ToggleLikeMutation = graphql(`
  mutation ToggleLike($creationId: ID!) {
    toggleLike(creationId: $creationId) {
      id
      likeCount
      likedByMe
      likes
    }
  }
`);

/** No creationId: every like change of the whole feed. */
export const FeedLikeChangedSubscription = graphql(`
  subscription FeedLikeChanged {
    likeChanged {
      creationId
      likeCount
      likedByMe
    }
  }
`);

/** A creation left the feed (unpublished, deleted, or hidden by a moderator: docs/moderation.md). */
export const CreationRemovedSubscription = graphql(`
  subscription CreationRemoved {
    creationRemoved
  }
`);

/** A signed-in viewer reports a creation to the moderators (once per creation). */
export const ReportCreationMutation = graphql(`
  mutation ReportCreation($creationId: ID!, $reason: ReportReason!, $note: String) {
    reportCreation(creationId: $creationId, reason: $reason, note: $note) {
      id
    }
  }
`);

export const CreationPublishedSubscription = graphql(`
  subscription CreationPublished {
    creationPublished {
      ...CommunityCreation
    }
  }
`);

/**
 * The owner shares a creation with the community or takes it back (docs/product.md, §6). The
 * answer carries the feed's fields, so a published creation can join a cached feed at once, and
 * the new `content`: a published image's URL is the plain one, a private one's is signed.
 */
export const SetCreationPublishedMutation = graphql(`
  mutation SetCreationPublished($id: ID!, $publish: Boolean!) {
    setCreationPublished(id: $id, publish: $publish) {
      ...CommunityCreation
    }
  }
`);

/** Whether the gallery shows a published creation (docs/screening.md): VISIBLE, HELD for review, HIDDEN by a moderator. */
export const ModerationStateFragment = graphql(`
  fragment ModerationState on Creation {
    id
    moderation
  }
`);

/** Whether a creation is public, as the cache holds it now (after any publish or unpublish). */
export const PublishStateFragment = graphql(`
  fragment PublishState on Creation {
    id
    published
  }
`);

/** Whether a creation the viewer shows is the user's own (then it can be sent to another tool): asked apart, so the feed's kept pages stay the same for everyone. */
export const CreationMineQuery = graphql(`
  query CreationMine($id: ID!) {
    creation(id: $id) {
      id
      mine
    }
  }
`);

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

export const CreationPublishedSubscription = graphql(`
  subscription CreationPublished {
    creationPublished {
      ...CommunityCreation
    }
  }
`);

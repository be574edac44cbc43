import type { CommunityFeedQuery } from '../../gql/graphql';

/** One published creation as the gallery and the viewer show it. */
export type CommunityCreation = CommunityFeedQuery['communityFeed']['edges'][number]['node'];

/** How many creations each page of the feed asks for (the server caps it at 100). */
export const COMMUNITY_PAGE_SIZE = 24;

/** The creator's first name, or 'Anonymous' when the account has none. */
export function creatorName(creation: Pick<CommunityCreation, 'user'>): string {
  return creation.user.firstName?.trim() || 'Anonymous';
}

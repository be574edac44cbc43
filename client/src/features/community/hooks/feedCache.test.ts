import { InMemoryCache } from '@apollo/client';
import { relayStylePagination } from '@apollo/client/utilities';
import { describe, expect, it } from 'vitest';
import type { CreationPublishedSubscription, FeedLikeChangedSubscription } from '../../../gql/graphql';
import { CommunityFeedQuery } from '../api/operations';
import { COMMUNITY_PAGE_SIZE } from '../types';
import { applyLikeChange, prependCreation } from './feedCache';

const ME = 'me';

type LikeChange = FeedLikeChangedSubscription['likeChanged'];
type Published = NonNullable<CreationPublishedSubscription['creationPublished']>;
const change = (creationId: string, likeCount: number, likedByMe: boolean): LikeChange => ({ creationId, likeCount, likedByMe });

function node(id: string, likes: string[], published = true) {
  return {
    __typename: 'Creation' as const,
    id,
    type: 'IMAGE' as const,
    prompt: `prompt ${id}`,
    content: `https://cdn.example/${id}.png`,
    published,
    moderation: 'VISIBLE' as const,
    sensitive: false,
    likeCount: likes.length,
    likedByMe: likes.includes(ME),
    likes,
    createdAt: '2026-01-01T00:00:00.000Z',
    provider: 'openai',
    placeholder: false,
    madeBy: null,
    user: { __typename: 'CreationAuthor' as const, firstName: 'Ada' },
  };
}

/** A cache shaped like the app's (lib/apollo.ts) holding one page of the feed. */
function cacheWith(nodes: ReturnType<typeof node>[]) {
  const cache = new InMemoryCache({ typePolicies: { Query: { fields: { communityFeed: relayStylePagination() } } } });
  // As the server sends it, with __typename on every object (codegen's types leave it out).
  const data = {
    communityFeed: {
      __typename: 'CreationConnection',
      edges: nodes.map((n) => ({ __typename: 'CreationEdge', cursor: `cur-${n.id}`, node: n })),
      pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: `cur-${nodes.at(-1)?.id}` },
    },
  };
  cache.writeQuery({ query: CommunityFeedQuery, variables: { first: COMMUNITY_PAGE_SIZE }, data });
  return cache;
}

function feed(cache: InMemoryCache) {
  const data = cache.readQuery({ query: CommunityFeedQuery, variables: { first: COMMUNITY_PAGE_SIZE } });
  return data?.communityFeed.edges.map((e) => ({ id: e.node.id, likeCount: e.node.likeCount, likedByMe: e.node.likedByMe, likes: e.node.likes })) ?? [];
}

describe('applyLikeChange (product §4: likes)', () => {
  it("takes the server's count and adds the viewer's id when the viewer liked it", () => {
    const cache = cacheWith([node('a', ['u2']), node('b', [])]);
    applyLikeChange(cache, change('a', 2, true), ME);
    expect(feed(cache)).toEqual([
      { id: 'a', likeCount: 2, likedByMe: true, likes: ['u2', ME] },
      { id: 'b', likeCount: 0, likedByMe: false, likes: [] },
    ]);
  });

  it("removes the viewer's id when the viewer unliked it, and leaves other likers alone", () => {
    const cache = cacheWith([node('a', ['u2', ME])]);
    applyLikeChange(cache, change('a', 1, false), ME);
    expect(feed(cache)).toEqual([{ id: 'a', likeCount: 1, likedByMe: false, likes: ['u2'] }]);
  });

  it("someone else's like moves only the count", () => {
    const cache = cacheWith([node('a', ['u2'])]);
    applyLikeChange(cache, change('a', 2, false), ME);
    expect(feed(cache)).toEqual([{ id: 'a', likeCount: 2, likedByMe: false, likes: ['u2'] }]);
  });

  it('ignores creations that are not in the cache', () => {
    const cache = cacheWith([node('a', [])]);
    applyLikeChange(cache, change('zzz', 9, true), ME);
    expect(feed(cache)).toEqual([{ id: 'a', likeCount: 0, likedByMe: false, likes: [] }]);
  });
});

describe('prependCreation', () => {
  it('puts a newly published creation at the top, once', () => {
    const published: Published = node('new', []);
    const cache = cacheWith([node('a', []), node('b', [])]);
    prependCreation(cache, published);
    prependCreation(cache, published);
    expect(feed(cache).map((c) => c.id)).toEqual(['new', 'a', 'b']);
  });

  it('ignores a creation that is not published', () => {
    const cache = cacheWith([node('a', [])]);
    prependCreation(cache, node('private', [], false));
    expect(feed(cache).map((c) => c.id)).toEqual(['a']);
  });
});

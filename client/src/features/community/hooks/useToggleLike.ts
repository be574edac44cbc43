import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { toAppError } from '../../../lib/graphqlError';
import { ToggleLikeMutation } from '../api/operations';
import { removeCreation } from './feedCache';
import type { CommunityCreation } from '../types';

type Likeable = Pick<CommunityCreation, 'id' | 'likeCount' | 'likedByMe' | 'likes'>;

/**
 * Likes or unlikes at once (product §4): the optimistic answer adds or removes the user's id
 * in `likes` and moves the count, in the list and the viewer alike (both read the cache).
 * If the server says no, Apollo drops the optimistic layer, which reverts both. A creation its
 * owner has unpublished meanwhile answers NOT_FOUND (the un-like is still recorded): it leaves
 * the feed, with the server's words.
 */
export function useToggleLike(userId: string | null): (creation: Likeable) => Promise<void> {
  const [mutate] = useMutation(ToggleLikeMutation);
  const client = useApolloClient();
  return useCallback(
    async (creation: Likeable) => {
      if (!userId) return;
      const liked = !creation.likedByMe;
      const others = creation.likes.filter((id) => id !== userId);
      // __typename lets the cache file the guess under Creation:{id}; codegen's types leave it out.
      const optimistic = {
        __typename: 'Creation' as const,
        id: creation.id,
        likedByMe: liked,
        likeCount: Math.max(0, creation.likeCount + (liked ? 1 : -1)),
        likes: liked ? [...others, userId] : others,
      };
      try {
        await mutate({ variables: { creationId: creation.id }, optimisticResponse: { toggleLike: optimistic } });
      } catch (e) {
        const error = toAppError(e);
        if (error.code !== 'NOT_FOUND') {
          toast.error('Failed to update like');
          return;
        }
        toast.error(error.message);
        removeCreation(client.cache, creation.id);
      }
    },
    [userId, mutate, client],
  );
}

import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { ToggleLikeMutation } from '../api/operations';
import type { CommunityCreation } from '../types';

type Likeable = Pick<CommunityCreation, 'id' | 'likeCount' | 'likedByMe' | 'likes'>;

/**
 * Likes or unlikes at once (spec §4): the optimistic answer adds or removes the user's id
 * in `likes` and moves the count, in the list and the viewer alike (both read the cache).
 * If the server says no, Apollo drops the optimistic layer, which reverts both.
 */
export function useToggleLike(userId: string | null): (creation: Likeable) => Promise<void> {
  const [mutate] = useMutation(ToggleLikeMutation);
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
      } catch {
        toast.error('Failed to update like');
      }
    },
    [userId, mutate],
  );
}

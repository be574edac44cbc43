import { useFragment, useMutation } from '@apollo/client/react';
import { useCallback, useRef } from 'react';
import { toast } from 'sonner';
import { toAppError } from '../../../lib/graphqlError';
import { ModerationStateFragment, PublishStateFragment, SetCreationPublishedMutation } from '../api/operations';
import { dropFromFeed, prependCreation } from './feedCache';

/**
 * Whether a creation is public now: the cache's word once it has one (a list that asked for
 * `published`, or a publish or unpublish from anywhere), else `fallback` (what was asked for).
 */
export function usePublished(id: string, fallback: boolean): boolean {
  const { data, complete } = useFragment({ fragment: PublishStateFragment, from: { __typename: 'Creation', id } });
  return complete ? data.published : fallback;
}

/** Whether the gallery shows a creation (VISIBLE, HELD, HIDDEN): the cache's word once it has one, else `fallback`. */
export function useModeration(id: string | undefined, fallback = 'VISIBLE'): string {
  const { data, complete } = useFragment({ fragment: ModerationStateFragment, from: { __typename: 'Creation', id: id ?? '' } });
  return id && complete ? data.moderation : fallback;
}

export interface PublishCreation {
  published: boolean;
  /** True while the server has not answered: the control says so and ignores presses. */
  pending: boolean;
  /** Publishes a private creation, unpublishes a public one; says how it went in a toast. */
  toggle: () => Promise<void>;
}

/**
 * Publish or unpublish one of the user's own image creations (docs/product.md, §6: only their
 * own; the server refuses text kinds). The answer lands in the cache, so the dashboard, a tool's
 * result and the community feed (joined at its top, or left) all follow without a reload.
 */
export function usePublishCreation(id: string, fallback: boolean): PublishCreation {
  const published = usePublished(id, fallback);
  const inFlight = useRef(false);
  const [mutate, { loading }] = useMutation(SetCreationPublishedMutation, {
    update(cache, { data }) {
      const creation = data?.setCreationPublished;
      if (!creation) return;
      // A creation screening held joins no feed (docs/screening.md).
      if (creation.published && creation.moderation === 'VISIBLE') prependCreation(cache, creation);
      else dropFromFeed(cache, creation.id);
    },
  });
  const toggle = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    const publish = !published;
    try {
      const { data } = await mutate({ variables: { id, publish } });
      const held = data?.setCreationPublished.moderation === 'HELD';
      if (publish && held) toast.warning('Held for review: it joins the community once a moderator approves it');
      else toast.success(publish ? 'Published to the community' : 'Removed from the community');
    } catch (e) {
      toast.error(toAppError(e).message);
    } finally {
      inFlight.current = false;
    }
  }, [id, published, mutate]);
  return { published, pending: loading, toggle };
}

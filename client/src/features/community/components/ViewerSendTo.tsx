import { useQuery } from '@apollo/client/react';
import { useAuth } from '../../auth';
import { SendToMenu } from '../../send-to';
import { CreationMineQuery } from '../api/operations';
import type { CommunityCreation } from '../types';

/** "Send to…" in the viewer, for the signed-in user's own creations only (the tools take no one else's). */
export function ViewerSendTo({ creation }: { creation: CommunityCreation }) {
  const { user } = useAuth();
  const { data } = useQuery(CreationMineQuery, { variables: { id: creation.id }, skip: !user });
  if (!user || !data?.creation?.mine) return null;
  return <SendToMenu creation={creation} tone="dark" />;
}

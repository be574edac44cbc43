import { useQuery } from '@apollo/client/react';
import { SendToMenu } from '../../send-to';
import { CreationMineQuery } from '../api/operations';
import type { CommunityCreation } from '../types';

/** "Send to…" in the viewer (for a signed-in user), on their own creations only (the tools take no one else's). */
export function ViewerSendTo({ creation }: { creation: CommunityCreation }) {
  const { data } = useQuery(CreationMineQuery, { variables: { id: creation.id } });
  if (!data?.creation?.mine) return null;
  return <SendToMenu creation={creation} tone="dark" />;
}

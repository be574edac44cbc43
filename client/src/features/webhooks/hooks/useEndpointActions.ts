import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { toAppError } from '../../../lib/graphqlError';
import {
  DeleteWebhookEndpointMutation,
  RotateWebhookSecretMutation,
  SendTestWebhookMutation,
  SetWebhookEndpointEnabledMutation,
  WebhookDeliveriesQuery,
  WebhookEndpointsQuery,
} from '../api/operations';
import { DELIVERY_LOG_SIZE } from '../lib/events';

/**
 * What can be done to one endpoint (enable or disable, send a test event, new secret, delete),
 * each keeping the cache in step with the answer; the last failure's message for the page.
 */
export function useEndpointActions(endpointId: string) {
  const [error, setError] = useState<string | null>(null);
  const [setEnabled, enabling] = useMutation(SetWebhookEndpointEnabledMutation);
  const [rotate, rotating] = useMutation(RotateWebhookSecretMutation);
  const [remove, removing] = useMutation(DeleteWebhookEndpointMutation, {
    update(cache) {
      cache.updateQuery({ query: WebhookEndpointsQuery }, (d) => d && { webhookEndpoints: d.webhookEndpoints.filter((e) => e.id !== endpointId) });
      cache.evict({ id: cache.identify({ __typename: 'WebhookEndpoint', id: endpointId }) });
      cache.gc();
    },
  });
  const [sendTest, sending] = useMutation(SendTestWebhookMutation, {
    // The new delivery heads the log at once (the log then follows it by polling).
    update(cache, { data }) {
      const sent = data?.sendTestWebhook;
      if (!sent) return;
      cache.updateQuery(
        { query: WebhookDeliveriesQuery, variables: { endpointId, first: DELIVERY_LOG_SIZE } },
        (d) => d && { webhookDeliveries: [sent, ...d.webhookDeliveries.filter((x) => x.id !== sent.id)].slice(0, DELIVERY_LOG_SIZE) },
      );
    },
  });

  async function run(action: () => Promise<unknown>): Promise<boolean> {
    setError(null);
    try {
      await action();
      return true;
    } catch (e) {
      setError(toAppError(e).message);
      return false;
    }
  }

  return {
    error,
    busy: enabling.loading || rotating.loading || removing.loading || sending.loading,
    enabling: enabling.loading,
    rotating: rotating.loading,
    removing: removing.loading,
    sending: sending.loading,
    setEnabled: (enabled: boolean) => run(() => setEnabled({ variables: { id: endpointId, enabled } })),
    rotate: () => run(() => rotate({ variables: { id: endpointId } })),
    remove: () => run(() => remove({ variables: { id: endpointId } })),
    sendTest: () => run(() => sendTest({ variables: { endpointId } })),
  };
}

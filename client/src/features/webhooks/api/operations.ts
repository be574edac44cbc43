import { graphql } from '../../../gql';

export const WebhookEndpointFieldsFragment = graphql(`
  fragment WebhookEndpointFields on WebhookEndpoint {
    id
    url
    events
    description
    enabled
    secret
    createdAt
  }
`);

export const WebhookDeliveryFieldsFragment = graphql(`
  fragment WebhookDeliveryFields on WebhookDelivery {
    id
    endpointId
    messageId
    eventType
    status
    attempts
    responseCode
    lastError
    nextAttemptAt
    deliveredAt
    createdAt
  }
`);

export const WebhookEndpointsQuery = graphql(`
  query WebhookEndpoints {
    webhookEndpoints {
      ...WebhookEndpointFields
    }
  }
`);

export const WebhookDeliveriesQuery = graphql(`
  query WebhookDeliveries($endpointId: ID!, $first: Int!) {
    webhookDeliveries(endpointId: $endpointId, first: $first) {
      ...WebhookDeliveryFields
    }
  }
`);

export const CreateWebhookEndpointMutation = graphql(`
  mutation CreateWebhookEndpoint($url: String!, $events: [String!]!, $description: String) {
    createWebhookEndpoint(url: $url, events: $events, description: $description) {
      ...WebhookEndpointFields
    }
  }
`);

export const SetWebhookEndpointEnabledMutation = graphql(`
  mutation SetWebhookEndpointEnabled($id: ID!, $enabled: Boolean!) {
    updateWebhookEndpoint(id: $id, enabled: $enabled) {
      ...WebhookEndpointFields
    }
  }
`);

export const DeleteWebhookEndpointMutation = graphql(`
  mutation DeleteWebhookEndpoint($id: ID!) {
    deleteWebhookEndpoint(id: $id)
  }
`);

export const RotateWebhookSecretMutation = graphql(`
  mutation RotateWebhookSecret($id: ID!) {
    rotateWebhookSecret(id: $id) {
      ...WebhookEndpointFields
    }
  }
`);

export const SendTestWebhookMutation = graphql(`
  mutation SendTestWebhook($endpointId: ID!) {
    sendTestWebhook(endpointId: $endpointId) {
      ...WebhookDeliveryFields
    }
  }
`);

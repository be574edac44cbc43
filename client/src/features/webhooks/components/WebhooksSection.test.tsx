// @vitest-environment happy-dom
import { InMemoryCache } from '@apollo/client';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
import type { WebhookDeliveryFieldsFragment, WebhookEndpointFieldsFragment } from '../../../gql/graphql';
import {
  CreateWebhookEndpointMutation,
  DeleteWebhookEndpointMutation,
  SendTestWebhookMutation,
  SetWebhookEndpointEnabledMutation,
  WebhookDeliveriesQuery,
  WebhookEndpointsQuery,
} from '../api/operations';
import { WebhooksSection } from './WebhooksSection';

afterEach(() => {
  cleanup();
  toast.success.mockClear();
});

const SECRET = 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3I=';
const endpoint = (over: Partial<WebhookEndpointFieldsFragment> = {}) => ({
  __typename: 'WebhookEndpoint' as const,
  id: 'e1',
  url: 'https://hooks.example.com/atelier',
  events: ['job.completed', 'job.failed'],
  description: 'Zapier',
  enabled: true,
  secret: SECRET,
  createdAt: '2026-11-26T10:00:00.000Z',
  ...over,
});
const delivery = (over: Partial<WebhookDeliveryFieldsFragment> = {}) => ({
  __typename: 'WebhookDelivery' as const,
  id: 'd1',
  endpointId: 'e1',
  messageId: 'msg_1',
  eventType: 'job.completed',
  status: 'DELIVERED' as const,
  attempts: 1,
  responseCode: 200,
  lastError: null,
  nextAttemptAt: null,
  deliveredAt: '2026-11-26T10:01:00.000Z',
  createdAt: '2026-11-26T10:01:00.000Z',
  ...over,
});

const answer = (query: MockLink.MockedResponse['request']['query'], data: Record<string, unknown>, variables?: Record<string, unknown>): MockLink.MockedResponse => ({
  request: { query, ...(variables ? { variables } : {}) },
  result: { data },
  delay: 0,
});
const endpoints = (list: ReturnType<typeof endpoint>[]) => answer(WebhookEndpointsQuery, { webhookEndpoints: list });
const log = (list: ReturnType<typeof delivery>[]) => answer(WebhookDeliveriesQuery, { webhookDeliveries: list }, { endpointId: 'e1', first: 20 });

function renderSection(mocks: MockLink.MockedResponse[]) {
  render(
    <MockedProvider mocks={mocks} cache={new InMemoryCache()}>
      <WebhooksSection />
    </MockedProvider>,
  );
}
async function settle() {
  await act(() => new Promise((r) => setTimeout(r, 20)));
}

describe('WebhooksSection (account page)', () => {
  it('loads, then with no endpoint offers the form: URL, the five events (two chosen), description', async () => {
    renderSection([endpoints([])]);
    expect(screen.getByRole('region', { name: 'Webhooks' }).getAttribute('aria-labelledby')).toBe('webhooks-heading');
    expect(screen.getByText('Loading your webhooks…')).toBeTruthy();
    await settle();
    expect(screen.getByText(/No endpoints yet/)).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Add a webhook endpoint' });
    expect(within(form).getByLabelText('Endpoint URL')).toBeTruthy();
    const events = within(form).getByRole('group', { name: 'Events to send' });
    const boxes = within(events).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => [b.labels?.[0]?.textContent?.split(' ')[0], b.checked])).toEqual([
      ['Job', true],
      ['Job', true],
      ['Job', false],
      ['Creation', false],
      ['Batch', false],
    ]);
    expect((within(form).getByRole('button', { name: 'Add endpoint' }) as HTMLButtonElement).disabled).toBe(true);
    // Nothing took focus on arrival.
    expect(document.activeElement).toBe(document.body);
  });

  it('adds an endpoint and shows its secret once made, with copy and hide', async () => {
    const made = endpoint({ id: 'e2', events: ['job.completed', 'job.failed', 'creation.published'], description: '' });
    renderSection([
      endpoints([]),
      answer(CreateWebhookEndpointMutation, { createWebhookEndpoint: made }, { url: made.url, events: ['job.completed', 'job.failed', 'creation.published'], description: null }),
    ]);
    await settle();
    fireEvent.change(screen.getByLabelText('Endpoint URL'), { target: { value: made.url } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Creation published/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    await settle();
    const card = screen.getByRole('article', { name: made.url });
    expect(within(card).getByRole('status').textContent).toMatch(/Endpoint added/);
    expect(within(card).getByTestId('webhook-secret').textContent).toBe(SECRET);
    expect(within(card).getByRole('button', { name: 'Copy secret' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Hide secret' }));
    expect(within(card).getByTestId('webhook-secret').textContent).not.toContain(SECRET.slice(6));
    expect(within(card).getByRole('button', { name: 'Show secret' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it("shows the server's refusal of a URL beside the field, which takes focus", async () => {
    const refused: MockLink.MockedResponse = {
      request: { query: CreateWebhookEndpointMutation, variables: { url: 'http://127.0.0.1:9000/x', events: ['job.completed', 'job.failed'], description: null } },
      result: {
        errors: [
          new GraphQLError('Webhooks can only go to public internet addresses: 127.0.0.1 is a loopback address (this machine).', {
            extensions: { code: 'BAD_USER_INPUT', field: 'url' },
          }),
        ],
      },
      delay: 0,
    };
    renderSection([endpoints([]), refused]);
    await settle();
    const url = screen.getByLabelText('Endpoint URL');
    fireEvent.change(url, { target: { value: 'http://127.0.0.1:9000/x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    await settle();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(/127\.0\.0\.1 is a loopback address/);
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(url.getAttribute('aria-describedby')).toContain(alert.id);
    expect(document.activeElement).toBe(url);
  });

  it('lists an endpoint with its secret hidden; the switch disables it; a test event opens the log with it', async () => {
    const sent = delivery({ id: 'd9', eventType: 'webhook.test', status: 'PENDING', attempts: 0, responseCode: null, deliveredAt: null, createdAt: '2026-11-26T10:05:00.000Z' });
    renderSection([
      endpoints([endpoint()]),
      answer(SetWebhookEndpointEnabledMutation, { updateWebhookEndpoint: endpoint({ enabled: false }) }, { id: 'e1', enabled: false }),
      answer(SendTestWebhookMutation, { sendTestWebhook: sent }, { endpointId: 'e1' }),
      log([
        sent,
        delivery({ id: 'd2', eventType: 'job.failed', status: 'FAILED', attempts: 8, responseCode: 500, lastError: 'Answered 500: database is down' }),
        delivery({ id: 'd3', status: 'PENDING', attempts: 2, responseCode: 503, lastError: 'Answered 503', nextAttemptAt: '2026-11-26T12:00:00.000Z' }),
      ]),
    ]);
    await settle();
    const card = screen.getByRole('article', { name: 'https://hooks.example.com/atelier' });
    expect(within(card).getByTestId('webhook-secret').textContent).not.toContain(SECRET.slice(6));
    expect(within(card).getByText('(hidden)')).toBeTruthy();
    expect(
      within(within(card).getByRole('list', { name: 'Events' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['job.completed', 'job.failed']);

    const toggle = within(card).getByRole('switch', { name: 'Send events to https://hooks.example.com/atelier' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    await settle();
    expect(toggle.getAttribute('aria-checked')).toBe('false');

    const showLog = within(card).getByRole('button', { name: 'Show delivery log' });
    expect(showLog.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(within(card).getByRole('button', { name: 'Send test event' }));
    await settle();
    expect(toast.success).toHaveBeenCalledWith('Test event queued: watch the delivery log.');
    expect(within(card).getByRole('button', { name: 'Hide delivery log' }).getAttribute('aria-expanded')).toBe('true');
    // The log's own query answers.
    await settle();
    const table = within(card).getByRole('table', { name: 'Latest deliveries, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Event', 'Time', 'Status', 'Response', 'Attempts', 'Next try']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['Test eventwebhook.test', 'Job failedjob.failed', 'Job completedjob.completed']);
    expect(within(rows[0]!).getByText('Sending')).toBeTruthy();
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Job failedjob.failed', expect.stringContaining('2026'), 'FailedAnswered 500: database is down', '500', '8', '—none']);
    expect(within(rows[2]!).getByText('Retrying')).toBeTruthy();
    expect(within(rows[2]!).getAllByRole('cell')[5]!.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-26T12:00:00.000Z');
  });

  it('asks before deleting; "Keep it" puts focus back, "Yes, delete" removes it', async () => {
    renderSection([endpoints([endpoint()]), answer(DeleteWebhookEndpointMutation, { deleteWebhookEndpoint: true }, { id: 'e1' })]);
    await settle();
    const remove = screen.getByRole('button', { name: 'Delete…' });
    fireEvent.click(remove);
    let question = screen.getByRole('group', { name: 'Delete this endpoint?' });
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Yes, delete' }));
    fireEvent.click(within(question).getByRole('button', { name: 'Keep it' }));
    await settle();
    expect(screen.queryByRole('group', { name: 'Delete this endpoint?' })).toBeNull();
    expect(document.activeElement).toBe(remove);

    fireEvent.click(remove);
    question = screen.getByRole('group', { name: 'Delete this endpoint?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Yes, delete' }));
    await settle();
    expect(screen.queryByRole('article')).toBeNull();
    expect(toast.success).toHaveBeenCalledWith('Webhook endpoint deleted.');
    expect(screen.getByText(/No endpoints yet/)).toBeTruthy();
  });

  it('says when the endpoints cannot be loaded, and tries again', async () => {
    const failing: MockLink.MockedResponse = { request: { query: WebhookEndpointsQuery }, error: new Error('Network down'), delay: 0 };
    renderSection([failing, endpoints([endpoint()])]);
    await settle();
    expect(screen.getByRole('alert').textContent).toMatch(/^Your webhooks could not be loaded\./);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('article', { name: 'https://hooks.example.com/atelier' })).toBeTruthy();
  });
});

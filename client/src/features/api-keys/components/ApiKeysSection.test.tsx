// @vitest-environment happy-dom
import { InMemoryCache } from '@apollo/client';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), dismiss: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
import type { ApiKeyFieldsFragment } from '../../../gql/graphql';
import { typePolicies } from '../../../lib/apollo';
import { ApiKeysQuery, CreateApiKeyMutation, RevokeApiKeyMutation } from '../api/operations';
import { lastUsed } from '../lib/lastUsed';
import { ApiKeysSection } from './ApiKeysSection';

afterEach(() => {
  cleanup();
  toast.success.mockClear();
});

const SECRET = 'atl_k3y9prefix_0123456789abcdefghijABCDEFGHIJ-_xy';

const key = (over: Partial<ApiKeyFieldsFragment> = {}): ApiKeyFieldsFragment & { __typename: 'ApiKey' } => ({
  __typename: 'ApiKey',
  id: 'k1',
  name: 'Blog deploy',
  maskedKey: 'atl_abcdefghij_…',
  scopes: ['READ', 'GENERATE'],
  createdAt: '2026-05-04T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  jobsThisMonth: 0,
  requestsThisMonth: 0,
  ...over,
});

const listed = (apiKeys: ReturnType<typeof key>[]): MockLink.MockedResponse => ({ request: { query: ApiKeysQuery }, result: { data: { apiKeys } }, delay: 0 });

function renderSection(mocks: MockLink.MockedResponse[]) {
  const cache = new InMemoryCache({ typePolicies });
  render(
    <MockedProvider mocks={mocks} cache={cache}>
      <MemoryRouter>
        <ApiKeysSection />
      </MemoryRouter>
    </MockedProvider>,
  );
  return cache;
}
async function settle() {
  await act(() => new Promise((r) => setTimeout(r, 20)));
}
const list = () => screen.getByRole('list', { name: 'Your API keys' });

describe('ApiKeysSection', () => {
  it('shows loading, then the empty state', async () => {
    renderSection([listed([])]);
    expect(screen.getByRole('heading', { level: 2, name: 'API keys' })).toBeTruthy();
    expect(screen.getByText('Loading your API keys…')).toBeTruthy();
    await settle();
    expect(screen.getByText('No API keys yet. Create one above to use Atelier from a script or an app.')).toBeTruthy();
  });

  it('lists each key: name, atl_<prefix>_…, scopes, created, last used and this month’s use', async () => {
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    renderSection([listed([key({ lastUsedAt: fiveMinutesAgo, jobsThisMonth: 3, requestsThisMonth: 1204 }), key({ id: 'k2', name: 'Read-only', scopes: ['READ'] })])]);
    await settle();
    const [first, second] = within(list()).getAllByRole('listitem', { name: /./ });
    expect(within(first!).getByText('atl_abcdefghij_…')).toBeTruthy();
    expect(
      within(within(first!).getByRole('list', { name: 'Scopes' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Read', 'Generate']);
    expect(first!.textContent).toContain('CreatedMay 4, 2026');
    expect(first!.textContent).toContain('Last used5 minutes ago');
    expect(first!.textContent).toContain('This month3 jobs, 1,204 requests');
    expect(second!.textContent).toContain('Last usednever');
    expect(second!.textContent).toContain('This month0 jobs, 0 requests');
  });

  it('creates a key and shows it once, focused, with a copy button and the warning; Done forgets it; it never enters the cache', async () => {
    const created: MockLink.MockedResponse = {
      request: { query: CreateApiKeyMutation, variables: { name: 'CI', scopes: ['READ', 'GENERATE'] } },
      result: { data: { createApiKey: { __typename: 'CreatedApiKey', key: SECRET, apiKey: key({ id: 'k9', name: 'CI', maskedKey: 'atl_k3y9prefix_…' }) } } },
      delay: 0,
    };
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (t: string) => void written.push(t) }, configurable: true });
    const cache = renderSection([listed([key()]), created]);
    await settle();

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  CI ' } });
    const generate = screen.getByRole('checkbox', { name: /^Generate/ });
    expect(generate.getAttribute('aria-describedby')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: /^Read/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(generate);
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    await settle();

    const panel = screen.getByRole('group', { name: 'Your new key “CI”' });
    const field = within(panel).getByLabelText('API key “CI”') as HTMLInputElement;
    expect(field.value).toBe(SECRET);
    expect(field.readOnly).toBe(true);
    expect(document.activeElement).toBe(field);
    expect(panel.textContent).toContain('it will not be shown again');
    expect(screen.getByRole('status').textContent).toBe('Key “CI” created. Copy it now: it will not be shown again.');
    await act(async () => fireEvent.click(within(panel).getByRole('button', { name: 'Copy key' })));
    expect(written).toEqual([SECRET]);
    // The list has it (newest first), without its text; the form is ready for another.
    expect(
      within(list())
        .getAllByRole('listitem', { name: /./ })
        .map((li) => li.getAttribute('aria-labelledby') && li.querySelector('p')?.textContent),
    ).toEqual(['CI', 'Blog deploy']);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect(JSON.stringify(cache.extract())).not.toContain(SECRET);

    fireEvent.click(within(panel).getByRole('button', { name: 'Done, I have copied it' }));
    expect(screen.queryByRole('group', { name: /Your new key/ })).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'API keys' }));
  });

  it('asks for a name and a scope before sending, and shows the server’s refusal', async () => {
    const refused: MockLink.MockedResponse = {
      request: { query: CreateApiKeyMutation, variables: { name: 'One too many', scopes: ['READ'] } },
      result: { errors: [new GraphQLError('You already have 20 API keys: revoke one you no longer use to make a new one', { extensions: { code: 'BAD_USER_INPUT' } })] },
      delay: 0,
    };
    renderSection([listed([]), refused]);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(screen.getByRole('alert').textContent).toBe('Give the key a name, e.g. where it will be used');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'One too many' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /^Read/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose at least one thing the key may do');
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: /^Read/ }));

    fireEvent.click(screen.getByRole('checkbox', { name: /^Read/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('You already have 20 API keys: revoke one you no longer use to make a new one');
    expect(screen.queryByRole('group', { name: /Your new key/ })).toBeNull();
  });

  it('revokes only after confirmation: Keep key sends nothing; Yes, revoke takes it off the list and says so', async () => {
    const revoked: MockLink.MockedResponse = {
      request: { query: RevokeApiKeyMutation, variables: { id: 'k1' } },
      result: { data: { revokeApiKey: { __typename: 'ApiKey', id: 'k1', revokedAt: '2026-05-05T10:00:00.000Z' } } },
      delay: 0,
    };
    renderSection([listed([key(), key({ id: 'k2', name: 'Other' })]), revoked]);
    await settle();

    fireEvent.click(screen.getByRole('button', { name: 'Revoke “Blog deploy”…' }));
    const question = screen.getByRole('group', { name: 'Revoke “Blog deploy”?' });
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Yes, revoke' }));
    fireEvent.click(within(question).getByRole('button', { name: 'Keep key' }));
    expect(screen.queryByRole('group', { name: /Revoke/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Revoke “Blog deploy”…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, revoke' }));
    await settle();
    expect(screen.queryByText('Blog deploy')).toBeNull();
    expect(within(list()).getByText('Other')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Key “Blog deploy” revoked.');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'API keys' }));
  });

  it('when the keys cannot be loaded: an alert and Try again, which loads them', async () => {
    const failed: MockLink.MockedResponse = { request: { query: ApiKeysQuery }, error: new Error('Network down'), delay: 0 };
    renderSection([failed, listed([key()])]);
    await settle();
    expect(screen.getByRole('alert').textContent).toMatch(/^Your API keys could not be loaded\./);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(within(list()).getByText('Blog deploy')).toBeTruthy();
  });
});

describe('lastUsed', () => {
  const now = Date.parse('2026-05-10T12:00:00.000Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it('reads never, just now, minutes, hours, days, then the date', () => {
    expect(lastUsed(null, now)).toBe('never');
    expect(lastUsed(ago(20_000), now)).toBe('just now');
    expect(lastUsed(ago(-5_000), now)).toBe('just now');
    expect(lastUsed(ago(60_000), now)).toBe('1 minute ago');
    expect(lastUsed(ago(3 * 3_600_000), now)).toBe('3 hours ago');
    expect(lastUsed(ago(26 * 3_600_000), now)).toBe('yesterday');
    expect(lastUsed(ago(4 * 86_400_000), now)).toBe('4 days ago');
    expect(lastUsed(ago(40 * 86_400_000), now)).toBe('March 31, 2026');
  });
});

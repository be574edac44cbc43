// @vitest-environment happy-dom
import { InMemoryCache } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '../../../gql/graphql';
import { AuthContext } from '../../auth/AuthContext';
import { signedOutAuth } from '../../auth/testing';
import { ModerationQueueQuery } from '../api/operations';
import { AdminRoute } from './AdminRoute';

afterEach(cleanup);

const user = (role: Role) => ({
  id: 'u1',
  email: 'mod@example.com',
  firstName: 'Mo',
  lastName: null,
  fullName: 'Mo',
  imageUrl: null,
  emailVerified: true,
  plan: 'FREE' as const,
  role,
  suspended: false,
  suspendedReason: null,
});

const queue = (items: number): MockLink.MockedResponse => ({
  request: { query: ModerationQueueQuery, variables: { first: 30 } },
  result: { data: { adminModerationQueue: { __typename: 'ModerationQueue', total: items, items: [] } } },
  delay: 5,
});

function renderAs(role: Role, mocks: MockLink.MockedResponse[] = []) {
  return render(
    <AuthContext.Provider value={{ ...signedOutAuth, user: user(role), token: 't', plan: 'FREE' }}>
      <MockedProvider mocks={mocks} cache={new InMemoryCache()}>
        <MemoryRouter>
          <AdminRoute />
        </MemoryRouter>
      </MockedProvider>
    </AuthContext.Provider>,
  );
}

describe('AdminRoute (docs/moderation.md, "Admin area")', () => {
  it('tells a plain user the area is not theirs, and asks for nothing', () => {
    renderAs('USER');
    expect(screen.getByRole('alert').textContent).toMatch(/for moderators and administrators/);
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('gives a moderator the queue, users and audit log, loading then empty; admins also jobs, webhooks and figures', async () => {
    renderAs('MODERATOR', [queue(0)]);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Moderation queue', 'Users', 'Audit log']);
    expect(screen.getByRole('status').textContent).toMatch(/Loading the moderation queue/);
    expect((await screen.findByText(/Nothing waits/)).textContent).toBeTruthy();
    cleanup();
    renderAs('ADMIN', [queue(0)]);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Moderation queue', 'Users', 'Audit log', 'Jobs', 'Webhooks', 'Storage and queues']);
  });

  it('moves between tabs with the arrow keys and shows a refusal with Try again', async () => {
    renderAs('MODERATOR', [
      { request: { query: ModerationQueueQuery, variables: { first: 30 } }, result: { errors: [new GraphQLError('Only a moderator or an administrator may do this')] } },
    ]);
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be loaded\. Only a moderator/);
    expect(screen.getByRole('button', { name: /Try again/ })).toBeTruthy();
    const first = screen.getByRole('tab', { name: 'Moderation queue' });
    fireEvent.keyDown(first, { key: 'End' });
    expect(screen.getByRole('tab', { name: 'Audit log' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Audit log' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Moderation queue' }).getAttribute('aria-selected')).toBe('true');
  });
});

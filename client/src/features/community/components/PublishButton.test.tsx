// @vitest-environment happy-dom
import { InMemoryCache } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
import { SetCreationPublishedMutation } from '../api/operations';
import { PublicBadge, PublishButton } from './PublishButton';

const answer = (published: boolean) => ({
  __typename: 'Creation' as const,
  id: 'c1',
  type: 'IMAGE' as const,
  prompt: 'A lighthouse',
  content: published ? '/files/c1.png' : '/files/c1.png?exp=1&sig=x',
  published,
  moderation: 'VISIBLE' as const,
  sensitive: false,
  likeCount: 0,
  likedByMe: false,
  likes: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  provider: 'local',
  placeholder: false,
  madeBy: null,
  user: { __typename: 'CreationAuthor' as const, firstName: 'Ada' },
});

const publishes = (publish: boolean): MockLink.MockedResponse => ({
  request: { query: SetCreationPublishedMutation, variables: { id: 'c1', publish } },
  result: { data: { setCreationPublished: answer(publish) } },
  delay: 30,
});

function renderButton(mocks: MockLink.MockedResponse[]) {
  return render(
    <MockedProvider mocks={mocks} cache={new InMemoryCache()}>
      <PublishButton creation={{ id: 'c1', published: false }} />
    </MockedProvider>,
  );
}

beforeEach(() => {
  toast.success.mockClear();
  toast.error.mockClear();
  toast.warning.mockClear();
});
afterEach(cleanup);

describe('PublishButton (docs/product.md, §4 "Publishing")', () => {
  it('publishes, reads "Publishing…" meanwhile and ignores presses, then offers to unpublish and back', async () => {
    renderButton([publishes(true), publishes(false)]);
    const button = screen.getByRole('button', { name: 'Publish to the community' });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(button.textContent).toBe('Publishing…');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button); // a second press while pending sends nothing (only two mocks exist)

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Published to the community'));
    const unpublish = await screen.findByRole('button', { name: 'Unpublish from the community' });
    expect(unpublish).toBe(button); // the same element: the keyboard focus stays
    expect(button.getAttribute('aria-disabled')).toBeNull();

    await act(async () => {
      fireEvent.click(unpublish);
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Removed from the community'));
    await screen.findByRole('button', { name: 'Publish to the community' });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("says the server's words when it refuses, and stays as it was", async () => {
    const refused: MockLink.MockedResponse = {
      request: { query: SetCreationPublishedMutation, variables: { id: 'c1', publish: true } },
      result: { errors: [{ message: 'The image store could not be reached, so nothing changed. Please try again in a moment.', extensions: { code: 'SERVICE_UNAVAILABLE' } }] },
      delay: 10,
    };
    renderButton([refused]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Publish to the community' }));
    });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('The image store could not be reached, so nothing changed. Please try again in a moment.'));
    expect(screen.getByRole('button', { name: 'Publish to the community' }).getAttribute('aria-disabled')).toBeNull();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('says a publication screening held is held for review, and the badge says so (docs/screening.md)', async () => {
    const held: MockLink.MockedResponse = {
      request: { query: SetCreationPublishedMutation, variables: { id: 'c1', publish: true } },
      result: { data: { setCreationPublished: { ...answer(true), moderation: 'HELD' } } },
      delay: 10,
    };
    render(
      <MockedProvider mocks={[held]} cache={new InMemoryCache()}>
        {/* One child: MockedProvider renders a single element. */}
        <div>
          <PublishButton creation={{ id: 'c1', published: false }} />
          <PublicBadge id="c1" />
        </div>
      </MockedProvider>,
    );
    expect(screen.getByText('Public')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Publish to the community' }));
    });
    await waitFor(() => expect(toast.warning).toHaveBeenCalledWith('Held for review: it joins the community once a moderator approves it'));
    expect(toast.success).not.toHaveBeenCalled();
    await screen.findByText('Held for review');
    expect(screen.queryByText('Public')).toBeNull();
  });
});

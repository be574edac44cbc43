// @vitest-environment happy-dom
import { InMemoryCache } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
import { AuthContext, type AuthState } from '../../auth/AuthContext';
import { signedOutAuth } from '../../auth/testing';
import { CommunityFeedQuery, CreationPublishedSubscription, CreationRemovedSubscription, FeedLikeChangedSubscription, ToggleLikeMutation } from '../api/operations';
import { COMMUNITY_PAGE_SIZE } from '../types';
import { CommunityRoute } from './CommunityRoute';

const ME = 'me';

const auth: AuthState = {
  ...signedOutAuth,
  user: {
    id: ME,
    email: 'me@example.com',
    firstName: 'Me',
    lastName: null,
    fullName: 'Me',
    imageUrl: null,
    emailVerified: true,
    plan: 'FREE',
    role: 'USER',
    suspended: false,
    suspendedReason: null,
  },
  token: 'token',
  plan: 'FREE',
};

function node(id: string, firstName: string | null, prompt: string, likes: string[]) {
  return {
    __typename: 'Creation' as const,
    id,
    type: 'IMAGE' as const,
    prompt,
    content: `https://cdn.example/${id}.png`,
    published: true,
    moderation: 'VISIBLE' as const,
    sensitive: false,
    likeCount: likes.length,
    likedByMe: likes.includes(ME),
    likes,
    createdAt: '2026-01-01T00:00:00.000Z',
    provider: 'openai',
    placeholder: false,
    madeBy: null,
    user: { __typename: 'CreationAuthor' as const, firstName },
  };
}

const FEED = [node('a', 'Ada', 'A lighthouse', ['u2', 'u3']), node('b', null, 'A fox in the snow', []), node('c', 'Linus', 'A penguin', ['u2'])];

function feedMock(nodes = FEED): MockLink.MockedResponse {
  return {
    request: { query: CommunityFeedQuery, variables: { first: COMMUNITY_PAGE_SIZE } },
    result: {
      data: {
        communityFeed: {
          __typename: 'CreationConnection',
          edges: nodes.map((n) => ({ __typename: 'CreationEdge', cursor: `cur-${n.id}`, node: n })),
          pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: nodes.length ? `cur-${nodes.at(-1)!.id}` : null },
        },
      },
    },
    delay: 5,
  };
}

/** The live feed stays open and silent. */
const silentSubscriptions: MockLink.MockedResponse[] = [
  { request: { query: FeedLikeChangedSubscription }, delay: Infinity },
  { request: { query: CreationPublishedSubscription }, delay: Infinity },
  { request: { query: CreationRemovedSubscription }, delay: Infinity },
];

/** The server refuses the like, a little later than the click. */
const likeFails = (creationId: string): MockLink.MockedResponse => ({
  request: { query: ToggleLikeMutation, variables: { creationId } },
  error: new Error('Network request failed'),
  delay: 150,
});

function renderRoute(mocks: MockLink.MockedResponse[]) {
  return render(
    <MemoryRouter>
      <AuthContext.Provider value={auth}>
        <MockedProvider mocks={[...silentSubscriptions, ...mocks]} cache={new InMemoryCache()}>
          <CommunityRoute />
        </MockedProvider>
      </AuthContext.Provider>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  toast.success.mockClear();
  toast.error.mockClear();
});
afterEach(cleanup);

const card = async (name: RegExp) => (await screen.findByRole('button', { name })).closest('li')!;
const likeIn = (el: HTMLElement) => within(el).getByRole('button', { name: /Like/ });
const likeState = (button: HTMLElement) => ({ pressed: button.getAttribute('aria-pressed'), count: button.textContent?.match(/\d+/)?.[0] });
const viewerTitle = () => document.getElementById(screen.getByRole('dialog').getAttribute('aria-labelledby') ?? '')?.textContent;

describe('CommunityRoute: likes (product §4, §8)', () => {
  it("applies a like at once, then reverts it and says 'Failed to update like' when the server call fails", async () => {
    renderRoute([feedMock(), likeFails('a')]);
    const ada = await card(/View creation by Ada/);
    expect(likeState(likeIn(ada))).toEqual({ pressed: 'false', count: '2' });

    await act(async () => {
      fireEvent.click(likeIn(ada));
    });
    // Optimistic: liked and counted before the server has answered.
    expect(likeState(likeIn(ada))).toEqual({ pressed: 'true', count: '3' });
    expect(toast.error).not.toHaveBeenCalled();

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to update like'));
    expect(likeState(likeIn(ada))).toEqual({ pressed: 'false', count: '2' });
  });

  it("takes a creation unpublished meanwhile out of the feed with the server's words when the un-like answers NOT_FOUND", async () => {
    const unpublished: MockLink.MockedResponse = {
      request: { query: ToggleLikeMutation, variables: { creationId: 'a' } },
      result: { errors: [{ message: 'This creation is no longer public: your like was taken back', extensions: { code: 'NOT_FOUND' } }] },
      delay: 20,
    };
    renderRoute([feedMock([node('a', 'Ada', 'A lighthouse', ['u2', ME]), ...FEED.slice(1)]), unpublished]);
    const ada = await card(/View creation by Ada/);
    await act(async () => {
      fireEvent.click(likeIn(ada));
    });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('This creation is no longer public: your like was taken back'));
    await waitFor(() => expect(screen.queryByRole('button', { name: /View creation by Ada/ })).toBeNull());
    expect(screen.getByRole('button', { name: /View creation by Linus/ })).toBeTruthy();
    expect(toast.error).not.toHaveBeenCalledWith('Failed to update like');
  });

  it('keeps the like when the server accepts it', async () => {
    const accepted: MockLink.MockedResponse = {
      request: { query: ToggleLikeMutation, variables: { creationId: 'c' } },
      result: { data: { toggleLike: { __typename: 'Creation', id: 'c', likeCount: 2, likedByMe: true, likes: ['u2', ME] } } },
      delay: 20,
    };
    renderRoute([feedMock(), accepted]);
    const linus = await card(/View creation by Linus/);
    await act(async () => {
      fireEvent.click(likeIn(linus));
    });
    expect(likeState(likeIn(linus))).toEqual({ pressed: 'true', count: '2' });
    await act(() => new Promise((r) => setTimeout(r, 80)));
    expect(likeState(likeIn(linus))).toEqual({ pressed: 'true', count: '2' });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('applies a like from the open viewer to the viewer and the list alike, and reverts both on failure', async () => {
    renderRoute([feedMock(), likeFails('a')]);
    const ada = await card(/View creation by Ada/);
    fireEvent.click(within(ada).getByRole('button', { name: /View creation by Ada/ }));
    const dialog = screen.getByRole('dialog');

    await act(async () => {
      fireEvent.click(likeIn(dialog));
    });
    expect(likeState(likeIn(dialog))).toEqual({ pressed: 'true', count: '3' });
    expect(likeState(likeIn(ada))).toEqual({ pressed: 'true', count: '3' });

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to update like'));
    expect(likeState(likeIn(screen.getByRole('dialog')))).toEqual({ pressed: 'false', count: '2' });
    expect(likeState(likeIn(ada))).toEqual({ pressed: 'false', count: '2' });
  });
});

describe('CommunityRoute: gallery and viewer (product §2, §4)', () => {
  it("shows 'Loading Community' first, then the cards, with 'Anonymous' for a creator without a first name", async () => {
    renderRoute([feedMock()]);
    expect(screen.getByText('Loading Community')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Community creations' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    const fox = await card(/A fox in the snow/);
    expect(within(fox).getByText('Anonymous')).toBeTruthy();
    expect(within(fox).getByRole('button', { name: 'View creation by Anonymous: A fox in the snow' })).toBeTruthy();
  });

  it("shows 'No Creations Yet' for an empty feed", async () => {
    renderRoute([feedMock([])]);
    expect(await screen.findByText('No Creations Yet')).toBeTruthy();
  });

  it('opens the viewer on a card with focus inside, navigates with wrap-around, closes on Escape and returns focus to the card', async () => {
    renderRoute([feedMock()]);
    const opener = await screen.findByRole('button', { name: /View creation by Anonymous/ });
    opener.focus();
    fireEvent.click(opener);

    const dialog = screen.getByRole('dialog');
    expect(viewerTitle()).toBe('Creation by Anonymous');
    expect(dialog.contains(document.activeElement)).toBe(true);

    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(viewerTitle()).toBe('Creation by Linus');
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(viewerTitle()).toBe('Creation by Ada');
    fireEvent.keyDown(document, { key: 'ArrowLeft' });
    expect(viewerTitle()).toBe('Creation by Linus');
    fireEvent.keyDown(document, { key: 'ArrowLeft' });
    fireEvent.keyDown(document, { key: 'ArrowLeft' });
    expect(viewerTitle()).toBe('Creation by Ada');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});

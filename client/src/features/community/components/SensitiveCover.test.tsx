// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
import type { CommunityCreation } from '../types';
import { CreationCard } from './CreationCard';
import { CreationViewer } from './CreationViewer';

afterEach(cleanup);

function creation(id: string, sensitive: boolean): CommunityCreation {
  return {
    id,
    type: 'IMAGE',
    prompt: `a storm over the sea ${id}`,
    content: `https://cdn.example/${id}.png`,
    published: true,
    moderation: 'VISIBLE' as CommunityCreation['moderation'],
    sensitive,
    likeCount: 0,
    likedByMe: false,
    likes: [],
    createdAt: new Date().toISOString(),
    provider: 'local',
    placeholder: false,
    madeBy: null,
    user: { firstName: 'Ada' },
  };
}

const picture = () => screen.getByRole('img', { name: /a storm over the sea/ });

describe('a sensitive creation in the gallery (blur mode)', () => {
  it('is blurred behind a "Sensitive" label until the viewer reveals it, and can be blurred again', () => {
    render(
      <ul>
        <CreationCard creation={creation('s1', true)} onOpen={vi.fn()} onToggleLike={vi.fn()} />
      </ul>,
    );
    expect(picture().className).toContain('blur-2xl');
    expect(screen.getByText('Sensitive')).toBeTruthy();
    // The card's own button says so, for a screen reader.
    expect(screen.getByRole('button', { name: /View creation by Ada \(sensitive\)/ })).toBeTruthy();
    const reveal = screen.getByRole('button', { name: 'Sensitive picture, blurred: show it' });
    expect(reveal.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(reveal);
    expect(picture().className).not.toContain('blur-2xl');
    const hide = screen.getByRole('button', { name: 'Sensitive picture shown: blur it again' });
    expect(hide.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(hide);
    expect(picture().className).toContain('blur-2xl');
  });

  it('keeps the choice between the card and the full-screen viewer', () => {
    const c = creation('s2', true);
    render(
      <ul>
        <CreationCard creation={c} onOpen={vi.fn()} onToggleLike={vi.fn()} />
      </ul>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sensitive picture, blurred: show it' }));
    cleanup();
    render(<CreationViewer creations={[c]} index={0} onIndexChange={vi.fn()} onClose={vi.fn()} onToggleLike={vi.fn()} />);
    expect(picture().className).not.toContain('blur-2xl');
  });

  it('shows an ordinary creation as it is, with no label', () => {
    render(
      <ul>
        <CreationCard creation={creation('n1', false)} onOpen={vi.fn()} onToggleLike={vi.fn()} />
      </ul>,
    );
    expect(picture().className).not.toContain('blur');
    expect(screen.queryByText('Sensitive')).toBeNull();
  });

  it('blurs it in the viewer too', () => {
    render(<CreationViewer creations={[creation('s3', true)]} index={0} onIndexChange={vi.fn()} onClose={vi.fn()} onToggleLike={vi.fn()} />);
    expect(picture().className).toContain('blur-2xl');
    fireEvent.click(screen.getByRole('button', { name: 'Sensitive picture, blurred: show it' }));
    expect(picture().className).not.toContain('blur-2xl');
  });
});

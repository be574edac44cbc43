// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
import type { CommunityCreation } from '../types';
import { CreationCard } from './CreationCard';
import { CreationViewer } from './CreationViewer';

afterEach(cleanup);

function creation(id: string, firstName: string | null, prompt = `prompt ${id}`): CommunityCreation {
  return {
    id,
    type: 'IMAGE',
    prompt,
    content: `https://cdn.example/${id}.png`,
    published: true,
    moderation: 'VISIBLE' as const,
    sensitive: false,
    likeCount: 2,
    likedByMe: false,
    likes: ['u2', 'u3'],
    createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    provider: 'openai',
    placeholder: false,
    madeBy: null,
    user: { firstName },
  };
}

const THREE = [creation('a', 'Ada'), creation('b', 'Grace'), creation('c', 'Linus')];

/** The viewer as a page hosts it: it owns the index; records every change and close. */
function Harness({
  creations = THREE,
  start = 0,
  onIndex = vi.fn(),
  onClose = vi.fn(),
}: {
  creations?: CommunityCreation[];
  start?: number;
  onIndex?: (i: number) => void;
  onClose?: () => void;
}) {
  const [index, setIndex] = useState(start);
  return (
    <CreationViewer
      creations={creations}
      index={index}
      onIndexChange={(i) => {
        onIndex(i);
        setIndex(i);
      }}
      onClose={onClose}
      onToggleLike={() => {}}
    />
  );
}

/** The dialog's accessible name: who made the creation shown. */
const title = () => document.getElementById(screen.getByRole('dialog').getAttribute('aria-labelledby') ?? '')?.textContent;
const key = (k: string) => fireEvent.keyDown(document, { key: k });

describe('CreationViewer (product §2, §4)', () => {
  it('is a modal dialog whose focus starts inside it, on Close', () => {
    render(<Harness />);
    const dialog = screen.getByRole('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close viewer' }));
  });

  it('Escape closes (calls onClose)', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    expect(onClose).not.toHaveBeenCalled();
    key('Escape');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('the Close button closes too', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close viewer' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('ArrowRight goes to the next creation and wraps from the last to the first', () => {
    const onIndex = vi.fn();
    render(<Harness start={1} onIndex={onIndex} />);
    expect(title()).toBe('Creation by Grace');
    key('ArrowRight');
    expect(onIndex).toHaveBeenLastCalledWith(2);
    expect(title()).toBe('Creation by Linus');
    expect(screen.getByRole('dialog').textContent).toMatch(/Creation\s*3\s*\/\s*of\s*3/);
    key('ArrowRight');
    expect(onIndex).toHaveBeenLastCalledWith(0);
    expect(title()).toBe('Creation by Ada');
  });

  it('ArrowLeft goes to the previous creation and wraps from the first to the last', () => {
    const onIndex = vi.fn();
    render(<Harness start={0} onIndex={onIndex} />);
    key('ArrowLeft');
    expect(onIndex).toHaveBeenLastCalledWith(2);
    expect(title()).toBe('Creation by Linus');
    key('ArrowLeft');
    expect(onIndex).toHaveBeenLastCalledWith(1);
    expect(title()).toBe('Creation by Grace');
  });

  it('the Previous and Next buttons wrap the same way', () => {
    const onIndex = vi.fn();
    render(<Harness start={2} onIndex={onIndex} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next creation' }));
    expect(onIndex).toHaveBeenLastCalledWith(0);
    fireEvent.click(screen.getByRole('button', { name: 'Previous creation' }));
    expect(onIndex).toHaveBeenLastCalledWith(2);
  });

  it('with a single creation there is nowhere to go: no arrows, no index change', () => {
    const onIndex = vi.fn();
    render(<Harness creations={[creation('solo', 'Ada')]} onIndex={onIndex} />);
    key('ArrowRight');
    key('ArrowLeft');
    expect(onIndex).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Next creation' })).toBeNull();
  });

  it("names the creator 'Anonymous' when there is no first name, and shows the prompt and relative date", () => {
    render(<Harness creations={[creation('x', null, 'A fox in the snow')]} />);
    expect(title()).toBe('Creation by Anonymous');
    expect(screen.getByText('A fox in the snow', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('3 days ago')).toBeTruthy();
  });
});

describe('CreationCard (product §2)', () => {
  function renderCard(c: CommunityCreation, onOpen = vi.fn(), onToggleLike = vi.fn()) {
    return render(
      <ul>
        <CreationCard creation={c} onOpen={onOpen} onToggleLike={onToggleLike} />
      </ul>,
    );
  }

  it("shows 'Anonymous' when the creator has no first name (missing or blank)", () => {
    renderCard(creation('x', null, 'A fox'));
    expect(screen.getByRole('button', { name: 'View creation by Anonymous: A fox' })).toBeTruthy();
    expect(screen.getByText('Anonymous')).toBeTruthy();
    cleanup();
    renderCard(creation('y', '   ', 'A hen'));
    expect(screen.getByRole('button', { name: 'View creation by Anonymous: A hen' })).toBeTruthy();
  });

  it("shows the creator's first name, the like count, and opens with the card as the opener", () => {
    const onOpen = vi.fn();
    const onToggleLike = vi.fn();
    const c = creation('z', 'Ada', 'A lighthouse');
    renderCard(c, onOpen, onToggleLike);
    const open = screen.getByRole('button', { name: 'View creation by Ada: A lighthouse' });
    fireEvent.click(open);
    expect(onOpen).toHaveBeenCalledWith(c, open);
    const like = screen.getByRole('button', { name: /Like/ });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    expect(like.textContent).toContain('2');
    fireEvent.click(like);
    expect(onToggleLike).toHaveBeenCalledWith(c);
  });
});

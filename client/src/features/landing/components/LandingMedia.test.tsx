// @vitest-environment happy-dom
import { MockedProvider } from '@apollo/client/testing/react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { join } from 'node:path';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rasterSources, webpName } from '../../../../vite/raster-media';
import { installFakeIntersectionObserver } from '../../../lib/useInView.testing';
import { siteLinksMock } from '../../../lib/siteLinks.testing';
import { AuthContext, type AuthState } from '../../auth/AuthContext';
import { signedOutAuth } from '../../auth/testing';
import { TOOLS } from '../../../tools/catalogue';
import { ConnectCards } from './ConnectCards';
import { HeroBackdrop } from './HeroBackdrop';
import { SocialBanner } from './SocialBanner';
import { ToolsGrid } from './ToolsGrid';

const signedOut: AuthState = signedOutAuth;
/** client/public, whose pictures the build serves (client/vite/raster-media.ts). */
const PUBLIC = join(import.meta.dirname, '../../../../public');

let io: ReturnType<typeof installFakeIntersectionObserver>;
beforeEach(() => {
  io = installFakeIntersectionObserver();
});
afterEach(() => {
  cleanup();
  io.restore();
  vi.restoreAllMocks();
});

function renderTools() {
  return render(
    <AuthContext.Provider value={signedOut}>
      <MemoryRouter>
        <ToolsGrid />
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}
const REPOSITORY = 'https://github.com/example/atelier';
const ACCOUNTS = {
  instagramUrl: 'https://www.instagram.com/atelier.example',
  youtubeUrl: 'https://www.youtube.com/@atelier-example',
  linkedinUrl: 'https://www.linkedin.com/company/atelier-example',
};
/** Renders with the deployment's social accounts and repository set (GitHub shown), or the repository unset. */
function withLinks(ui: ReactNode, repositoryUrl: string | null = REPOSITORY, accounts: Partial<typeof ACCOUNTS> = ACCOUNTS) {
  return render(<MockedProvider mocks={[siteLinksMock({ repositoryUrl, ...accounts })]}>{ui}</MockedProvider>);
}
const mediaOf = (card: HTMLElement) => card.querySelector<HTMLElement>('[data-playing]')!;
/** The element the visibility observer watches for a card's media (the media's frame). */
const frameOf = (card: HTMLElement) => mediaOf(card).parentElement!;

function reduceMotion() {
  const real = window.matchMedia.bind(window);
  vi.spyOn(window, 'matchMedia').mockImplementation((q: string) =>
    q === '(prefers-reduced-motion: reduce)' ? ({ ...real(q), matches: true, media: q, addEventListener() {}, removeEventListener() {} } as MediaQueryList) : real(q),
  );
}

describe('tool cards media (product §2: play while visible, threshold 0.15, 100 px bottom margin)', () => {
  it('a card per tool of the catalogue, each with media named after its lowercase title, watched with the spec thresholds', () => {
    renderTools();
    const cards = screen.getAllByRole('listitem');
    expect(cards.map((c) => c.querySelector('img')?.getAttribute('src'))).toEqual(TOOLS.map((t) => `/media/tools/${t.card.title.toLowerCase().replace(/\s+/g, '')}.webp`));
    for (const card of cards) {
      expect(io.watching(frameOf(card)).map((o) => o.options)).toEqual([{ threshold: 0.15, rootMargin: '0px 0px 100px 0px' }]);
    }
  });

  it("has every card's picture: the build makes each WebP from an SVG under client/public (a renamed card keeps its picture only if the file is renamed too)", () => {
    renderTools();
    const served = new Set(rasterSources(PUBLIC).map((f) => `/${webpName(f)}`));
    const missing = screen
      .getAllByRole('listitem')
      .map((c) => c.querySelector('img')!.getAttribute('src')!)
      .filter((src) => !served.has(src));
    expect(missing, 'no picture in client/public/media/tools for these cards').toEqual([]);
  });

  it('plays only the cards in view, and pauses them once they leave', () => {
    renderTools();
    const [first, second] = screen.getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(mediaOf(first).dataset.playing).toBe('false');
    io.show(frameOf(first), 0.15);
    expect(mediaOf(first).dataset.playing).toBe('true');
    expect(mediaOf(second).dataset.playing).toBe('false');
    io.show(frameOf(first), 0.05);
    expect(mediaOf(first).dataset.playing).toBe('false');
  });

  it('never plays under prefers-reduced-motion', () => {
    reduceMotion();
    renderTools();
    const [first] = screen.getAllByRole('listitem') as [HTMLElement];
    io.show(frameOf(first), 1);
    expect(mediaOf(first).dataset.playing).toBe('false');
  });

  it('a picture that fails to load gives way to the tool icon (product §8)', () => {
    renderTools();
    const [first] = screen.getAllByRole('listitem') as [HTMLElement];
    expect(within(first).queryByTestId('media-fallback')).toBeNull();
    fireEvent.error(first.querySelector('img')!);
    expect(first.querySelector('img')).toBeNull();
    expect(within(first).getByTestId('media-fallback').querySelector('svg')).not.toBeNull();
  });
});

describe('CONNECT WITH US cards (product §4: visible at 0.2, media start after)', () => {
  it('reveal once 20 % shows; their media start only then, pause off screen, and the card stays revealed', async () => {
    withLinks(<ConnectCards />);
    await screen.findByText('Star the project');
    const cards = screen.getAllByRole('listitem');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Star the project', 'Daily inspiration', 'Watch the tutorials', 'Join the network']);
    const [card] = cards as [HTMLElement];
    expect(io.watching(card).map((o) => o.options.threshold)).toEqual([0.2]);
    expect(card.dataset.revealed).toBe('false');
    expect(card.className).toContain('opacity-0');
    expect(mediaOf(card).dataset.playing).toBe('false');

    io.show(card, 0.19);
    expect(card.dataset.revealed).toBe('false');
    expect(mediaOf(card).dataset.playing).toBe('false');

    io.show(card, 0.2);
    expect(card.dataset.revealed).toBe('true');
    expect(card.className).toContain('opacity-100');
    expect(mediaOf(card).dataset.playing).toBe('true');

    io.show(card, 0);
    expect(card.dataset.revealed).toBe('true');
    expect(mediaOf(card).dataset.playing).toBe('false');
  });

  it('open their network in a new tab without referrer, and fall back to the icon', async () => {
    withLinks(<ConnectCards />);
    await screen.findByText('Star the project');
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(4);
    expect(links[0]!.getAttribute('href')).toBe(REPOSITORY);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toContain('noreferrer');
    }
    const [card] = screen.getAllByRole('listitem') as [HTMLElement];
    fireEvent.error(card.querySelector('img')!);
    expect(within(card).getByTestId('media-fallback')).toBeTruthy();
  });
});

describe('GitHub link with no repository set', () => {
  it('is left out of the cards and the banner rather than pointing at a bare github.com', async () => {
    withLinks(
      <>
        <ConnectCards />
        <SocialBanner />
      </>,
      null,
    );
    await screen.findByText('Daily inspiration'); // the siteLinks answer has arrived
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.some((h) => h?.includes('github.com'))).toBe(false);
    expect(screen.queryByText('Star the project')).toBeNull();
    expect(screen.queryAllByText('Star and watch the repository')).toEqual([]);
  });
});

describe('social links with no account set', () => {
  it("show no card and no banner at all, rather than the networks' home pages", async () => {
    const { container } = withLinks(
      <>
        <ConnectCards />
        <SocialBanner />
      </>,
      null,
      {},
    );
    // The answer has arrived once the query has settled: nothing renders before or after.
    await new Promise((r) => setTimeout(r, 50));
    expect(container.innerHTML).toBe('');
  });

  it('link each shown network to its configured account', async () => {
    withLinks(<ConnectCards />, null, { youtubeUrl: ACCOUNTS.youtubeUrl });
    await screen.findByText('Watch the tutorials');
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([ACCOUNTS.youtubeUrl]);
  });
});

describe('hero backdrop', () => {
  it('stays transparent until its picture has loaded, then fades in; carries a design credit', () => {
    render(<HeroBackdrop />);
    const backdrop = screen.getByTestId('hero-backdrop');
    expect(backdrop.dataset.loaded).toBe('false');
    expect(backdrop.className).toContain('opacity-0');
    expect(backdrop.className).toContain('transition-opacity');
    fireEvent.load(backdrop.querySelector('img')!);
    expect(backdrop.dataset.loaded).toBe('true');
    expect(backdrop.className).toContain('opacity-100');
    expect(backdrop.querySelector('source')?.getAttribute('media')).toBe('(prefers-reduced-motion: reduce)');
    expect(screen.getByText('Background design: Atelier Studio')).toBeTruthy();
  });
});

describe('social banner', () => {
  it('loops every 25 s and exposes one pass of calls to action to assistive tech and the keyboard', async () => {
    withLinks(<SocialBanner />);
    await screen.findAllByText('Star and watch the repository');
    const track = screen.getByTestId('social-banner-track');
    expect(track.style.animationDuration).toBe('25s');
    expect(track.className).toContain('atelier-marquee');
    const readable = [...track.querySelectorAll('li')].filter((li) => li.getAttribute('aria-hidden') !== 'true');
    expect(readable.map((li) => li.textContent)).toEqual(['Star and watch the repository', 'Follow us on Instagram', 'Subscribe on YouTube', 'Connect on LinkedIn']);
    const hiddenLinks = [...track.querySelectorAll('li[aria-hidden="true"] a')];
    expect(hiddenLinks.length).toBeGreaterThan(0);
    expect(hiddenLinks.every((a) => a.getAttribute('tabindex') === '-1')).toBe(true);
  });
});

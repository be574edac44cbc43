// @vitest-environment happy-dom
import { MockedProvider } from '@apollo/client/testing/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthState } from '../../features/auth/AuthContext';
import { signedOutAuth } from '../../features/auth/testing';
import type { SiteLinks } from '../../lib/siteLinks';
import { siteLinksMock } from '../../lib/siteLinks.testing';
import { TopNav } from './TopNav';

type HappyWindow = Window & { happyDOM: { setViewport(v: { width: number; height?: number }): void } };
const setWidth = (width: number) => act(() => (window as unknown as HappyWindow).happyDOM.setViewport({ width, height: 800 }));

const signedOut: AuthState = signedOutAuth;

function renderNav(links: Partial<SiteLinks> = {}) {
  return render(
    <MockedProvider mocks={[siteLinksMock(links)]}>
      <AuthContext.Provider value={signedOut}>
        <MemoryRouter>
          <TopNav />
        </MemoryRouter>
      </AuthContext.Provider>
    </MockedProvider>,
  );
}
const header = () => document.querySelector('header')!;
function scrollTo(y: number) {
  act(() => {
    window.scrollY = y; // happy-dom keeps scrollY writable
    window.dispatchEvent(new Event('scroll'));
  });
}

beforeEach(() => {
  setWidth(1280);
  window.scrollY = 0;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('TopNav scroll thresholds (product §2, §9: 10 px translucent, hides past 100 px down)', () => {
  it('turns translucent only past 10 px', () => {
    renderNav();
    expect(header().className).toContain('bg-transparent');
    scrollTo(10);
    expect(header().className).toContain('bg-transparent');
    scrollTo(11);
    expect(header().className).toContain('bg-white/75');
    expect(header().className).not.toContain('bg-transparent');
    scrollTo(0);
    expect(header().className).toContain('bg-transparent');
  });

  it('hides when scrolling down past 100 px, and comes back on any scroll up', () => {
    renderNav();
    scrollTo(60);
    scrollTo(100);
    expect(header().className).toContain('translate-y-0');
    scrollTo(101);
    expect(header().className).toContain('-translate-y-full');
    scrollTo(400);
    expect(header().className).toContain('-translate-y-full');
    scrollTo(390);
    expect(header().className).toContain('translate-y-0');
    expect(header().className).not.toContain('-translate-y-full');
  });

  it('stays visible while a dropdown is open', () => {
    renderNav();
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Product' }).parentElement!);
    scrollTo(50);
    scrollTo(300);
    expect(header().className).not.toContain('-translate-y-full');
  });
});

describe('TopNav dropdowns (product §2: open on hover, close 300 ms after leaving)', () => {
  it('opens on hover and closes exactly 300 ms after the pointer leaves', () => {
    vi.useFakeTimers();
    renderNav();
    const trigger = screen.getByRole('button', { name: 'Product' });
    const group = trigger.parentElement!;
    const menu = document.getElementById(trigger.getAttribute('aria-controls')!)!;
    expect(menu.hidden).toBe(true);

    fireEvent.mouseEnter(group);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(menu.hidden).toBe(false);

    fireEvent.mouseLeave(group);
    act(() => vi.advanceTimersByTime(299));
    expect(menu.hidden).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(menu.hidden).toBe(true);
  });

  it('coming back within 300 ms cancels the close', () => {
    vi.useFakeTimers();
    renderNav();
    const trigger = screen.getByRole('button', { name: 'Resources' });
    const group = trigger.parentElement!;
    fireEvent.mouseEnter(group);
    fireEvent.mouseLeave(group);
    act(() => vi.advanceTimersByTime(200));
    fireEvent.mouseEnter(group);
    act(() => vi.advanceTimersByTime(1000));
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
  });

  it('hovering another group switches at once; Escape closes', () => {
    vi.useFakeTimers();
    renderNav();
    const product = screen.getByRole('button', { name: 'Product' });
    const company = screen.getByRole('button', { name: 'Company' });
    fireEvent.mouseEnter(product.parentElement!);
    fireEvent.mouseLeave(product.parentElement!);
    fireEvent.mouseEnter(company.parentElement!);
    expect(company.getAttribute('aria-expanded')).toBe('true');
    expect(product.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(company, { key: 'Escape' });
    expect(company.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('TopNav mobile panel (product §2: under 768 px; a link or a desktop width closes it)', () => {
  it('opens from the hamburger and closes when the window grows to desktop width', () => {
    setWidth(375);
    renderNav();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(document.getElementById('mobile-nav')).not.toBeNull();
    setWidth(767);
    expect(document.getElementById('mobile-nav')).not.toBeNull();
    setWidth(768);
    expect(document.getElementById('mobile-nav')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('expands one accordion group at a time and closes on choosing a link', () => {
    setWidth(375);
    renderNav();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const panel = document.getElementById('mobile-nav')!;
    const groupButton = (label: string) => [...panel.querySelectorAll<HTMLButtonElement>('button[aria-controls]')].find((b) => b.textContent === label)!;
    fireEvent.click(groupButton('Product'));
    expect(groupButton('Product').getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(groupButton('Company'));
    expect(groupButton('Company').getAttribute('aria-expanded')).toBe('true');
    expect(groupButton('Product').getAttribute('aria-expanded')).toBe('false');
    const link = document.getElementById('mobile-nav-company')!.querySelector('a')!;
    fireEvent.click(link);
    expect(document.getElementById('mobile-nav')).toBeNull();
  });
});

describe('TopNav outside links (product §2: Star us opens the source repository, Blog the blog, in a new tab)', () => {
  it('hides each link whose address the deployment leaves unset: no placeholder to a bare github.com or dev.to', async () => {
    renderNav({ blogUrl: 'https://blog.example.com/' });
    await screen.findByRole('link', { name: 'Blog' }); // the siteLinks answer has arrived
    expect(screen.queryByRole('link', { name: /Star us/ })).toBeNull();
    cleanup();
    renderNav({ repositoryUrl: 'https://github.com/example/atelier' });
    await screen.findByRole('link', { name: /Star us/ });
    expect(screen.queryByRole('link', { name: 'Blog' })).toBeNull();
  });

  it('links to the configured repository and blog, in a new tab without referrer', async () => {
    renderNav({ repositoryUrl: 'https://github.com/example/atelier', blogUrl: 'https://blog.example.com/' });
    const star = await screen.findByRole('link', { name: /Star us/ });
    expect(star.getAttribute('href')).toBe('https://github.com/example/atelier');
    const blog = screen.getByRole('link', { name: 'Blog' });
    expect(blog.getAttribute('href')).toBe('https://blog.example.com/');
    for (const a of [star, blog]) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toContain('noreferrer');
    }
  });
});

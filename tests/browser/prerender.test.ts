// The public pages are prerendered at build time (scripts/prerender.ts) and hydrated in the
// browser (docs/benchmarks.md, "Landing"): without JavaScript the landing page still shows its hero
// and its footer; with it React adopts the HTML without a hydration error, links and buttons work,
// and a signed-in visitor's navigation turns signed-in once the page has hydrated.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, serverAndBrowser, signedInContext, VIEWPORTS } from '../helpers/browser.js';
import { signUp, startTestServer } from '../helpers/server.js';

const env = serverAndBrowser(() => startTestServer());

const HERO = /Transform your workflow with our advanced AI toolkit/;

/** Every console error or warning and every uncaught error of the page (React reports hydration mismatches so). */
function problems(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') seen.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => seen.push(`uncaught: ${e.message}`));
  return seen;
}

/** Resolves once React owns the page's footer (it tags the DOM nodes it hydrated or created). */
function hydrated(page: Page): Promise<unknown> {
  return page.waitForFunction(() => {
    const footer = document.querySelector('footer');
    return !!footer && Object.keys(footer).some((k) => k.startsWith('__reactFiber$'));
  });
}

describe('prerendered public pages', () => {
  it('serves each public page as HTML with its content, title and description, and no inline script', async () => {
    for (const [path, title, text] of [
      ['/', 'Atelier — AI content studio', 'advanced AI toolkit'],
      ['/product/pricing', 'Pricing · Atelier', '14-day'],
      ['/about', 'About · Atelier', 'Atelier'],
      ['/sign-in', 'Sign in · Atelier', 'Sign in to Atelier'],
    ] as const) {
      const res = await fetch(`${env.server.url}${path}`, { headers: { accept: 'text/html' } });
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain(`<title>${title}</title>`);
      expect(html, path).toMatch(/<meta name="description" content="[^"]{20,}"/);
      const root = html.slice(html.indexOf('<div id="root"'));
      expect(root, path).toContain(text);
      expect(root, path).toContain('<footer');
      // The CSP allows no inline script: the only script is the built boot module, which
      // starts the app (data-app) after the first paint; nothing else is fetched before it.
      expect(html.match(/<script\b[^>]*>/g), path).toEqual([
        expect.stringMatching(/^<script type="module" crossorigin src="\/assets\/boot-[^"]+" data-app="\/assets\/main-[^"]+">$/),
      ]);
      expect(html, path).not.toContain('modulepreload');
    }
    // Compressed on the wire, and revalidated by its ETag.
    const compressed = await fetch(`${env.server.url}/`, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(Number(compressed.headers.get('content-length'))).toBeLessThan(30_000);
    expect(await compressed.text()).toContain('<title>Atelier — AI content studio</title>');
    // (fetch adds "Cache-Control: no-cache" to a conditional request unless it has one: a browser's reload sends max-age=0.)
    const again = await fetch(`${env.server.url}/`, { headers: { 'accept-encoding': 'br', 'cache-control': 'max-age=0', 'if-none-match': compressed.headers.get('etag')! } });
    expect(again.status).toBe(304);
    // The app's own pages are not prerendered, nor is a page asked for with a query (sign-in's
    // ?redirect= changes its links): they get the empty shell, which the browser renders.
    for (const path of ['/ai/community', '/sign-in?redirect=%2Fai%2Faccount']) {
      expect(await (await fetch(`${env.server.url}${path}`)).text(), path).toContain('<div id="root"></div>');
    }
  });

  it('shows the landing page without JavaScript: hero, tool cards and the footer landmark', async () => {
    const context = await env.browser.newContext({ ...VIEWPORTS.mobile, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/`);
    expect(await page.getByRole('heading', { level: 1, name: HERO }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'EXPLORE OUR AI TOOLS' }).isVisible()).toBe(true);
    expect(await page.getByText('Login Required').count()).toBeGreaterThanOrEqual(6);
    const footer = page.getByRole('contentinfo');
    expect(await footer.count()).toBe(1);
    await footer.scrollIntoViewIfNeeded();
    expect(await footer.isVisible()).toBe(true);
    expect(await footer.getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/product/pricing');
    expect(await page.title()).toBe('Atelier — AI content studio');
    // Plain links still lead somewhere: the pricing page, prerendered too.
    await footer.getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL('**/product/pricing');
    expect(await page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
    await context.close();
  });

  it('hydrates every public page without a console error or warning', async () => {
    const page = await env.browser.newPage(VIEWPORTS.desktop);
    const seen = problems(page);
    for (const path of [
      '/',
      '/about',
      '/contact',
      '/feedback',
      '/product/pricing',
      '/product/feature',
      '/product/demo',
      '/resources/api',
      '/resources/documentation',
      '/legal/privacy',
      '/sign-in',
      '/signup',
    ]) {
      await page.goto(`${env.server.url}${path}`);
      await hydrated(page);
      // Lazy parts (the landing's lower sections, the route's own chunk) hydrate too: let them settle.
      await page.waitForLoadState('networkidle');
      expect(seen, path).toEqual([]);
    }
    await page.close();
  });

  it('answers clicks once hydrated: the locked-tool dialog, the FAQ, and links that navigate in place', async () => {
    const page = await env.browser.newPage(VIEWPORTS.desktop);
    const seen = problems(page);
    await page.goto(`${env.server.url}/`);
    await hydrated(page);
    await page.getByText('Login Required').first().click();
    await page.getByRole('dialog', { name: 'Content is Locked' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    // The FAQ sits in the lazily loaded lower sections: hydrated with the rest.
    const more = page.getByRole('button', { name: 'View All FAQs' });
    await more.click();
    await more.waitFor({ state: 'detached' });
    // A link navigates inside the app (no new document): the marker set on window survives.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL('**/product/pricing');
    await page.waitForFunction(() => document.title === 'Pricing · Atelier');
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(seen).toEqual([]);
    await page.close();
  });

  it('requests the app only once the first paint is on screen', async () => {
    const page = await env.browser.newPage(VIEWPORTS.mobile);
    await page.goto(`${env.server.url}/`);
    await hydrated(page);
    const [paint, app] = await page.evaluate(() => [
      performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((r) => /\/assets\/main-[^/]+\.js$/.test(r.name))?.startTime,
    ]);
    expect(paint).toBeGreaterThan(0);
    expect(app).toBeGreaterThanOrEqual(paint!);
    await page.close();
  });

  it('keeps what a visitor typed, clicked and sent before the page hydrated, and replays it once it has', async () => {
    // The app's module is held back 1.5 s: the visitor acts on the prerendered page meanwhile.
    const context = await env.browser.newContext(VIEWPORTS.mobile);
    await context.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    const page = await context.newPage();
    const seen = problems(page);
    const email = `early-${Date.now()}@example.test`;
    await page.goto(`${env.server.url}/contact`);
    const isHydrated = () => page.evaluate(() => Object.keys(document.querySelector('footer')!).some((k) => k.startsWith('__reactFiber$')));
    await page.locator('#contact-name').fill('Early Bird');
    await page.locator('#contact-email').fill(email);
    await page.locator('#contact-subject').fill('Before hydration');
    await page.locator('#contact-message').fill('Typed while the app was still loading.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await isHydrated()).toBe(false);
    // Not sent as a page load (which would have put the fields in the address and lost them)…
    expect(page.url()).toBe(`${env.server.url}/contact`);
    // …but through the app once it is there, with what was typed.
    await page.getByText('Message Sent!').waitFor();
    const contact = await env.server.app.services.db.contactMessage.findFirstOrThrow({ where: { email } });
    expect(contact).toMatchObject({ name: 'Early Bird', subject: 'Before hydration', message: 'Typed while the app was still loading.' });

    // A click on a button before hydration: the mobile menu opens once the app is there.
    await page.goto(`${env.server.url}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await isHydrated()).toBe(false);
    await page.locator('#mobile-nav').waitFor();
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    expect(seen).toEqual([]);
    await context.close();
  });

  it('shows a signed-in visitor their signed-in navigation after hydration', async () => {
    const { token } = await signUp(env.server.url, 'Hydra', 'prerender');
    for (const viewport of ['desktop', 'mobile'] as const) {
      // bypassCSP: axe goes in as a script (axeViolations).
      const context = await signedInContext(env.browser, token, { ...VIEWPORTS[viewport], bypassCSP: true });
      const page = await context.newPage();
      const seen = problems(page);
      await page.goto(`${env.server.url}/`);
      // The prerendered HTML is the signed-out page; hydration keeps it, then the session shows.
      await hydrated(page);
      await page.getByRole('link', { name: 'Dashboard' }).first().waitFor();
      expect(await page.getByRole('paragraph').filter({ hasText: 'Welcome back! Continue your AI journey' }).isVisible()).toBe(true);
      if (viewport === 'desktop') {
        // Named with the initials it shows (axe's label-content-name-mismatch, WCAG 2.5.3).
        expect(await page.getByRole('button', { name: /^Account menu, [A-Z?]{1,2}$/ }).isVisible()).toBe(true);
        expect(await axeViolations(page)).toEqual([]);
        expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).count()).toBe(0);
      } else {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.locator('#mobile-nav').getByRole('button', { name: 'Sign out' }).waitFor();
        expect(await page.locator('#mobile-nav').getByRole('link', { name: 'Sign In' }).count()).toBe(0);
      }
      expect(seen, viewport).toEqual([]);
      await context.close();
    }
  });
});

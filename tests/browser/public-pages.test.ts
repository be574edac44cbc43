// Before, the sign-in and sign-up pages were a bare card, and every inner public page
// ended in a lone "© Atelier" line. Now each public page keeps the top navigation and ends with
// the landing page's footer, and the auth pages are designed pages (logo home, a card with
// labelled fields, what you get, the link to the other form) with no axe-core violations.
// Checked at the two viewports of the walkthrough: 1440×900 and a 390×844 phone.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, keepScreenshot, serverAndBrowser, VIEWPORTS } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';

const env = serverAndBrowser(() => startTestServer());
// The landing page with every section it can have: the deployment's social accounts set.
let social: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  social = await startTestServer({ INSTAGRAM_URL: 'https://www.instagram.com/atelier.example', YOUTUBE_URL: 'https://www.youtube.com/@atelier-example' });
});
afterAll(() => social?.close());

/** The public routes under the site layout (client/src/app/router.tsx), besides / and the auth pages. */
const INNER_PAGES = [
  '/about',
  '/contact',
  '/feedback',
  '/legal/privacy',
  '/legal/security',
  '/legal/terms',
  '/product/feature',
  '/product/pricing',
  '/product/demo',
  '/resources/api',
  '/resources/documentation',
  '/no-such-page',
];

type Viewport = keyof typeof VIEWPORTS;
/** The site's CSP allows no inline script, and axe-core goes in as one: these contexts ignore the CSP. */
const AXE_CONTEXT = (viewport: Viewport) => ({ ...VIEWPORTS[viewport], bypassCSP: true });
type FooterShape = { headings: string[]; links: string[]; newsletter: boolean };

/** What the page's footer holds: its headings, its links (text → target) and whether it has the newsletter form. */
async function footerShape(page: Page): Promise<FooterShape> {
  // The last <footer>: on the landing page it sits inside <main>, so it is not the contentinfo landmark there.
  const footer = page.locator('footer').last();
  await footer.waitFor();
  return footer.evaluate((el) => ({
    headings: [...el.querySelectorAll('h2, h3')].map((h) => h.textContent?.trim() ?? ''),
    links: [...el.querySelectorAll('a')].map((a) => `${(a.getAttribute('aria-label') ?? a.textContent ?? '').trim()} → ${a.getAttribute('href')}`),
    newsletter: !!el.querySelector('input[type=email]'),
  }));
}

/** Nothing of the page lies below the footer: it is the page's end. */
async function endsWithFooter(page: Page): Promise<boolean> {
  return page
    .locator('footer')
    .last()
    .evaluate((el) => {
      const bottom = el.getBoundingClientRect().bottom + window.scrollY;
      return Math.abs(document.documentElement.scrollHeight - bottom) <= 1;
    });
}

async function readLandingFooter(browser: Browser, viewport: Viewport): Promise<FooterShape> {
  const context = await browser.newContext(VIEWPORTS[viewport]);
  const page = await context.newPage();
  await page.goto(`${env.server.url}/`);
  const shape = await footerShape(page);
  await context.close();
  return shape;
}

/**
 * The landing page's footer at a viewport, read once per viewport and shared by the tests that
 * compare another page's footer with it (the same server answers them all, so it cannot differ).
 */
const landingFooters = new Map<Viewport, Promise<FooterShape>>();
function landingFooter(browser: Browser, viewport: Viewport): Promise<FooterShape> {
  if (!landingFooters.has(viewport)) landingFooters.set(viewport, readLandingFooter(browser, viewport));
  return landingFooters.get(viewport)!;
}

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The element that has focus after pressing Tab from `from`. */
async function tabFrom(page: Page, from: Locator): Promise<string> {
  await from.focus();
  await page.keyboard.press('Tab');
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return `${el?.tagName.toLowerCase()}:${el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? ''}`;
  });
}

describe.each(Object.keys(VIEWPORTS) as Viewport[])('public pages at the %s viewport', (viewport) => {
  it('ends every inner public page with the landing page’s footer, below the top navigation', async () => {
    const landing = await landingFooter(env.browser, viewport);
    // The landing footer itself: product, support and legal columns with their links, the newsletter.
    expect(landing.headings).toEqual(expect.arrayContaining(['Product', 'Support', 'Legal']));
    expect(landing.links).toEqual(expect.arrayContaining(['Pricing → /product/pricing', 'Contact → /contact', 'Privacy Policy → /legal/privacy', 'Cookies → /legal/terms']));
    expect(landing.newsletter).toBe(true);

    const context = await env.browser.newContext(VIEWPORTS[viewport]);
    const page = await context.newPage();
    for (const path of INNER_PAGES) {
      await page.goto(`${env.server.url}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.getByRole('navigation', { name: 'Main' }).isVisible(), `${path}: top navigation`).toBe(true);
      expect(await page.getByRole('contentinfo').count(), `${path}: one footer`).toBe(1);
      expect(await footerShape(page), `${path}: the landing footer`).toEqual(landing);
      expect(await endsWithFooter(page), `${path}: ends with the footer`).toBe(true);
      expect(await noHorizontalScroll(page), `${path}: fits the width`).toBe(true);
    }

    // Signed out, a tool's address (here the community gallery) shows the sign-in page's card and
    // panel under the app's own top bar (the app shell has no site footer, signed in or out).
    await page.goto(`${env.server.url}/ai/community`);
    await page.getByRole('heading', { level: 1, name: 'Sign in to Atelier' }).waitFor();
    expect(
      await page
        .getByRole('banner')
        .getByRole('link', { name: /Atelier/ })
        .getAttribute('href'),
    ).toBe('/');
    expect(
      await page
        .getByRole('main')
        .getByRole('region', { name: /What you get/ })
        .isVisible(),
    ).toBe(true);
    expect(await noHorizontalScroll(page)).toBe(true);
    await context.close();
  });

  it('passes axe-core on the landing page (scrolled through, social accounts shown) and every inner page', async () => {
    // Before: the API page's code samples scrolled but took no keyboard
    // focus, the landing page had two landmarks named "Testimonials" and the help button outside
    // any landmark, and the 404 page went from its h1 to the footer's h3.
    const context = await env.browser.newContext(AXE_CONTEXT(viewport));
    const page = await context.newPage();
    // Every page on a phone; on the desktop the pages whose layout differs most (the findings were the same at both).
    for (const path of viewport === 'mobile' ? ['/', ...INNER_PAGES] : ['/', '/resources/api', '/no-such-page']) {
      await page.goto(`${social.url}${path}`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      if (path === '/') {
        await page.getByRole('heading', { name: 'CONNECT WITH US' }).waitFor({ state: 'attached' });
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.waitForLoadState('networkidle');
      }
      expect(await axeViolations(page), path).toEqual([]);
    }
    await context.close();
  });

  it('shows sign-in as a designed page: logo home, labelled form, what you get, link to sign-up, footer', async () => {
    const landing = await landingFooter(env.browser, viewport);
    const context = await env.browser.newContext(AXE_CONTEXT(viewport));
    const page = await context.newPage();
    await page.goto(`${env.server.url}/sign-in?redirect=%2Fai%2Faccount`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Sign in to Atelier' }).waitFor();

    expect(await page.getByRole('banner').getByRole('link', { name: 'Atelier', exact: true }).getAttribute('href')).toBe('/');
    const email = main.getByLabel('Email');
    const password = main.getByLabel('Password');
    expect(await email.getAttribute('type')).toBe('email');
    expect(await password.getAttribute('type')).toBe('password');
    expect(await email.getAttribute('required')).not.toBeNull();
    // What an account gives: the tools, by name.
    const value = main.getByRole('region', { name: /What you get/ });
    expect(await value.isVisible()).toBe(true);
    for (const tool of ['AI Article Writer', 'AI Image Generation', 'Resume Reviewer']) expect(await value.getByText(tool).isVisible(), tool).toBe(true);
    // The link to the other form keeps where to go afterwards.
    const toSignUp = main.getByRole('link', { name: 'Create an account' });
    expect(await toSignUp.getAttribute('href')).toBe('/signup?redirect=%2Fai%2Faccount');
    // Focus runs through the form in reading order, then to the link.
    expect(await tabFrom(page, email)).toBe('input:');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe('password');
    // From the password to "Forgot password?" (docs/email.md), then the button.
    expect(await tabFrom(page, password)).toBe('a:Forgot password?');
    expect(await main.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(await tabFrom(page, main.getByRole('link', { name: 'Forgot password?' }))).toBe('button:Sign in');
    expect(await tabFrom(page, main.getByRole('button', { name: 'Sign in' }))).toBe('a:Create an account');

    expect(await page.getByRole('contentinfo').count()).toBe(1);
    expect(await footerShape(page)).toEqual(landing);
    expect(await endsWithFooter(page)).toBe(true);
    expect(await noHorizontalScroll(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, 'sign-in', { fullPage: true });

    // A refused sign-in is announced.
    await email.fill('nobody@example.test');
    await password.fill('Not-the-password-1');
    await main.getByRole('button', { name: 'Sign in' }).click();
    await main.getByRole('alert').filter({ hasText: 'Wrong e-mail or password' }).waitFor();
    await keepScreenshot(page, 'sign-in-error', { fullPage: true });

    await toSignUp.click();
    await page.waitForURL('**/signup?redirect=%2Fai%2Faccount');
    await page.waitForFunction(() => document.title === 'Create your account · Atelier', undefined, { timeout: 10_000 });
    await main.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    await context.close();
  });

  it('shows sign-up as a designed page with the same frame, a link to sign-in and announced field errors', async () => {
    const landing = await landingFooter(env.browser, viewport);
    const context = await env.browser.newContext(AXE_CONTEXT(viewport));
    const page = await context.newPage();
    await page.goto(`${env.server.url}/signup`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();

    expect(await page.getByRole('banner').getByRole('link', { name: 'Atelier', exact: true }).getAttribute('href')).toBe('/');
    for (const label of ['First name', 'Last name', 'Email', 'Password']) expect(await main.getByLabel(label).isVisible(), label).toBe(true);
    expect(
      await main
        .getByRole('region', { name: /What you get/ })
        .getByText('Blog Title Generator')
        .isVisible(),
    ).toBe(true);
    const toSignIn = main.getByRole('link', { name: 'Sign in', exact: true });
    expect(await toSignIn.getAttribute('href')).toBe('/sign-in');
    expect(await tabFrom(page, main.getByLabel('First name'))).toBe('input:');
    expect(await tabFrom(page, main.getByRole('button', { name: 'Create account' }))).toBe('a:Sign in');

    expect(await page.getByRole('contentinfo').count()).toBe(1);
    expect(await footerShape(page)).toEqual(landing);
    expect(await endsWithFooter(page)).toBe(true);
    expect(await noHorizontalScroll(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, 'sign-up', { fullPage: true });

    // A password the server refuses marks that field invalid and says why, out loud.
    await main.getByLabel('First name').fill('Grace');
    await main.getByLabel('Last name').fill('Hopper');
    await main.getByLabel('Email').fill(`grace-${viewport}-${Date.now()}@example.test`);
    await main.getByLabel('Password').fill('lowercaseonly');
    await main.getByRole('button', { name: 'Create account' }).click();
    await main.getByRole('alert').filter({ hasText: /\S/ }).waitFor();
    expect(await main.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
    expect(await main.getByLabel('Email').getAttribute('aria-invalid')).toBeNull();
    expect(await axeViolations(page)).toEqual([]);

    await toSignIn.click();
    await page.waitForURL((url) => url.pathname === '/sign-in');
    await main.getByRole('heading', { level: 1, name: 'Sign in to Atelier' }).waitFor();
    await context.close();
  });
});

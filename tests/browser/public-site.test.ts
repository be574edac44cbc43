// The public site in a real browser: the locked modal for anonymous tool clicks, the
// FAQ, the mobile menu, contact and feedback forms that land in Postgres, the landing
// media (hero fade-in, play-while-visible cards, reveal on scroll, no layout shift), the
// testimonials carousel under a real mouse, and plans wired to changePlan.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser, signedInContext } from '../helpers/browser.js';
import { CLIENT_TOOLS } from '../helpers/client-tools.js';
import { signUp, startTestServer } from '../helpers/server.js';

/** A landing card per tool of the catalogue (product §2). */
const LANDING_TOOL_CARDS = CLIENT_TOOLS.length;

// The deployment's social accounts: with none set, there is no banner and no social cards.
const t = serverAndBrowser(() =>
  startTestServer({
    INSTAGRAM_URL: 'https://www.instagram.com/atelier.example',
    YOUTUBE_URL: 'https://www.youtube.com/@atelier-example',
    LINKEDIN_URL: 'https://www.linkedin.com/company/atelier-example',
  }),
);

describe('public site', () => {
  it('shows the locked modal to an anonymous tool click, and expands the FAQ', async () => {
    const page = await t.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${t.server.url}/`);
    await page.getByRole('heading', { name: /Transform your workflow with our advanced AI toolkit/ }).waitFor();
    await page.getByText('Login Required').first().click();
    const dialog = page.getByRole('dialog', { name: 'Content is Locked' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Please login to access our professional AI tools suite.');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    const more = page.getByRole('button', { name: 'View All FAQs' });
    await more.waitFor(); // the sections under the tool cards arrive as their own chunk
    const questions = () => page.locator('button[aria-expanded]').filter({ hasText: '?' });
    const before = await questions().count();
    await more.click();
    expect(await questions().count()).toBe(before + 2);
    expect(await more.count()).toBe(0);
    const [first, second] = [questions().nth(0), questions().nth(1)];
    await first.click();
    expect(await first.getAttribute('aria-expanded')).toBe('true');
    await second.click();
    expect(await second.getAttribute('aria-expanded')).toBe('true');
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    await page.close();
  });

  it('opens the mobile menu and closes it on navigation', async () => {
    const page = await t.browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(`${t.server.url}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const panel = page.locator('#mobile-nav');
    await panel.waitFor();
    await panel.getByRole('button', { name: /Company/ }).click();
    await panel.getByRole('link', { name: 'Contact', exact: true }).first().click();
    await page.waitForURL('**/contact');
    expect(
      await page
        .locator('#mobile-nav')
        .isVisible()
        .catch(() => false),
    ).toBe(false);
    await page.close();
  });

  it('stores contact and feedback submissions', async () => {
    const page = await t.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const email = `visitor-${Date.now()}@example.test`;
    await page.goto(`${t.server.url}/contact`);
    await page.locator('#contact-name').fill('Vera Visitor');
    await page.locator('#contact-email').fill(email);
    await page.locator('#contact-subject').fill('Pricing question');
    await page.locator('#contact-message').fill('Is there a team plan?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Message Sent!').waitFor();
    expect(await page.locator('#contact-name').inputValue()).toBe('');
    const contact = await t.server.app.services.db.contactMessage.findFirstOrThrow({ where: { email } });
    expect(contact).toMatchObject({ name: 'Vera Visitor', subject: 'Pricing question', message: 'Is there a team plan?' });

    await page.goto(`${t.server.url}/feedback`);
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please fill all fields and provide a rating' }).waitFor();
    await page.getByRole('radio', { name: /4 stars: Good/ }).click();
    await page.locator('#feedback-name').fill('Vera Visitor');
    await page.locator('#feedback-email').fill(email);
    await page.locator('#feedback-category').selectOption({ label: 'Report an Issue' });
    await page.locator('#feedback-message').fill('The demo video would be nice.');
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await page.getByText('Feedback received successfully!').waitFor();
    const feedback = await t.server.app.services.db.feedback.findFirstOrThrow({ where: { email } });
    expect(feedback).toMatchObject({ rating: 4, category: 'report_an issue', type: 'feedback', message: 'The demo video would be nice.' });
    await page.close();
  });

  it('fades the hero backdrop in once loaded, plays card media only while visible, reveals social cards, and shifts nothing', async () => {
    const page = await t.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${t.server.url}/`);
    const backdrop = page.getByTestId('hero-backdrop');
    await page.waitForFunction(() => document.querySelector('[data-testid="hero-backdrop"]')?.getAttribute('data-loaded') === 'true');
    await page.waitForFunction(() => getComputedStyle(document.querySelector('[data-testid="hero-backdrop"]')!).opacity === '1');
    expect(await backdrop.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.getByText('Background design: Atelier Studio').waitFor();
    // The hero's motion runs on its own: glows drifting, waves sliding.
    const motion = await backdrop
      .locator('.atelier-glow, .atelier-waves')
      .evaluateAll((els) => els.map((e) => `${getComputedStyle(e).animationName} ${getComputedStyle(e).animationPlayState}`));
    expect(motion).toEqual([...Array(3).fill('atelier-drift running'), 'atelier-waves running']);
    // The logo marquee and the social banner loop, and the banner holds still under the pointer.
    const playState = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).animationPlayState);
    await page.getByTestId('social-banner-track').waitFor(); // the accounts come with the site's links, once hydrated
    expect(await page.locator('.atelier-marquee').evaluateAll((els) => els.map((e) => getComputedStyle(e).animationPlayState))).toEqual(['running', 'running']);
    await page.locator('section[aria-label="Follow Atelier"]').hover(); // the section: the moving track is never "stable" to hover
    expect(await playState('[data-testid="social-banner-track"]')).toBe('paused');
    await page.mouse.move(0, 0);
    expect(await playState('[data-testid="social-banner-track"]')).toBe('running');

    const toolMedia = page.locator('section[aria-labelledby="tools-heading"] [data-playing]');
    expect(await toolMedia.count()).toBe(LANDING_TOOL_CARDS);
    await page.locator('#tools-heading').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector('section[aria-labelledby="tools-heading"] [data-playing]')?.getAttribute('data-playing') === 'true');
    expect(
      await toolMedia
        .first()
        .locator('.atelier-sweep')
        .evaluate((el) => getComputedStyle(el).animationPlayState),
    ).toBe('running');

    const connect = page.locator('section[aria-labelledby="connect-heading"] li').first();
    expect(await connect.getAttribute('data-revealed')).toBe('false');
    expect(await connect.locator('[data-playing]').getAttribute('data-playing')).toBe('false');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(() =>
      [...document.querySelectorAll('section[aria-labelledby="tools-heading"] [data-playing]')].every((e) => e.getAttribute('data-playing') === 'false'),
    );
    expect(
      await toolMedia
        .first()
        .locator('.atelier-sweep')
        .evaluate((el) => getComputedStyle(el).animationPlayState),
    ).toBe('paused');
    await connect.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector('section[aria-labelledby="connect-heading"] li [data-playing]')?.getAttribute('data-playing') === 'true');
    expect(await connect.getAttribute('data-revealed')).toBe('true');

    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let sum = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) sum += e.value;
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(sum), 200);
        }),
    );
    expect(shift).toBeLessThan(0.01);
    await page.close();
  });

  it('moves the testimonials carousel with a real mouse drag and shows 1 or 3 cards by width', async () => {
    const shown = (page: Page) => page.locator('li[aria-roledescription="slide"]:not([aria-hidden="true"]) figcaption span span:first-child').allTextContents();
    for (const [width, count] of [
      [1280, 3],
      [375, 1],
    ] as const) {
      const page = await t.browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${t.server.url}/`);
      const viewport = page.getByTestId('carousel-viewport');
      await viewport.scrollIntoViewIfNeeded();
      // The prerendered page shows one card until the app, once hydrated, measures the window.
      await expect.poll(async () => (await shown(page)).length, { timeout: 10_000 }).toBe(count);
      expect((await shown(page))[0]).toBe('Priya Raman');
      // On a phone the prerendered page already shows its one card: a drag before React owns the
      // carousel (its lazy section hydrated) would move nothing, as boot.ts replays clicks, not drags.
      await page.waitForFunction(() => Object.keys(document.querySelector('[data-testid=carousel-viewport]') ?? {}).some((k) => k.startsWith('__reactFiber$')));
      const box = (await viewport.boundingBox())!;
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + box.width * 0.7, y);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.7 - 160, y, { steps: 12 });
      await page.mouse.up();
      await page.waitForFunction(() => document.querySelector('li[aria-roledescription="slide"]:not([aria-hidden="true"]) figcaption span span')?.textContent === 'Marcus Chen');
      await page.getByRole('button', { name: 'Go to testimonial 6' }).click();
      expect((await shown(page))[0]).toBe('Yuki Tanaka');
      await page.close();
    }
  });

  it('sends an anonymous Premium choice to sign-in (then the account page); a signed-in Free account goes to the account page, its plan unchanged', async () => {
    const anon = await t.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await anon.goto(`${t.server.url}/`);
    // Spec §1's claims, now true (docs/real-services.md, "Billing (plans)").
    await anon.getByText('A 14-day free trial, no credit card needed. Plan changes are prorated, and cancelling keeps access until the end of the billing period.').waitFor();
    await anon.getByRole('button', { name: 'Start 14-day free trial' }).click();
    await anon.waitForURL('**/sign-in?redirect=%2Fai%2Faccount');
    await anon.close();

    const { token, user } = await signUp(t.server.url, 'Petra', 'plans-ui');
    const context = await signedInContext(t.browser, token);
    const page = await context.newPage();
    await page.goto(`${t.server.url}/`);
    const plans = page.locator('#plans');
    await plans.getByRole('button', { name: 'Current plan' }).waitFor();
    expect(await plans.getByRole('button', { name: 'Current plan' }).isDisabled()).toBe(true);
    await plans.getByRole('button', { name: 'Start 14-day free trial' }).click();
    await page.waitForURL('**/ai/account');
    await page.getByRole('button', { name: 'Start 14-day free trial (no card)' }).waitFor();
    // Choosing a plan on the landing page changes nothing by itself.
    expect((await t.server.app.services.db.user.findUniqueOrThrow({ where: { id: user.id } })).plan).toBe('FREE');
    await context.close();
  });

  it('under prefers-reduced-motion shows the still hero poster, stops the banners and never plays card media', async () => {
    const context = await t.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${t.server.url}/`);
    await page.waitForFunction(() => document.querySelector('[data-testid="hero-backdrop"]')?.getAttribute('data-loaded') === 'true');
    expect(
      await page
        .getByTestId('hero-backdrop')
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.currentSrc),
    ).toMatch(/backdrop-poster\.svg$/);
    await page.getByTestId('social-banner-track').waitFor({ state: 'attached' });
    expect(await page.getByTestId('social-banner-track').evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    await page.locator('#tools-heading').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    const states = await page.locator('section[aria-labelledby="tools-heading"] [data-playing]').evaluateAll((els) => els.map((e) => e.getAttribute('data-playing')));
    expect(states).toEqual(Array(LANDING_TOOL_CARDS).fill('false'));
    await context.close();
  });

  it("on a phone, the floating 'Get help' covers neither the 'Trusted by innovative teams' heading nor the footer's text, at any scroll position", async () => {
    const page = await t.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${t.server.url}/`, { waitUntil: 'networkidle' });
    const help = page.getByRole('link', { name: 'Get help' });
    // Scrolled through in 211 px steps, each position let settle 30 ms, all inside the page (one
    // round trip for the whole walk, not three per position): what the button covers, by position.
    const { firstScreen, scrolled } = await help.evaluate(async (button, step) => {
      /** Text boxes (the glyphs, not their blocks) under the button: the heading's and every line of the footer's. */
      const covered = () => {
        const b = button.getBoundingClientRect();
        const hits: string[] = [];
        const texts = [...document.querySelectorAll('h2, footer *')].filter((e) => e.closest('footer') || e.textContent?.trim() === 'Trusted by innovative teams');
        for (const el of texts) {
          for (const node of el.childNodes) {
            if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const r of range.getClientRects()) {
              if (r.right > b.left && r.left < b.right && r.bottom > b.top && r.top < b.bottom) hits.push(node.textContent.trim());
            }
          }
        }
        return hits;
      };
      const first = covered();
      const found: Record<string, string[]> = {};
      const height = document.documentElement.scrollHeight;
      for (let y = 0; y <= height; y += step) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 30));
        const hits = covered();
        if (hits.length) found[`scrolled to ${y}`] = hits;
      }
      return { firstScreen: first, scrolled: found };
    }, 211);
    // Before: the pill covered the heading's last word on the first screen.
    expect(firstScreen, 'first screen').toEqual([]);
    expect(scrolled).toEqual({});
    await page.close();
  });
});

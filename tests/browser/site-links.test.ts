// Links that were placeholders (docs/configuration.md has the variables). "Star us" pointed at a
// bare https://github.com/ and the blog at https://dev.to/; they now come from
// PROJECT_REPOSITORY_URL and BLOG_URL and are hidden when unset. The social links opened the bare
// instagram.com, youtube.com and linkedin.com home pages; they come from INSTAGRAM_URL, YOUTUBE_URL
// and LINKEDIN_URL, and with none set there is no social banner and no 'CONNECT WITH US' section.
// The API page links to /signup (product §2), and the community viewer's ai-creation-{n}.jpg
// download (product §9) is JPEG bytes, not PNG bytes under a .jpg name.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepScreenshot, serverAndBrowser, signedInContext, VIEWPORTS } from '../helpers/browser.js';
import { followJob, gqlOk, signUp, startStack, startTestServer } from '../helpers/server.js';

// Empty values are unset (package.json has no "repository" either).
const env = serverAndBrowser(() => startStack({ PROJECT_REPOSITORY_URL: '', BLOG_URL: '' }));

const REPOSITORY = 'https://github.com/example/atelier';
const BLOG = 'https://blog.example.com/';
const SOCIAL = {
  INSTAGRAM_URL: 'https://www.instagram.com/atelier.example',
  YOUTUBE_URL: 'https://www.youtube.com/@atelier-example',
  LINKEDIN_URL: 'https://www.linkedin.com/company/atelier-example',
};
const PLACEHOLDERS = ['https://github.com/', 'https://dev.to/', 'https://www.instagram.com/', 'https://www.youtube.com/', 'https://www.linkedin.com/'];

/** The landing page once everything it asks for (siteLinks included) has answered and the lazy sections are in. */
async function openLanding(page: Page, baseUrl: string): Promise<void> {
  const siteLinks = page.waitForResponse((r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('siteLinks'));
  await page.goto(baseUrl, { waitUntil: 'networkidle' });
  await siteLinks;
  await page.locator('#faq-heading').waitFor(); // the sections below the first screen are in
  await page.waitForLoadState('networkidle');
}

const hrefs = (page: Page) => page.locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));

describe('outside links with no address set', () => {
  it('shows no Star us, Blog or GitHub link at all, on desktop and in the phone menu', async () => {
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
      const context = await env.browser.newContext(viewport);
      const page = await context.newPage();
      await openLanding(page, env.server.url);
      if (viewport === VIEWPORTS.mobile) await page.getByRole('button', { name: 'Open menu' }).click();
      const links = await hrefs(page);
      expect(links.length).toBeGreaterThan(10);
      for (const placeholder of PLACEHOLDERS) expect(links).not.toContain(placeholder);
      expect(links.filter((h) => new URL(h).hostname.endsWith('github.com') || new URL(h).hostname === 'dev.to')).toEqual([]);
      expect(await page.getByRole('link', { name: /Star us/ }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Blog', exact: true }).count()).toBe(0);
      const social = links.filter((h) => /(^|\.)(instagram|youtube|linkedin)\.com$/.test(new URL(h).hostname));
      expect(social).toEqual([]);
      expect(await page.locator('section[aria-label="Follow Atelier"]').count()).toBe(0);
      expect(await page.locator('#connect-heading').count()).toBe(0);
      await context.close();
    }
  });
});

describe('outside links with PROJECT_REPOSITORY_URL and BLOG_URL set', () => {
  let configured: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    configured = await startTestServer({ PROJECT_REPOSITORY_URL: REPOSITORY, BLOG_URL: BLOG, ...SOCIAL });
  });
  afterAll(async () => {
    await configured?.close();
  });

  it('opens the configured repository and blog from the navigation, the footer and the social cards', async () => {
    const context = await env.browser.newContext(VIEWPORTS.desktop);
    const page = await context.newPage();
    await openLanding(page, configured.url);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const star = nav.getByRole('link', { name: /Star us/ });
    expect(await star.getAttribute('href')).toBe(REPOSITORY);
    expect(await star.getAttribute('target')).toBe('_blank');
    expect(await nav.getByRole('link', { name: 'Blog', exact: true }).getAttribute('href')).toBe(BLOG);
    expect(await page.locator('footer').getByRole('link', { name: 'GitHub' }).getAttribute('href')).toBe(REPOSITORY);
    expect(await page.getByRole('link', { name: /Star the project/ }).getAttribute('href')).toBe(REPOSITORY);
    // The deployment's own accounts, in the footer, the cards and the banner.
    for (const [name, url, instruction] of [
      ['Instagram', SOCIAL.INSTAGRAM_URL, 'Follow us on Instagram'],
      ['YouTube', SOCIAL.YOUTUBE_URL, 'Subscribe on YouTube'],
      ['LinkedIn', SOCIAL.LINKEDIN_URL, 'Connect on LinkedIn'],
    ]) {
      expect(await page.locator('footer').getByRole('link', { name: name! }).getAttribute('href')).toBe(url);
      const calls = await page.getByRole('link', { name: instruction }).evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
      expect(calls.length).toBeGreaterThanOrEqual(2); // a card and the banner
      expect(new Set(calls)).toEqual(new Set([url]));
    }
    await keepScreenshot(page, 'site-links-configured');
    const links = await hrefs(page);
    for (const placeholder of PLACEHOLDERS) expect(links).not.toContain(placeholder);
    await context.close();
  });
});

describe('API page', () => {
  it('links to /signup (product §2), and the link leads to account creation', async () => {
    const context = await env.browser.newContext(VIEWPORTS.mobile);
    const page = await context.newPage();
    await page.goto(`${env.server.url}/resources/api`);
    const signup = page.getByRole('main').getByRole('link', { name: 'Create a free account' });
    expect(await signup.getAttribute('href')).toBe('/signup');
    await keepScreenshot(page, 'api-page');
    await signup.click();
    await page.waitForURL('**/signup');
    await page.getByRole('button', { name: 'Create account' }).waitFor();
    await context.close();
  });
});

describe('community viewer download', () => {
  it('saves ai-creation-{n}.jpg as JPEG bytes although the published image is a PNG', async () => {
    const account = await signUp(env.server.url, 'Dora', 'download');
    await gqlOk(env.server.url, 'mutation { startTrial { plan } }', {}, account.token); // image generation is Premium
    const { generateImage: job } = await gqlOk<{ generateImage: { id: string } }>(
      env.server.url,
      'mutation { generateImage(input: {description: "a lighthouse at dusk", style: REALISTIC, publish: true}) { id } }',
      {},
      account.token,
    );
    const creation = (await followJob(env.server.url, account.token, job.id)).at(-1)!.creation!;
    // What the server serves is a PNG: saved as it is, the .jpg would lie about its bytes.
    const served = Buffer.from(await (await fetch(new URL(creation.content, env.server.url))).arrayBuffer());
    expect(served.subarray(0, 4).toString('hex')).toBe('89504e47');

    const context = await signedInContext(env.browser, account.token, VIEWPORTS.desktop);
    const page = await context.newPage();
    await page.goto(`${env.server.url}/ai/community`);
    await page.locator(`[data-creation-id="${creation.id}"]`).waitFor({ timeout: 15_000 });
    await page
      .getByRole('button', { name: /^View creation by Dora/ })
      .first()
      .click();
    const viewer = page.getByRole('dialog');
    // "Creation 1 of 1" for a screen reader: the n of the file name.
    const position = (await viewer.locator('p[aria-live="polite"]').first().textContent())?.match(/\d+/)?.[0];
    expect(position).toBeTruthy();

    const [download] = await Promise.all([page.waitForEvent('download'), viewer.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe(`ai-creation-${position}.jpg`);
    const saved = await readFile((await download.path())!);
    expect(saved.subarray(0, 3).toString('hex')).toBe('ffd8ff'); // JPEG's magic number
    expect(saved.subarray(-2).toString('hex')).toBe('ffd9'); // and its end marker: a whole JPEG
    await page.getByText('Image downloaded successfully!').waitFor();
    await context.close();
  });
});

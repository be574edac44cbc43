// axe-core finds nothing on any page under /ai, in a real browser at
// the walkthrough's two viewports (1440×900 and a 390×844 phone), signed in as a Free user
// (Premium tools show their lock panel) and as a Premium user, and in the states a user meets:
// empty forms, refused forms, a job under way, a failed job, every tool's result after a real
// finished job, the dashboard's history opened, the phone's navigation menu opened, the
// community viewer and the account page's confirmations. Every page is loaded and audited in a
// context of each viewport; the states after a Premium user's real jobs are made once, in a
// desktop window, and audited at both widths (the window resized), not run again on a phone.
// Each audited state is kept as a screenshot (test-results/screenshots/a11y-<state>-<width>.png).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ServerToolKind } from '../../client/src/tools/server-tools.js';
import { axeViolations, keepScreenshot, serverAndBrowser, signedInContext, VIEWPORTS } from '../helpers/browser.js';
import { CLIENT_TOOLS } from '../helpers/client-tools.js';
import { makePdf, SAMPLE_RESUME } from '../helpers/pdf.js';
import { gqlOk, signUp, startStack } from '../helpers/server.js';

// Text streams in ~80 chunks 40 ms apart, so a running article stays on show long enough to
// audit; a Free user has one text generation a month, so the second shows the upgrade prompt.
const env = serverAndBrowser(() => startStack({ MAX_CONCURRENT_JOBS: '10', TOOL_RATE_PER_MINUTE: '200', LOCAL_STREAM_DELAY_MS: '40', FREE_TEXT_QUOTA: '1' }));
const photo = readFileSync(join(import.meta.dirname, '../fixtures/photos/coffee.png'));

type Viewport = keyof typeof VIEWPORTS;
/**
 * Every page of client/src/app/router.tsx under /ai: the sidebar's links (the dashboard, each
 * tool of client/src/tools/catalogue.ts, batches, community), checked against the catalogue on the page,
 * then the account page (the sidebar's name) and "not found".
 */
async function aiPages(page: Page, baseUrl: string): Promise<string[]> {
  await page.goto(`${baseUrl}/ai`);
  await settle(page);
  // By selector: on a phone the closed menu hides the navigation from the accessibility tree.
  const links = await page.locator('nav[aria-label="AI tools"] a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  expect(links).toEqual(['/ai', ...CLIENT_TOOLS.map((t) => t.path), '/ai/batches', '/ai/community']);
  return [...links, '/ai/account', '/ai/no-such-page'];
}

/** Violations by page state; only states with findings are listed, so a failure names each one. */
type Report = Record<string, string[]>;

async function open(browser: Browser, token: string, viewport: Viewport): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  // axe-core goes in as an injected script, which the site's CSP refuses: this context ignores the CSP.
  const context = await signedInContext(browser, token, { ...VIEWPORTS[viewport], bypassCSP: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors, close: () => context.close() };
}

/** Waits until the page has its heading, no "Loading…" spinner, its plan in the sidebar, and its images decoded. */
async function settle(page: Page): Promise<void> {
  await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
  await page.getByTestId('quota-line').waitFor({ state: 'attached' });
  await page.waitForFunction(() => {
    const loading = [...document.querySelectorAll('[role=status], [aria-busy=true]')].some((el) => el.getAttribute('aria-busy') === 'true' || /Loading/.test(el.textContent ?? ''));
    // A lazy image below the fold does not load until scrolled to (with the whole suite's
    // creations the community page has many): only those in view must have decoded.
    const images = [...document.images].every((img) => img.complete || (img.loading === 'lazy' && img.getBoundingClientRect().top >= innerHeight));
    return !loading && images;
  });
}

/** Audits the page as it is now, records what axe found under `state`, and keeps a screenshot. */
async function audit(page: Page, report: Report, state: string): Promise<void> {
  const violations = await axeViolations(page);
  if (violations.length) report[state] = violations;
  await keepScreenshot(page, `a11y-${state}`);
}

/**
 * Audits a state at the desktop width, then at the phone's (the window resized: the state is
 * this page's, after a real job, and is not run a second time in a phone's own context, whose
 * pages are each audited above), then goes back to the desktop width.
 */
async function auditBothWidths(page: Page, report: Report, name: string): Promise<void> {
  for (const viewport of ['desktop', 'mobile'] as const) {
    await page.setViewportSize(VIEWPORTS[viewport].viewport);
    await audit(page, report, `premium-${viewport}-${name}`);
  }
  await page.setViewportSize(VIEWPORTS.desktop.viewport);
}

const slug = (path: string) => path.replace(/^\//, '').replace(/\//g, '-');

/**
 * Opens each /ai page in turn (a full load each) and audits it as it first shows; `also`, when
 * given, then runs on the page as it is (more checks and audits of that page, before the next load).
 */
async function auditEveryPage(page: Page, report: Report, baseUrl: string, who: string, also?: (path: string) => Promise<void>): Promise<string[]> {
  const pages = await aiPages(page, baseUrl);
  for (const path of pages) {
    await page.goto(`${baseUrl}${path}`);
    await settle(page);
    await audit(page, report, `${who}-${slug(path)}`);
    await also?.(path);
  }
  return pages;
}

/** On a phone the sidebar is behind the menu button: open it and audit the page with it open. */
async function auditMenu(page: Page, report: Report, state: string): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'AI tools' }).waitFor();
  await audit(page, report, state);
  await page.getByRole('button', { name: 'Close menu' }).click();
}

type Run = { fill: (page: Page) => Promise<void>; submit: string; done: (page: Page) => Locator };

/**
 * How to run a tool (by its kind) once from its page, and what shows once the job has finished.
 * Every tool's page is audited as it first shows whatever this says; a tool with a run here has
 * its finished result audited too (docs/adding-a-tool.md, "Which tests to run").
 */
const RUNS: { [K in 'article' | 'blog-titles' | 'object-removal']: Run } & Partial<Record<ServerToolKind, Run>> = {
  article: {
    fill: (page) => page.getByLabel('Article topic').fill('The quiet craft of bookbinding'),
    submit: 'Generate article',
    done: (page) => page.getByRole('button', { name: 'Copy' }),
  },
  'blog-titles': {
    fill: (page) => page.getByLabel('Keyword').fill('sourdough'),
    submit: 'Generate Titles',
    done: (page) => page.getByRole('button', { name: /^Copy/ }),
  },
  image: {
    fill: async (page) => {
      await page.getByLabel('Describe your image').fill('a red kite over green hills');
      await page.getByRole('switch').click(); // published, for the community viewer below
    },
    submit: 'Generate Image',
    done: (page) => page.getByRole('button', { name: 'Download' }),
  },
  'background-removal': {
    fill: (page) => page.locator('input[type=file]').setInputFiles({ name: 'coffee.png', mimeType: 'image/png', buffer: photo }),
    submit: 'Remove Background',
    done: (page) => page.getByRole('button', { name: 'Download' }),
  },
  'object-removal': {
    fill: async (page) => {
      await page.locator('input[type=file]').setInputFiles({ name: 'coffee.png', mimeType: 'image/png', buffer: photo });
      await page.getByLabel('Describe object to remove').fill('cup');
    },
    submit: 'Remove Object',
    done: (page) => page.getByRole('button', { name: 'Download' }),
  },
  'upscale-image': {
    fill: (page) => page.locator('input[type=file]').setInputFiles({ name: 'coffee.png', mimeType: 'image/png', buffer: photo }),
    submit: 'Upscale Image',
    done: (page) => page.getByRole('button', { name: 'Download' }),
  },
  'resume-review': {
    fill: (page) => page.locator('input[type=file]').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: makePdf(SAMPLE_RESUME) }),
    submit: 'Analyze Resume',
    // Not the score: it streams in before the review is finished.
    done: (page) => page.getByText('Resume analyzed successfully!'),
  },
};

const expectNoViolations = (report: Report) =>
  expect(
    report,
    Object.entries(report)
      .map(([state, v]) => `${state}:\n  ${v.join('\n  ')}`)
      .join('\n'),
  ).toEqual({});

describe.each(Object.keys(VIEWPORTS) as Viewport[])('axe-core on /ai at the %s viewport', (viewport) => {
  it('finds nothing for a Free user: every page, the locked tools, the open menu, a result, the quota prompt, a new API key and its revoke question, the delete confirmation', async () => {
    const account = await signUp(env.server.url, 'Fern', `a11y-free-${viewport}`);
    const { page, errors, close } = await open(env.browser, account.token, viewport);
    const report: Report = {};
    const premium: string[] = CLIENT_TOOLS.filter((t) => t.plan === 'PREMIUM').map((t) => t.path);
    const locked: string[] = [];
    await auditEveryPage(page, report, env.server.url, `free-${viewport}`, async (path) => {
      if (!premium.includes(path)) return;
      // Each Premium tool's page really showed its lock panel, and on a phone the menu is audited
      // open over the last one (the page is already there: no second load).
      await page.getByRole('heading', { name: 'Premium tool — start your 14-day free trial' }).waitFor();
      locked.push(path);
      if (viewport === 'mobile' && path === premium.at(-1)) await auditMenu(page, report, `free-${viewport}-menu`);
    });
    expect(locked).toEqual(premium);
    expect(locked.length).toBeGreaterThan(0);

    // A Free tool's finished result; then, the month's quota used up, the upgrade prompt.
    const titles = RUNS['blog-titles'];
    await page.goto(`${env.server.url}/ai/blog-titles`);
    await settle(page);
    await titles.fill(page);
    await page.getByRole('button', { name: titles.submit, exact: true }).click();
    await titles.done(page).first().waitFor({ timeout: 60_000 });
    await settle(page);
    await audit(page, report, `free-${viewport}-ai-blog-titles-done`);
    await page.getByRole('button', { name: titles.submit, exact: true }).click();
    await page.getByRole('alert').filter({ hasText: "You've used this month's free generations" }).waitFor();
    await audit(page, report, `free-${viewport}-ai-blog-titles-quota`);

    await page.goto(`${env.server.url}/ai/account`);
    await settle(page);
    // An API key just made (shown once), then the question before revoking it.
    const keys = page.getByRole('region', { name: 'API keys' });
    await keys.getByLabel('Name', { exact: true }).fill('a11y key');
    await keys.getByRole('button', { name: 'Create key' }).click();
    await keys.getByRole('group', { name: 'Your new key “a11y key”' }).waitFor();
    await audit(page, report, `free-${viewport}-account-api-key-created`);
    await keys.getByRole('button', { name: 'Done, I have copied it' }).click();
    await keys.getByRole('button', { name: 'Revoke “a11y key”…' }).click();
    await audit(page, report, `free-${viewport}-account-api-key-revoke`);
    await keys.getByRole('button', { name: 'Keep key' }).click();
    await page.getByRole('button', { name: 'Delete account…' }).click();
    await page.getByLabel('Your password, to confirm').fill('wrong-password-1');
    await audit(page, report, `free-${viewport}-account-delete`);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('alert').filter({ hasText: /\S/ }).first().waitFor();
    await audit(page, report, `free-${viewport}-account-delete-refused`);

    expectNoViolations(report);
    expect(errors).toEqual([]);
    await close();
  }, 180_000);

  it('finds nothing for a Premium user on every page, empty', async () => {
    const account = await signUp(env.server.url, 'Perry', `a11y-premium-pages-${viewport}`);
    await gqlOk(env.server.url, 'mutation { startTrial { plan } }', {}, account.token);
    const { page, errors, close } = await open(env.browser, account.token, viewport);
    const report: Report = {};
    await auditEveryPage(page, report, env.server.url, `premium-${viewport}`);
    if (viewport === 'mobile') await auditMenu(page, report, `premium-${viewport}-menu`);
    expectNoViolations(report);
    expect(errors).toEqual([]);
    await close();
  }, 180_000);
});

it('finds nothing for a Premium user, at both widths, in a refused form, a running and a finished article, each tool after a finished job, a failed job, the history, the viewer, the cancel confirmation', async () => {
  const account = await signUp(env.server.url, 'Perry', 'a11y-premium-jobs');
  await gqlOk(env.server.url, 'mutation { startTrial { plan } }', {}, account.token);
  const { page, errors, close } = await open(env.browser, account.token, 'desktop');
  const report: Report = {};

  // A refused form: the image description left empty is marked, explained, and toasted.
  await page.goto(`${env.server.url}/ai/generate-images`);
  await settle(page);
  await page.getByRole('button', { name: 'Generate Image', exact: true }).click();
  await page.getByText('Please enter an image description').first().waitFor();
  await auditBothWidths(page, report, 'ai-generate-images-empty-submit');

  // A job under way: its announced phase, progress bar, Cancel, and the text streaming in.
  await page.goto(`${env.server.url}/ai/write-article`);
  await settle(page);
  await RUNS.article.fill(page);
  await page.getByRole('button', { name: 'Generate article', exact: true }).click();
  await page.getByRole('progressbar').waitFor();
  await auditBothWidths(page, report, 'ai-write-article-running');
  // The same job, finished: the article tool's result (not a second article run from a fresh load).
  await RUNS.article.done(page).first().waitFor({ timeout: 60_000 });
  await settle(page);
  await auditBothWidths(page, report, 'ai-write-article-done');

  // Each other tool with a run above, with a finished job's result on show.
  for (const tool of CLIENT_TOOLS.filter((t) => t.slot !== 'article')) {
    const run = RUNS[tool.slot];
    if (!run) continue;
    await page.goto(`${env.server.url}${tool.path}`);
    await settle(page);
    await run.fill(page);
    await page.getByRole('button', { name: run.submit, exact: true }).click();
    await run.done(page).first().waitFor({ timeout: 90_000 });
    await settle(page);
    await auditBothWidths(page, report, `${slug(tool.path)}-done`);
  }

  // A failed job: the object named is not in the photo.
  await page.goto(`${env.server.url}/ai/remove-object`);
  await settle(page);
  await RUNS['object-removal'].fill(page);
  await page.getByLabel('Describe object to remove').fill('giraffe');
  await page.getByRole('button', { name: 'Remove Object', exact: true }).click();
  await page.getByRole('alert').filter({ hasText: 'No giraffe was found' }).first().waitFor({ timeout: 60_000 });
  await auditBothWidths(page, report, 'ai-remove-object-failed');

  // The dashboard lists them: one text and one image creation opened.
  await page.goto(`${env.server.url}/ai`);
  await settle(page);
  for (const prompt of [/bookbinding/, /red kite/]) {
    await page.getByRole('button', { name: prompt }).first().click();
  }
  await settle(page);
  await auditBothWidths(page, report, 'ai-history-open');

  // The community gallery with the published image, then its viewer.
  await page.goto(`${env.server.url}/ai/community`);
  await settle(page);
  await page
    .getByRole('button', { name: /View creation by Perry/ })
    .first()
    .click();
  await page.getByRole('dialog').waitFor();
  await settle(page);
  await auditBothWidths(page, report, 'community-viewer');

  // The account page's cancel confirmation.
  await page.goto(`${env.server.url}/ai/account`);
  await settle(page);
  await page.getByRole('button', { name: 'Cancel trial' }).click();
  await page.getByRole('group', { name: 'Cancel your Premium trial?' }).waitFor();
  await auditBothWidths(page, report, 'account-cancel');

  expectNoViolations(report);
  expect(errors).toEqual([]);
  await close();
}, 400_000);

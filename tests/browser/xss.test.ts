// XSS payloads stored in a community prompt, a creator's name and an article's markdown
// (as a compromised provider could write them — put straight into the database, past
// every server-side check) are shown as text: no element is injected, no script runs,
// and no CSP violation is even attempted.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser, signedInContext } from '../helpers/browser.js';
import { signUp, startTestServer } from '../helpers/server.js';

const t = serverAndBrowser(() => startTestServer());

const PROMPT = `Generate an image of <img src=x onerror="window.__xss='prompt-img'"><script>window.__xss='prompt-script'</script>"><svg onload="window.__xss='prompt-svg'"> in the style Realistic`;
const ARTICLE = [
  '# Title with <img src=x onerror="window.__xss=\'md-img\'">',
  '',
  '**bold survives** and <script>window.__xss="md-script"</script> does not.',
  '',
  '<iframe src="javascript:window.__xss=\'md-iframe\'"></iframe>',
  '',
  "[a link](javascript:window.__xss='md-link') and <a href=\"javascript:window.__xss='md-a'\">raw link</a>",
  '',
  '<div onmouseover="window.__xss=\'md-div\'">hover me</div> <style>body{display:none}</style>',
].join('\n');

async function open(path: string, token: string): Promise<{ page: Page; problems: string[] }> {
  const context = await signedInContext(t.browser, token);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) problems.push(`csp: ${m.text()}`);
  });
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  await page.goto(`${t.server.url}${path}`);
  return { page, problems };
}

/** Nothing the payloads try to create exists, and none of their scripts ran. */
async function expectNoInjection(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  expect(await page.locator('img[src="x"], svg[onload], iframe, [onerror], [onmouseover], [onload]').count()).toBe(0);
  expect(await page.locator('a[href^="javascript:" i]').count()).toBe(0);
  expect(await page.evaluate(() => [...document.scripts].filter((s) => !s.src).length)).toBe(0);
  expect(await page.evaluate(() => getComputedStyle(document.body).display)).not.toBe('none');
}

describe('XSS payloads', () => {
  it('in a community prompt and a creator name are shown as text, in the grid and the viewer', async () => {
    const author = await signUp(t.server.url, '<img src=x onerror="window.__xss=\'name\'">', 'xss');
    const viewer = await signUp(t.server.url, 'Viewer', 'xss');
    const db = t.server.app.services.db;
    const creation = await db.creation.create({
      data: { userId: author.user.id, type: 'IMAGE', prompt: PROMPT, content: '/files/does-not-exist.png', metadata: { provider: 'local' }, published: true },
    });
    const { page, problems } = await open('/ai/community', viewer.token);
    const tile = page.locator(`[data-creation-id="${creation.id}"]`);
    await tile.waitFor({ timeout: 15_000 });
    await tile.hover();
    // The payload is there, as text, in the tile.
    expect(await tile.textContent()).toContain('<script>window.__xss=');
    await expectNoInjection(page);

    await tile.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`<img src=x onerror="window.__xss='prompt-img'">`);
    await expectNoInjection(page);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('in an article result is rendered as sanitised markdown on the dashboard', async () => {
    const me = await signUp(t.server.url, 'Writer', 'xss');
    await t.server.app.services.db.creation.create({
      data: {
        userId: me.user.id,
        type: 'ARTICLE',
        prompt: `Write an article about <b onclick="window.__xss='article-prompt'">xss</b> in Short`,
        content: ARTICLE,
        metadata: { provider: 'local' },
      },
    });
    const { page, problems } = await open('/ai', me.token);
    const item = page.getByRole('button', { expanded: false }).filter({ hasText: 'Write an article about' });
    await item.waitFor({ timeout: 15_000 });
    expect(await item.textContent()).toContain(`<b onclick="window.__xss='article-prompt'">xss</b>`);
    await item.click();
    // Markdown still works: the heading and bold text render as elements…
    await page.getByRole('heading', { name: /Title with/ }).waitFor();
    expect(await page.locator('strong', { hasText: 'bold survives' }).count()).toBe(1);
    // …and the link keeps its text but loses its javascript: target.
    expect(await page.getByText('a link').count()).toBeGreaterThan(0);
    // Raw HTML is dropped (an inline script's body is left as inert text), never turned into elements.
    expect(await page.locator('p', { hasText: 'bold survives' }).textContent()).toContain('window.__xss="md-script"');
    expect(await page.getByText('hover me').count()).toBe(0);
    await expectNoInjection(page);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

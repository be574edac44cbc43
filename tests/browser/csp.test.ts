// The strict Content-Security-Policy does not break what we ship: the app and GraphiQL
// load in a real browser with no CSP violation or script error.
import { describe, expect, it } from 'vitest';
import { serverAndBrowser } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';

const t = serverAndBrowser(() => startTestServer());

async function visit(path: string, ready: string) {
  const page = await t.browser.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  const res = await page.goto(`${t.server.url}${path}`);
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(500);
  const csp = res?.headers()['content-security-policy'] ?? '';
  await page.close();
  return { problems, csp };
}

describe('Content-Security-Policy', () => {
  it('is strict (no inline scripts) and the app loads under it', async () => {
    const { problems, csp } = await visit('/', 'h1');
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(problems).toEqual([]);
  });

  it('lets GraphiQL load its editor and workers, offline', async () => {
    const { problems } = await visit('/graphql', '.graphiql-container');
    expect(problems).toEqual([]);
  });
});

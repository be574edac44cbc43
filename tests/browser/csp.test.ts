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

  it("allows images and connections from our own origin only (no https: or ws: wildcard), and the app's WebSocket opens under it", async () => {
    const { csp } = await visit('/', 'h1');
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `)) ?? '';
    // Before: img-src allowed any https: host and connect-src any ws:/wss: host.
    expect(directive('img-src')).toBe("img-src 'self' data: blob:");
    expect(directive('connect-src')).toBe("connect-src 'self'");
    const page = await t.browser.newPage();
    try {
      await page.goto(`${t.server.url}/`);
      const outcome = await page.evaluate(
        (target) =>
          new Promise<string>((resolve) => {
            document.addEventListener('securitypolicyviolation', (e) => resolve(`blocked: ${e.violatedDirective} ${e.blockedURI}`));
            const socket = new WebSocket(target, 'graphql-transport-ws');
            socket.onopen = () => resolve('open');
            socket.onerror = () => setTimeout(() => resolve('error'), 200);
          }),
        `${t.server.url.replace(/^http/, 'ws')}/graphql`,
      );
      expect(outcome).toBe('open');
      // Another host is refused by the browser.
      const elsewhere = await page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            document.addEventListener('securitypolicyviolation', (e) => resolve(`blocked: ${e.violatedDirective}`));
            try {
              const socket = new WebSocket('ws://192.0.2.1:9/graphql');
              socket.onopen = () => resolve('open');
            } catch (e) {
              resolve(`blocked: ${(e as Error).name}`);
            }
          }),
      );
      expect(elsewhere).toMatch(/^blocked: /);
    } finally {
      await page.close();
    }
  });

  it('lets GraphiQL load its editor and workers, offline', async () => {
    const { problems } = await visit('/graphql', '.graphiql-container');
    expect(problems).toEqual([]);
  });
});

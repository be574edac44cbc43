// Each route has its own document title, and public pages their own description: before,
// every tab said "Atelier".
import { describe, expect, it } from 'vitest';
import { serverAndBrowser, signedInContext } from '../helpers/browser.js';
import { signUp, startTestServer } from '../helpers/server.js';

const env = serverAndBrowser(() => startTestServer());

const description = () => document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';

describe('page titles', () => {
  it('gives every public page its own title and description, as it loads and as the app navigates', async () => {
    const page = await env.browser.newPage();
    const seen = new Map<string, string>();
    for (const [path, title] of [
      ['/', 'Atelier — AI content studio'],
      ['/product/pricing', 'Pricing · Atelier'],
      ['/resources/api', 'API · Atelier'],
      ['/contact', 'Contact us · Atelier'],
      ['/sign-in', 'Sign in · Atelier'],
      ['/signup', 'Create your account · Atelier'],
      ['/no-such-page', 'Page not found · Atelier'],
    ] as const) {
      await page.goto(`${env.server.url}${path}`);
      await page.waitForFunction((t) => document.title === t, title, { timeout: 10_000 });
      const text = await page.evaluate(description);
      expect(text.length, path).toBeGreaterThan(20);
      seen.set(path, text);
    }
    expect(seen.get('/product/pricing')).toMatch(/14-day free trial/);
    expect(new Set([...seen.values()]).size).toBeGreaterThanOrEqual(6);
    // Client-side navigation (no reload) changes it too.
    await page.goto(`${env.server.url}/`);
    await page.getByRole('link', { name: 'Sign In' }).first().click();
    await page.waitForFunction(() => document.title === 'Sign in · Atelier', undefined, { timeout: 10_000 });
    await page.close();
  });

  it('names the signed-in pages after what they show', async () => {
    const { token } = await signUp(env.server.url, 'Titles', 'titles');
    const context = await signedInContext(env.browser, token, {});
    const page = await context.newPage();
    for (const [path, title] of [
      ['/ai', 'Dashboard · Atelier'],
      ['/ai/write-article', 'Write Article · Atelier'],
      ['/ai/remove-background', 'Remove Background · Atelier'],
      ['/ai/community', 'Community · Atelier'],
      ['/ai/account', 'Account · Atelier'],
    ] as const) {
      await page.goto(`${env.server.url}${path}`);
      await page.waitForFunction((t) => document.title === t, title, { timeout: 10_000 });
    }
    await context.close();
  });
});

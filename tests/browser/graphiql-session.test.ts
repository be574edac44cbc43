// GraphiQL at /graphql used to ignore the browser's session, so `{ me { id } }`
// answered null with no hint why. Now it speaks as the app's signed-in user over HTTP and
// over graphql-ws, says so, can send requests anonymously, and tells a visitor how to sign in.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { keepScreenshot, serverAndBrowser, VIEWPORTS } from '../helpers/browser.js';
import { gqlOk, startTestServer, uniqueEmail } from '../helpers/server.js';

const env = serverAndBrowser(() => startTestServer());

/** GraphiQL's query editor is Monaco: replace its text as a person would, then run with the button. */
async function run(page: Page, operation: string): Promise<string> {
  const editor = page.locator('.graphiql-query-editor .monaco-editor').first();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(operation);
  const previous = await resultText(page);
  await page.getByRole('button', { name: /^Execute query/ }).click();
  await expect.poll(() => resultText(page), { timeout: 15_000 }).not.toBe(previous);
  await expect.poll(async () => (await resultText(page)).trim().endsWith('}'), { timeout: 15_000 }).toBe(true);
  return resultText(page);
}

/** The result pane's text (Monaco renders spaces as no-break spaces). */
async function resultText(page: Page): Promise<string> {
  const text = await page.locator('.graphiql-response .view-lines').first().textContent({ timeout: 15_000 });
  return (text ?? '').replace(/\u00a0/g, ' ');
}

async function openGraphiQL(page: Page): Promise<void> {
  await page.goto(`${env.server.url}/graphql`);
  await page.locator('.graphiql-query-editor .monaco-editor').first().waitFor({ timeout: 30_000 });
}

describe('GraphiQL and the browser session', () => {
  it('runs queries and subscriptions as the user signed up in the same browser, and can send them anonymously', async () => {
    const context = await env.browser.newContext(VIEWPORTS.desktop);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // Sign up in the app, as a visitor would.
    const email = uniqueEmail('graphiql');
    await page.goto(`${env.server.url}/signup`);
    const form = page.getByRole('main');
    await form.getByLabel('First name').fill('Grace');
    await form.getByLabel('Last name').fill('Hopper');
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Password', { exact: true }).fill('Correct-Horse-9');
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/ai');
    const token = await page.evaluate(() => localStorage.getItem('atelier.token'));
    expect(token).toBeTruthy();
    const { me } = await gqlOk<{ me: { id: string } }>(env.server.url, '{ me { id } }', {}, token!);

    await openGraphiQL(page);
    const status = page.getByRole('status').filter({ hasText: 'Signed in as' });
    await status.waitFor();
    expect(await status.textContent()).toContain('Grace Hopper');
    await keepScreenshot(page, 'graphiql-signed-in');

    expect(JSON.parse(await run(page, '{ me { id } }'))).toEqual({ data: { me: { id: me.id } } });
    await keepScreenshot(page, 'graphiql-me');

    // A subscription goes over graphql-ws with the same session: jobProgress answers only the job's owner.
    const { generateBlogTitles: job } = await gqlOk<{ generateBlogTitles: { id: string } }>(
      env.server.url,
      'mutation { generateBlogTitles(input: {keyword: "sourdough", category: FOOD}) { id } }',
      {},
      token!,
    );
    await run(page, `subscription { jobProgress(jobId: "${job.id}") { jobId } }`);
    await expect.poll(async () => (await resultText(page)).replace(/\s/g, '')).toContain(`{"data":{"jobProgress":{"jobId":"${job.id}"}}}`);
    await page.getByRole('button', { name: /^Stop query/ }).click();

    // Anonymously, the same query speaks as nobody.
    await page.getByLabel('Send anonymously').check();
    await page.getByRole('status').filter({ hasText: 'anonymously' }).waitFor();
    expect(JSON.parse(await run(page, '{ me { id } }'))).toEqual({ data: { me: null } });

    // A token never appears on the page.
    expect(await page.content()).not.toContain(token!);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells a signed-out visitor how to sign in or send a bearer token', async () => {
    const context = await env.browser.newContext(VIEWPORTS.mobile);
    const page = await context.newPage();
    await openGraphiQL(page);
    const hint = page.getByRole('status').filter({ hasText: 'Not signed in' });
    await hint.waitFor();
    expect(await hint.textContent()).toContain('"Authorization": "Bearer <token>"');
    expect(await hint.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign-in');
    await keepScreenshot(page, 'graphiql-signed-out');
    await context.close();
  });
});

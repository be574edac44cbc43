// Plans in a real browser against the real server and worker, with the built-in demo
// billing: a Free user meets a Premium tool locked up front, opens the account page from
// the sidebar's name, starts the 14-day trial, uses the tool, cancels (after confirming)
// and keeps access until the period's end.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser, signedInContext } from '../helpers/browser.js';
import { gql, gqlOk, signUp, startStack } from '../helpers/server.js';

const env = serverAndBrowser(() => startStack());
const photo = readFileSync(join(import.meta.dirname, '../fixtures/photos/coffee.png'));

/** The date as the account page writes it (same machine, so the same time zone). */
const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

const lockPanel = (page: Page) => page.getByRole('heading', { name: 'Premium tool — start your 14-day free trial' });
const headline = (page: Page) => page.getByTestId('plan-headline');
const removeButton = (page: Page) => page.getByRole('button', { name: 'Remove Background', exact: true });
const sidebarTool = (page: Page) => page.getByRole('navigation', { name: 'AI tools' }).getByRole('link', { name: /^Remove Background/ });

describe('billing in the browser (demo mode)', () => {
  it('locked up front → account page from the sidebar → trial → tool works → cancel (confirmed) → still Premium until the period end', async () => {
    const account = await signUp(env.server.url, 'Bea', 'billing-browser');
    const context = await signedInContext(env.browser, account.token);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // 1. Free: the Premium tool is locked before anything is tried.
    await page.goto(`${env.server.url}/ai/remove-background`);
    await page.getByRole('heading', { name: 'Background Removal' }).waitFor();
    await lockPanel(page).waitFor();
    expect(await removeButton(page).isDisabled()).toBe(true);
    expect(await page.locator('input[type=file]').isDisabled()).toBe(true);
    expect(await sidebarTool(page).textContent()).toContain('(Premium, locked)');
    expect(await page.getByRole('link', { name: 'Unlock with a free trial' }).getAttribute('href')).toBe('/ai/account');

    // 2. The sidebar's name opens the account page.
    await page.getByRole('link', { name: /Bea/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/ai/account');
    await expect.poll(() => headline(page).textContent()).toBe('Free');
    expect(await page.getByText('Demo billing: no payment is taken.').isVisible()).toBe(true);
    expect(await page.getByRole('progressbar', { name: /of 10 free text generations used this month/ }).isVisible()).toBe(true);
    expect(await page.title()).toBe('Account · Atelier');

    // 3. The trial: Premium for 14 days, no card.
    await page.getByRole('button', { name: 'Start 14-day free trial (no card)' }).click();
    await expect.poll(() => headline(page).textContent()).toBe('Premium trial — 14 days left');
    const afterTrial = await gqlOk<{ billing: { plan: string; status: string; currentPeriodEnd: string } }>(
      env.server.url,
      '{ billing { plan status currentPeriodEnd } }',
      {},
      account.token,
    );
    expect([afterTrial.billing.plan, afterTrial.billing.status]).toEqual(['PREMIUM', 'TRIALING']);
    const days = (Date.parse(afterTrial.billing.currentPeriodEnd) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    // The sidebar follows without a reload.
    await expect.poll(() => sidebarTool(page).textContent()).toBe('Remove Background');
    expect(await page.getByTestId('quota-line').textContent()).toBe('Unlimited text generations');

    // 4. The tool, unlocked, runs a real job on a real photo.
    await sidebarTool(page).click();
    await page.getByRole('heading', { name: 'Background Removal' }).waitFor();
    expect(await lockPanel(page).count()).toBe(0);
    await page.locator('input[type=file]').setInputFiles({ name: 'coffee.png', mimeType: 'image/png', buffer: photo });
    await removeButton(page).click();
    const result = page.getByRole('img', { name: 'The image with its background removed' });
    await result.waitFor({ timeout: 90_000 });
    await expect.poll(() => result.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBe(600);

    // 5. Cancel: asked first, then Premium continues to the period's end.
    await page.getByRole('link', { name: /Bea/ }).click();
    await page.getByRole('button', { name: 'Cancel trial' }).click();
    const question = page.getByRole('group', { name: 'Cancel your Premium trial?' });
    await question.waitFor();
    // Focus is on the confirmation, so Enter confirms for a keyboard user.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Yes, cancel');
    await page.keyboard.press('Enter');
    const until = longDate(afterTrial.billing.currentPeriodEnd);
    await expect.poll(() => headline(page).textContent()).toBe(`Cancelled — access until ${until}`);
    expect(await page.getByRole('button', { name: 'Resume subscription' }).isVisible()).toBe(true);
    const afterCancel = await gqlOk<{ billing: { plan: string; cancelAtPeriodEnd: boolean } }>(env.server.url, '{ billing { plan cancelAtPeriodEnd } }', {}, account.token);
    expect(afterCancel.billing).toEqual({ plan: 'PREMIUM', cancelAtPeriodEnd: true });

    // 6. Still Premium after a reload: no lock on the tool, the form usable.
    await page.goto(`${env.server.url}/ai/remove-background`);
    await page.getByRole('heading', { name: 'Background Removal' }).waitFor();
    await page.getByTestId('quota-line').waitFor();
    expect(await lockPanel(page).count()).toBe(0);
    expect(await removeButton(page).isDisabled()).toBe(false);
    expect(await sidebarTool(page).textContent()).toBe('Remove Background');

    expect(errors).toEqual([]);
    await context.close();
  });

  it("a Free user's text generation shows at once in the sidebar's quota line and AI Power bar", async () => {
    const account = await signUp(env.server.url, 'Dee', 'billing-quota');
    const context = await signedInContext(env.browser, account.token);
    const page = await context.newPage();
    await page.goto(`${env.server.url}/ai/blog-titles`);
    const quota = page.getByTestId('quota-line');
    await expect.poll(() => quota.textContent()).toBe('0 of 10 free text generations used this month');
    expect(await page.getByRole('meter', { name: 'AI Power' }).getAttribute('aria-valuenow')).toBe('100');
    await page.getByLabel('Keyword').fill('sourdough');
    await page.getByRole('button', { name: 'Generate Titles' }).click();
    // No reload: the finished job refetches billing.
    await expect.poll(() => quota.textContent(), { timeout: 30_000 }).toBe('1 of 10 free text generations used this month');
    expect(await page.getByRole('meter', { name: 'AI Power' }).getAttribute('aria-valuenow')).toBe('90');
    await context.close();
  });

  it('deletes a built-in account from the account page after its password: signed out, home, and the account is gone', async () => {
    const account = await signUp(env.server.url, 'Eve', 'billing-delete');
    const context = await signedInContext(env.browser, account.token);
    const page = await context.newPage();
    await page.goto(`${env.server.url}/ai/account`);
    await page.getByRole('button', { name: 'Delete account…' }).click();
    await page.getByLabel('Your password, to confirm').fill('wrong-password-1');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /password/i })
      .waitFor();
    expect(await env.server.server.app.services.db.user.findUnique({ where: { id: account.user.id } })).not.toBeNull();
    await page.getByLabel('Your password, to confirm').fill('Correct-Horse-9');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(`${env.server.url}/`);
    expect(await page.evaluate(() => localStorage.getItem('atelier.token'))).toBeNull();
    expect(await env.server.server.app.services.db.user.findUnique({ where: { id: account.user.id } })).toBeNull();
    expect((await gql(env.server.url, '{ me { id } }', {}, account.token)).data?.me ?? null).toBeNull();
    await context.close();
  });

  it('at 390 px the account page fits the screen and its actions are reachable', async () => {
    const account = await signUp(env.server.url, 'Cy', 'billing-phone');
    const context = await signedInContext(env.browser, account.token, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/ai/account`);
    await page.getByRole('button', { name: 'Start 14-day free trial (no card)' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = (await page.getByRole('button', { name: 'Start 14-day free trial (no card)' }).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await context.close();
  });
});

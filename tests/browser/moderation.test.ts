// Moderation in real browsers (docs/moderation.md): a viewer reports a creation from the
// gallery's viewer, a moderator hides it from /admin's queue with a reason, and the card leaves
// another viewer's open gallery without a reload. The admin page passes axe.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, signedInContext } from '../helpers/browser.js';
import { signUp, startTestServer } from '../helpers/server.js';
import { seedCreations } from '../helpers/seed.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(token: string, path: string, options = {}): Promise<{ page: Page; errors: string[] }> {
  const context = await signedInContext(browser, token, { viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}${path}`);
  return { page, errors };
}

const card = (page: Page, id: string) => page.locator(`[data-creation-id="${id}"]`);

describe('moderation in the browser', () => {
  it('report from the viewer → the queue at /admin → hide: the card leaves another open gallery live', async () => {
    const db = server.app.services.db;
    const author = await signUp(server.url, 'Author', 'ui-author');
    const reporter = await signUp(server.url, 'Reporter', 'ui-reporter');
    const watcher = await signUp(server.url, 'Watcher', 'ui-watcher');
    const mod = await signUp(server.url, 'Mod', 'ui-mod');
    await db.user.update({ where: { id: mod.user.id }, data: { role: 'MODERATOR' } });
    const [c] = await seedCreations(db, author.user.id, 1, { published: true });

    const w = await open(watcher.token, '/ai/community');
    await card(w.page, c!.id).waitFor({ timeout: 15_000 });

    // The reporter opens the creation and reports it.
    const r = await open(reporter.token, '/ai/community');
    await card(r.page, c!.id).click();
    const dialog = r.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Report' }).click();
    await dialog.getByLabel('What is wrong with it?').selectOption('VIOLENT');
    await dialog.getByLabel(/Anything the moderators should know/).fill('graphic');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText(/Reported: thank you/).waitFor();
    expect(await db.report.count({ where: { creationId: c!.id } })).toBe(1);

    // The moderator finds it in the queue and hides it with a reason.
    const m = await open(mod.token, '/admin', { bypassCSP: true });
    await m.page.getByRole('heading', { name: 'Admin', level: 1 }).waitFor();
    const item = m.page.getByRole('listitem').filter({ has: m.page.getByRole('heading', { name: c!.prompt }) });
    await item.waitFor();
    expect(await item.getByText('Violence or gore').count()).toBe(1);
    expect(await axeViolations(m.page)).toEqual([]);
    await item.getByRole('button', { name: 'Hide…' }).click();
    await item.getByLabel('Reason').fill('Graphic violence');
    await item.getByRole('button', { name: 'Hide', exact: true }).click();
    await item.waitFor({ state: 'detached', timeout: 15_000 });

    // Gone from the watcher's open gallery, with no reload.
    await card(w.page, c!.id).waitFor({ state: 'detached', timeout: 15_000 });
    expect((await db.creation.findUniqueOrThrow({ where: { id: c!.id } })).moderation).toBe('HIDDEN');

    // The audit tab lists it; the users tab is keyboard-reachable from the tab list.
    await m.page.getByRole('tab', { name: 'Moderation queue' }).focus();
    await m.page.keyboard.press('ArrowRight');
    await m.page.keyboard.press('ArrowRight');
    expect(await m.page.getByRole('tab', { name: 'Audit log' }).getAttribute('aria-selected')).toBe('true');
    await m.page.getByText('“Graphic violence”', { exact: false }).waitFor();
    expect(await axeViolations(m.page)).toEqual([]);

    // A plain user is told the page is not for them, and has no Admin link.
    const u = await open(watcher.token, '/admin');
    await u.page.getByText('This area is for moderators and administrators').waitFor();
    expect(await u.page.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    expect(await m.page.getByRole('link', { name: 'Admin' }).count()).toBe(1);

    expect([...w.errors, ...r.errors, ...m.errors, ...u.errors]).toEqual([]);
  });
});

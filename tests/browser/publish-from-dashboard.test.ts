// Publishing an existing creation from the page (docs/product.md, "Dashboard" and §4
// "Publishing"): an image made private is published from its dashboard item, shows "Public"
// there and joins the community gallery; unpublished again, it leaves the gallery. A text
// creation has no such control (only images can be shared). The image tool's result publishes
// the same way.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signedInContext } from '../helpers/browser.js';
import { seedCreations } from '../helpers/seed.js';
import { followJob, gqlOk, signUp, startStack } from '../helpers/server.js';

let stack: Awaited<ReturnType<typeof startStack>>;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

const DESCRIPTION = 'a paper boat on a puddle';
const item = (page: Page, text: string) => page.getByRole('listitem').filter({ hasText: text });
const card = (page: Page, id: string) => page.locator(`[data-creation-id="${id}"]`);

/** Goes to the gallery through the sidebar (no reload) and waits for its first page. */
async function openCommunity(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Community' }).click();
  await page.locator('[data-creation-id]').or(page.getByText('No Creations Yet')).first().waitFor();
}

describe('publish from the dashboard', () => {
  it('publishes a private image from its dashboard item, then unpublishes it: the gallery follows, and text has no control', async () => {
    const owner = await signUp(stack.url, 'Publisher', 'publisher');
    await gqlOk(stack.url, 'mutation { startTrial { plan } }', {}, owner.token);
    const { generateImage: job } = await gqlOk(
      stack.url,
      `mutation { generateImage(input: {description: "${DESCRIPTION}", style: CARTOON, publish: false}) { id } }`,
      {},
      owner.token,
    );
    const id = (await followJob(stack.url, owner.token, job.id)).at(-1)!.creation!.id;
    await seedCreations(stack.server.app.services.db, owner.user.id, 1, { type: 'ARTICLE' });
    // Someone else's picture in the gallery, as other files' creations may be (the test database is shared).
    const neighbour = await signUp(stack.url, 'Neighbour', 'publisher');
    await seedCreations(stack.server.app.services.db, neighbour.user.id, 1, { published: true });

    const page = await (await signedInContext(browser, owner.token)).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${stack.url}/ai`);
    const image = item(page, DESCRIPTION);
    await image.waitFor();
    // Text cannot be published: its item has no control.
    expect(
      await item(page, 'test scene 0')
        .getByRole('button', { name: /community/ })
        .count(),
    ).toBe(0);
    expect(await image.locator('[data-public-badge]').count()).toBe(0);

    // Keyboard: focus the control and press Enter.
    await image.getByRole('button', { name: 'Publish to the community' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Published to the community').waitFor();
    await image.getByRole('button', { name: 'Unpublish from the community' }).waitFor();
    expect(await image.getByText('Public', { exact: true }).isVisible()).toBe(true);
    expect((await stack.server.app.services.db.creation.findUnique({ where: { id } }))?.published).toBe(true);

    await openCommunity(page);
    await card(page, id).waitFor();

    await page.getByRole('link', { name: 'Dashboard' }).click();
    // Opened, the item keeps its control.
    await image.getByRole('button', { name: new RegExp(DESCRIPTION) }).click();
    await image.getByRole('img', { name: new RegExp(DESCRIPTION) }).waitFor();
    await image.getByRole('button', { name: 'Unpublish from the community' }).click();
    await page.getByText('Removed from the community').waitFor();
    await image.getByRole('button', { name: 'Publish to the community' }).waitFor();
    expect(await image.locator('[data-public-badge]').count()).toBe(0);

    await openCommunity(page);
    expect(await card(page, id).count()).toBe(0);
    // The server agrees: a fresh load of the gallery does not have it either (the neighbour's is there).
    expect((await stack.server.app.services.db.creation.findUnique({ where: { id } }))?.published).toBe(false);
    await page.reload();
    await page.locator('[data-creation-id]').first().waitFor();
    expect(await card(page, id).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it("publishes from the image tool's result", async () => {
    const owner = await signUp(stack.url, 'Painter', 'painter');
    await gqlOk(stack.url, 'mutation { startTrial { plan } }', {}, owner.token);
    const page = await (await signedInContext(browser, owner.token)).newPage();
    await page.goto(`${stack.url}/ai/generate-images`);
    await page.getByLabel('Describe your image').fill('a kite in the rain');
    await page.getByRole('button', { name: 'Generate Image' }).click();
    const result = page.getByRole('region', { name: 'Generated Image' });
    await result.getByRole('img', { name: 'a kite in the rain' }).waitFor({ timeout: 30_000 });
    expect(await result.getByText('Private', { exact: true }).isVisible()).toBe(true);

    await result.getByRole('button', { name: 'Publish to the community' }).click();
    await page.getByText('Published to the community').waitFor();
    await result.getByText('Shared in the Community gallery').waitFor();
    await result.getByRole('button', { name: 'Unpublish from the community' }).waitFor();
    // The dashboard, read from the same cache and the server, says so too.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await item(page, 'a kite in the rain').locator('[data-public-badge]').waitFor();
    await page.context().close();
  }, 60_000);
});

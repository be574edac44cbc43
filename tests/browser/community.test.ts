// The live community gallery in two browser contexts: a newly published image appears
// in the other without a reload, and a like in one updates the count in the other.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signedInContext } from '../helpers/browser.js';
import { followJob, gqlOk, signUp, startStack } from '../helpers/server.js';

let stack: Awaited<ReturnType<typeof startStack>>;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

async function signedInPage(token: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await signedInContext(browser, token);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${stack.url}/ai/community`);
  await page
    .getByRole('heading', { name: /community/i })
    .first()
    .waitFor();
  return { context, page, errors };
}

const card = (page: Page, id: string) => page.locator('li').filter({ has: page.locator(`[data-creation-id="${id}"]`) });

describe('community gallery', () => {
  it('shows a newly published image and a like from another browser live', async () => {
    const alice = await signUp(stack.url, 'Alice', 'alice-ui');
    const bob = await signUp(stack.url, 'Bob', 'bob-ui');
    for (const u of [alice, bob]) await gqlOk(stack.url, 'mutation { startTrial { plan } }', {}, u.token);
    const a = await signedInPage(alice.token);
    const b = await signedInPage(bob.token);

    const { generateImage: job } = await gqlOk(
      stack.url,
      'mutation { generateImage(input: {description: "a red kite over green hills", style: CARTOON, publish: true}) { id } }',
      {},
      alice.token,
    );
    const id = (await followJob(stack.url, alice.token, job.id)).at(-1)!.creation!.id;

    // Both pages receive it through creationPublished, with no reload.
    await card(b.page, id).waitFor({ timeout: 15_000 });
    await card(a.page, id).waitFor({ timeout: 15_000 });
    expect(await card(b.page, id).getByText('Alice').count()).toBeGreaterThan(0);
    // The image says what it shows (its prompt), for a screen reader's image list, search, or when it cannot load.
    expect(await card(b.page, id).locator('img').getAttribute('alt')).toBe('Generate an image of a red kite over green hills in the style Cartoon');
    const likeB = card(b.page, id).locator('button[aria-pressed]');
    expect(await likeB.getAttribute('aria-pressed')).toBe('false');
    expect((await likeB.textContent())?.replace(/\D/g, '')).toBe('0');

    // Alice likes it in her browser: Bob's count follows through likeChanged.
    await card(a.page, id).locator('button[aria-pressed]').click();
    await b.page.waitForFunction((cid) => document.querySelector(`li:has([data-creation-id="${cid}"]) button[aria-pressed]`)?.textContent?.replace(/\D/g, '') === '1', id, {
      timeout: 15_000,
    });
    expect(await likeB.getAttribute('aria-pressed')).toBe('false'); // Bob has not liked it
    expect(await card(a.page, id).locator('button[aria-pressed]').getAttribute('aria-pressed')).toBe('true');
    expect(await stack.server.app.services.db.like.count({ where: { creationId: id } })).toBe(1);

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});

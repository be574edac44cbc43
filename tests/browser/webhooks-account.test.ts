// The account page's webhooks in a real browser, at both viewports (docs/webhooks.md): an
// endpoint added on a local receiver shows its secret, "Send test event" fills the delivery log
// as the worker retries (500, then 200), the switch works from the keyboard, a refused URL is
// explained beside its field; axe-core finds nothing in any of these states.
import { describe, expect, it } from 'vitest';
import { axeViolations, keepScreenshot, serverAndBrowser, signedInContext, VIEWPORTS } from '../helpers/browser.js';
import { signUp, startStack } from '../helpers/server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

let receiver: WebhookReceiver;
const env = serverAndBrowser(async () => {
  receiver = await startWebhookReceiver();
  const stack = await startStack({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_RETRY_DELAYS_MS: '300,300' });
  return { ...stack, close: async () => Promise.all([stack.close(), receiver.close()]) };
});

describe.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])('webhooks on the account page at the %s viewport', (viewport) => {
  it('adds an endpoint, sends a test event that succeeds on its second try, and axe finds nothing', async () => {
    const path = `/hook-${viewport}`;
    receiver.replies.set(path, [{ status: 500, body: 'not yet' }]);
    const account = await signUp(env.server.url, 'Webb', `webhooks-${viewport}`);
    // axe-core goes in as an injected script, which the site's CSP refuses: this context ignores the CSP.
    const context = await signedInContext(env.browser, account.token, { ...VIEWPORTS[viewport], bypassCSP: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const report: Record<string, string[]> = {};
    const audit = async (state: string) => {
      const found = await axeViolations(page);
      if (found.length) report[state] = found;
      await keepScreenshot(page, `webhooks-${state}-${viewport}`, { fullPage: true });
    };

    await page.goto(`${env.server.url}/ai/account`);
    const section = page.getByRole('region', { name: 'Webhooks' });
    await section.getByLabel('Endpoint URL').waitFor();
    await audit('empty');

    await section.getByLabel('Endpoint URL').fill(`${receiver.origin}${path}`);
    await section.getByRole('checkbox', { name: /Creation published/ }).check();
    await section.getByRole('button', { name: 'Add endpoint' }).click();
    const card = section.getByRole('article', { name: `${receiver.origin}${path}` });
    await card.getByText('Endpoint added').waitFor();
    expect(await card.getByTestId('webhook-secret').textContent()).toMatch(/^whsec_[A-Za-z0-9+/=]{44}$/);
    await audit('added');

    await card.getByRole('button', { name: 'Send test event' }).click();
    const table = card.getByRole('table', { name: 'Latest deliveries, newest first' });
    await table.getByText('Delivered').waitFor({ timeout: 15_000 });
    expect(await table.getByRole('row').nth(1).getByRole('cell').allInnerTexts()).toEqual([
      expect.stringContaining('Test event'),
      expect.any(String),
      'Delivered',
      '200',
      '2',
      expect.any(String),
    ]);
    expect(receiver.received.filter((r) => r.path === path)).toHaveLength(2);
    await audit('log');
    // The log scrolls sideways inside its own box: the section stays within the page's column.
    expect(await section.evaluate((el) => el.getBoundingClientRect().right <= el.closest('main')!.getBoundingClientRect().right)).toBe(true);
    // The page keeps its width: on a phone the log's table, as it first appeared, widened the
    // whole page to 578 px (the layout viewport grew to fit it) and later taps missed.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

    // The switch from the keyboard.
    const toggle = card.getByRole('switch', { name: `Send events to ${receiver.origin}${path}` });
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');

    await card.getByRole('button', { name: 'Delete…' }).click();
    await audit('delete');
    await card.getByRole('button', { name: 'Keep it' }).click();

    await section.getByRole('button', { name: 'Add endpoint' }).click();
    await section.getByLabel('Endpoint URL').fill('ftp://files.example.com/hook');
    await section.getByRole('form').getByRole('button', { name: 'Add endpoint' }).click();
    await section.getByRole('alert').filter({ hasText: 'The URL must start with https:// or http://' }).waitFor();
    await audit('refused');

    expect(report).toEqual({});
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});

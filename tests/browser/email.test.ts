// Account e-mail in a real browser (docs/email.md), with no SMTP server: the messages are read
// from the outbox under DATA_DIR, as the operator would. Forgot password from the sign-in page →
// the link sets a new password and signs in, and works once; the verification banner's Resend
// and its link.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser, signedInContext } from '../helpers/browser.js';
import { signUp, startTestServer, waitFor } from '../helpers/server.js';
import { linkIn, outboxMessages } from '../helpers/smtp.js';

const env = serverAndBrowser(() => startTestServer());

/** The `index`-th message to `to` in the outbox whose subject matches. */
async function fromOutbox(to: string, subject: RegExp, index = 0) {
  const dir = env.server.config.dataDir;
  const mine = () => outboxMessages(dir).filter((m) => m.parsed.headers.to?.includes(to) && subject.test(m.parsed.headers.subject ?? ''));
  await waitFor(() => mine().length > index, 10_000, `message ${index + 1} to ${to}`);
  return mine()[index]!.parsed;
}

function watch(page: Page, errors: string[]) {
  page.on('pageerror', (e) => errors.push(e.message));
}

describe('account e-mail in the browser', () => {
  it('resets a forgotten password from the sign-in page, once', async () => {
    const { user } = await signUp(env.server.url, 'Fern');
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    watch(page, errors);

    await page.goto(`${env.server.url}/sign-in`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    expect(await page.getByRole('status').textContent()).toContain(user.email);

    const link = linkIn(await fromOutbox(user.email, /reset/i), '/reset-password');
    expect(link.origin).toBe(env.server.url);
    await page.goto(link.href);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    // The token leaves the address bar once read.
    await waitFor(async () => !page.url().includes('token='), 5000, 'the token to leave the address bar');
    await page.getByLabel('New password').fill('Fresh-Fern-2026');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    // Signed in with the new session, on the dashboard.
    await page.waitForURL(`${env.server.url}/ai`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByText('Please verify your e-mail address').count()).toBe(0);

    // The same link again (another browser): refused, with a way to a new one.
    const second = await (await env.browser.newContext()).newPage();
    await second.goto(link.href);
    await second.getByLabel('New password').fill('Other-Fern-2027');
    await second.getByRole('button', { name: 'Set the new password' }).click();
    expect(await second.getByRole('alert').textContent()).toMatch(/This link was already used/);
    expect(await second.getByRole('link', { name: 'Ask for a new one' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('shows the verification banner with Resend, and its link verifies the address', async () => {
    const { token, user } = await signUp(env.server.url, 'Vik');
    const context = await signedInContext(env.browser, token);
    const page = await context.newPage();
    await page.goto(`${env.server.url}/ai`);
    const banner = page.getByRole('region', { name: 'E-mail verification' });
    await banner.getByText('Please verify your e-mail address').waitFor();
    await banner.getByRole('button', { name: 'Resend' }).click();
    await banner.getByRole('status').waitFor();
    expect(await banner.getByRole('status').textContent()).toContain(user.email);

    // The sign-up's message and the resent one: the second's link verifies.
    const resent = await fromOutbox(user.email, /confirm your e-mail/i, 1);
    await page.goto(linkIn(resent, '/verify-email').href);
    await page.getByText('Your e-mail address is verified').waitFor();
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByText('Please verify your e-mail address').count()).toBe(0);
  });
});

// The public site in a real browser: the locked modal for anonymous tool clicks, the
// FAQ, the mobile menu, and contact and feedback forms that land in Postgres.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';

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

describe('public site', () => {
  it('shows the locked modal to an anonymous tool click, and expands the FAQ', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: /Transform your workflow with our advanced AI toolkit/ }).waitFor();
    await page.getByText('Login Required').first().click();
    const dialog = page.getByRole('dialog', { name: 'Content is Locked' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Please login to access our professional AI tools suite.');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    const more = page.getByRole('button', { name: 'View All FAQs' });
    const questions = () => page.locator('button[aria-expanded]').filter({ hasText: '?' });
    const before = await questions().count();
    await more.click();
    expect(await questions().count()).toBe(before + 2);
    expect(await more.count()).toBe(0);
    const [first, second] = [questions().nth(0), questions().nth(1)];
    await first.click();
    expect(await first.getAttribute('aria-expanded')).toBe('true');
    await second.click();
    expect(await second.getAttribute('aria-expanded')).toBe('true');
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    await page.close();
  });

  it('opens the mobile menu and closes it on navigation', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const panel = page.locator('#mobile-nav');
    await panel.waitFor();
    await panel.getByRole('button', { name: /Company/ }).click();
    await panel.getByRole('link', { name: 'Contact', exact: true }).first().click();
    await page.waitForURL('**/contact');
    expect(await page.locator('#mobile-nav').isVisible().catch(() => false)).toBe(false);
    await page.close();
  });

  it('stores contact and feedback submissions', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const email = `visitor-${Date.now()}@example.test`;
    await page.goto(`${server.url}/contact`);
    await page.locator('#contact-name').fill('Vera Visitor');
    await page.locator('#contact-email').fill(email);
    await page.locator('#contact-subject').fill('Pricing question');
    await page.locator('#contact-message').fill('Is there a team plan?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Message Sent!').waitFor();
    expect(await page.locator('#contact-name').inputValue()).toBe('');
    const contact = await server.app.services.db.contactMessage.findFirstOrThrow({ where: { email } });
    expect(contact).toMatchObject({ name: 'Vera Visitor', subject: 'Pricing question', message: 'Is there a team plan?' });

    await page.goto(`${server.url}/feedback`);
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please fill all fields and provide a rating' }).waitFor();
    await page.getByRole('radio', { name: /4 stars: Good/ }).click();
    await page.locator('#feedback-name').fill('Vera Visitor');
    await page.locator('#feedback-email').fill(email);
    await page.locator('#feedback-category').selectOption({ label: 'Report an Issue' });
    await page.locator('#feedback-message').fill('The demo video would be nice.');
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await page.getByText('Feedback received successfully!').waitFor();
    const feedback = await server.app.services.db.feedback.findFirstOrThrow({ where: { email } });
    expect(feedback).toMatchObject({ rating: 4, category: 'report_an issue', type: 'feedback', message: 'The demo video would be nice.' });
    await page.close();
  });
});

// The API resource page (docs/api-v1.md, "The OpenAPI document") lists the jobs API's real
// endpoints (those of the OpenAPI document the server serves) with copy-able samples, and the
// samples work: copied from the page with its Copy buttons and run as they are (node, python3 with
// requests, sh with curl) against this server with a real API key, each starts a job and follows it
// to its result.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { keepScreenshot, serverAndBrowser, VIEWPORTS } from '../helpers/browser.js';
import { createTestApiKey } from '../helpers/api-keys.js';
import { gqlOk, signUp, startStack } from '../helpers/server.js';

const run = promisify(execFile);
const env = serverAndBrowser(() => startStack({ LOCAL_STREAM_DELAY_MS: '0' }));

/** Python's samples run where python3 has requests (CI's image and this machine have it). */
const hasPythonRequests = await run('python3', ['-c', 'import requests']).then(
  () => true,
  () => false,
);

/** The sample of one endpoint in one language, as its Copy button puts it on the clipboard. */
async function copySample(page: Page, operation: string, label: 'JavaScript' | 'Python' | 'curl'): Promise<string> {
  const card = page.locator(`section[data-operation="${operation}"]`);
  await card.getByRole('button', { name: label, exact: true }).click();
  await card.getByRole('button', { name: `Copy the ${label} sample` }).click();
  await card.getByText('Copied!').waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await card.locator('pre code').textContent());
  return copied;
}

async function runSample(dir: string, file: string, code: string, vars: Record<string, string>, timeout = 30_000) {
  writeFileSync(join(dir, file), code);
  const [command, ...args] = file.endsWith('.mjs') ? ['node', file] : file.endsWith('.py') ? ['python3', file] : ['sh', file];
  const { stdout } = await run(command!, args, { cwd: dir, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...vars }, timeout });
  return stdout;
}

describe('the API resource page', () => {
  it('lists the v1 endpoints of the published OpenAPI document, and its copied samples run against the server', async () => {
    const doc = (await (await fetch(`${env.server.url}/api/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, { operationId: string; tags: string[] }>> };
    const operations = Object.values(doc.paths)
      .flatMap((ops) => Object.values(ops))
      .filter((op) => op.tags[0] !== 'Meta')
      .map((op) => op.operationId);

    const context = await env.browser.newContext(VIEWPORTS.desktop);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/resources/api`);
    await page.getByRole('heading', { level: 1, name: 'Atelier API' }).waitFor();
    expect((await page.locator('section[data-operation]').evaluateAll((els) => els.map((e) => e.getAttribute('data-operation')))).sort()).toEqual(operations.sort());
    for (const name of [
      'POST /api/v1/articles',
      'POST /api/v1/upscales',
      'GET /api/v1/jobs/{id}',
      'POST /api/v1/jobs/{id}/cancel',
      'GET /api/v1/jobs/{id}/events',
      'GET /api/v1/usage',
      'POST /api/v1/batches',
      'GET /api/v1/batches/{id}/zip',
    ]) {
      expect(await page.getByRole('region', { name, exact: true }).count(), name).toBe(1);
    }
    expect(await page.getByRole('link', { name: /OpenAPI .* document/ }).getAttribute('href')).toBe('/api/v1/openapi.json');
    // Once running, the page shows its own address for ATELIER_URL.
    await page.getByText(`export ATELIER_URL=${env.server.url}`).waitFor();
    await keepScreenshot(page, 'api-page-v1', { fullPage: true });

    const account = await signUp(env.server.url, 'Sam', 'api-page');
    await gqlOk(env.server.url, 'mutation { startTrial { plan } }', {}, account.token); // the upscaler is Premium
    const { key } = await createTestApiKey(env.server.server.app.services.db, account.user.id, ['read', 'generate']);
    const vars = { ATELIER_URL: env.server.url, ATELIER_API_KEY: key };
    const dir = mkdtempSync(join(tmpdir(), 'atelier-samples-'));
    writeFileSync(
      join(dir, 'photo.png'),
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } })
        .png()
        .toBuffer(),
    );

    // A text tool (JSON) and a file tool (multipart), in each language: each prints the result.
    const langs = hasPythonRequests ? (['JavaScript', 'Python', 'curl'] as const) : (['JavaScript', 'curl'] as const);
    for (const operation of ['generateArticle', 'upscaleImage']) {
      for (const lang of langs) {
        const code = await copySample(page, operation, lang);
        const out = await runSample(dir, lang === 'JavaScript' ? 'sample.mjs' : lang === 'Python' ? 'sample.py' : 'sample.sh', code, vars);
        expect(out, `${operation} in ${lang}`).toMatch(lang === 'curl' ? /event: completed/ : /^completed /m);
      }
    }
    const jobs = await env.server.server.app.services.db.job.findMany({ where: { userId: account.user.id }, orderBy: { createdAt: 'asc' } });
    expect(jobs.map((j) => `${j.kind} ${j.phase}`)).toEqual([...langs.map(() => 'article COMPLETED'), ...langs.map(() => 'upscale-image COMPLETED')]);

    // The job's own routes and the account's, with JOB_ID set.
    const withJob = { ...vars, JOB_ID: jobs[0]!.id };
    expect(JSON.parse(await runSample(dir, 'sample.sh', await copySample(page, 'getJob', 'curl'), withJob))).toMatchObject({ id: jobs[0]!.id, status: 'completed' });
    expect(await runSample(dir, 'sample.mjs', await copySample(page, 'jobEvents', 'JavaScript'), withJob)).toMatch(/-end completed /);
    expect(await runSample(dir, 'sample.mjs', await copySample(page, 'getUsage', 'JavaScript'), vars)).toMatch(/object: 'usage'/);
    if (hasPythonRequests) expect(await runSample(dir, 'sample.py', await copySample(page, 'listCreations', 'Python'), vars)).toMatch(/"object": "list"/);

    // A batch with curl (docs/batches.md, "Over the jobs API"): two photos through two steps, followed to the end
    // (a real photo now: the first step cuts its subject out).
    writeFileSync(
      join(dir, 'photo.png'),
      await sharp(join(import.meta.dirname, '../fixtures/photos/coffee.png'))
        .resize({ width: 320 })
        .png()
        .toBuffer(),
    );
    // Two cut-outs (the segmenter loads first) and two upscales: more than a tool's 30 s.
    expect(await runSample(dir, 'sample.sh', await copySample(page, 'createBatch', 'curl'), vars, 150_000)).toMatch(/event: completed/);
    const batch = await env.server.server.app.services.db.batch.findFirstOrThrow({ where: { userId: account.user.id } });
    const withBatch = { ...vars, BATCH_ID: batch.id };
    expect(JSON.parse(await runSample(dir, 'sample.sh', await copySample(page, 'getBatch', 'curl'), withBatch))).toMatchObject({
      id: batch.id,
      counts: { total: 2, completed: 2 },
    });
    await runSample(dir, 'sample.mjs', await copySample(page, 'getBatchZip', 'JavaScript'), withBatch);
    expect(readFileSync(join(dir, 'batch.zip')).subarray(0, 2).toString()).toBe('PK');
    await context.close();
  }, 300_000);
});

// Download from an S3-compatible store (docs/security-testing.md, the row of that name), against
// s3rver (an S3 server from npm that this project did not write). The community viewer shows a
// published image straight from the bucket, without CORS; the store answers that request with no
// CORS headers and no `Vary: Origin` (as S3 does for a request without Origin) and lets it be
// cached for an hour. Download's fetch then got the cached copy and the browser refused it (CORS):
// Download failed. It now asks the store afresh, so it works whatever the store sends to the image
// request. The same test runs against our own S3 server (tests/helpers/s3-mock.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signedInContext, VIEWPORTS } from '../helpers/browser.js';
import { startS3Mock } from '../helpers/s3-mock.js';
import { followJob, gqlOk, signUp, startStack } from '../helpers/server.js';

const BUCKET = 'atelier-downloads';
// As docs/real-services.md asks: GET from the app's origin (any port on this host here).
const CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>http://127.0.0.1:*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;

interface Store {
  url: string;
  env: Record<string, string>;
  close(): Promise<unknown>;
}

/** s3rver, keeping its objects in a folder of its own. */
async function s3rver(): Promise<Store> {
  const directory = mkdtempSync(join(tmpdir(), 'atelier-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET, configs: [CORS] }] });
  const { port } = await server.run();
  return {
    url: `http://127.0.0.1:${port}`,
    env: { S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Our own S3 server (tests/helpers/s3-mock.ts), with the same CORS rule. */
async function ownMock(): Promise<Store> {
  const keys = { region: 'eu-west-3', accessKeyId: 'AKIATESTATELIER0002', secretAccessKey: 'mock-secret-for-downloads' };
  const mock = await startS3Mock({ bucket: BUCKET, ...keys, corsOrigins: /^http:\/\/127\.0\.0\.1:\d+$/ });
  return { url: mock.url, env: { S3_REGION: keys.region, S3_ACCESS_KEY_ID: keys.accessKeyId, S3_SECRET_ACCESS_KEY: keys.secretAccessKey }, close: () => mock.close() };
}

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe.each([
  ['s3rver', s3rver],
  ['our own S3 server', ownMock],
] as const)('Download with S3-compatible storage (%s)', (_name, startStore) => {
  let store: Store;
  let stack: Awaited<ReturnType<typeof startStack>>;
  beforeAll(async () => {
    store = await startStore();
    stack = await startStack({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'atelier-s3-download-')),
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: store.url,
      S3_FORCE_PATH_STYLE: 'true',
      ...store.env,
    });
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
    await store?.close();
  });

  it('saves a published image the viewer already shows from the bucket', async () => {
    const storeUrl = store.url;
    const account = await signUp(stack.url, 'Sam', 's3-download');
    await gqlOk(stack.url, 'mutation { startTrial { plan } }', {}, account.token);
    const { generateImage: job } = await gqlOk<{ generateImage: { id: string } }>(
      stack.url,
      'mutation { generateImage(input: {description: "a harbour at dawn", style: REALISTIC, publish: true}) { id } }',
      {},
      account.token,
    );
    const creation = (await followJob(stack.url, account.token, job.id)).at(-1)!.creation!;
    const published = (await gqlOk<{ creation: { content: string } }>(stack.url, 'query($id: ID!) { creation(id: $id) { content } }', { id: creation.id }, account.token)).creation
      .content;
    expect(published.startsWith(`${storeUrl}/${BUCKET}/public/`)).toBe(true);
    // The store: cacheable, and no CORS headers (nor Vary) for a request without Origin.
    const plain = await fetch(published);
    expect(plain.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
    expect(plain.headers.get('vary')).toBeNull();

    const context = await signedInContext(browser, account.token, VIEWPORTS.desktop);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    await page.goto(`${stack.url}/ai/community`);
    await page.locator(`[data-creation-id="${creation.id}"]`).waitFor({ timeout: 15_000 });
    await page
      .getByRole('button', { name: /^View creation by Sam/ })
      .first()
      .click();
    const viewer = page.getByRole('dialog');
    // The viewer's image is in, from the bucket (and so in the browser's cache).
    await viewer.locator(`img[src="${published}"]`).first().waitFor();
    await page.waitForFunction((src) => [...document.images].some((i) => i.src === src && i.complete && i.naturalWidth > 0), published);

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 15_000 }), viewer.getByRole('button', { name: 'Download' }).click()]);
    const saved = await readFile((await download.path())!);
    expect(saved.subarray(0, 3).toString('hex')).toBe('ffd8ff'); // ai-creation-{n}.jpg: JPEG bytes
    await page.getByText('Image downloaded successfully!').waitFor();
    expect(problems.filter((p) => /CORS|Access-Control/i.test(p))).toEqual([]);
    await context.close();
  });
});

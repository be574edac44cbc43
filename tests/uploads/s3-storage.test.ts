// S3-compatible storage (docs/real-services.md, "File storage (result images, jobs' uploads)")
// through the whole stack — API, worker, the AWS SDK — against a local server speaking S3's wire
// format that checks every SigV4 signature (tests/helpers/s3-mock.ts). With S3_BUCKET set, jobs'
// uploads and result files go to the bucket (nothing under DATA_DIR), a private image reaches its
// owner only by a presigned URL that expires, a published one is a plain public URL only while it
// is published, and deleting a creation deletes its objects.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteUser } from '../../server/modules/user/user.service.js';
import { createStorage } from '../../server/shared/storage/index.js';
import { S3Storage } from '../../server/shared/storage/s3.js';
import { startS3Mock, type S3Mock } from '../helpers/s3-mock.js';
import { followJob, gqlOk, gqlUpload, signUp, startStack, startTestServer } from '../helpers/server.js';

const BUCKET = 'atelier-files';
const REGION = 'eu-west-3';
const KEY_ID = 'AKIATESTATELIER0001';
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYTESTSECRET';

let mock: S3Mock;
let stack: Awaited<ReturnType<typeof startStack>>;
let dataDir: string;
let alice: { token: string; user: { id: string } };

beforeAll(async () => {
  mock = await startS3Mock({ bucket: BUCKET, region: REGION, accessKeyId: KEY_ID, secretAccessKey: SECRET });
  dataDir = mkdtempSync(join(tmpdir(), 'atelier-s3-'));
  stack = await startStack({
    DATA_DIR: dataDir,
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: mock.url,
    S3_REGION: REGION,
    S3_ACCESS_KEY_ID: KEY_ID,
    S3_SECRET_ACCESS_KEY: SECRET,
    S3_FORCE_PATH_STYLE: 'true',
    FILE_URL_TTL_SECONDS: '600',
    MAX_CONCURRENT_JOBS: '10',
    TOOL_RATE_PER_MINUTE: '200',
  });
  alice = await signUp(stack.url, 'Alice', 's3-storage');
  await gqlOk(stack.url, 'mutation { startTrial { plan } }', {}, alice.token);
}, 60_000);
afterAll(async () => {
  await stack?.close();
  await mock?.close();
});

const GENERATE = 'mutation($input: GenerateImageInput!) { generateImage(input: $input) { id } }';
const REMOVE_OBJECT = 'mutation($image: Upload!, $object: String!, $mask: Upload) { removeObject(image: $image, object: $object, mask: $mask) { id } }';
const CREATION = 'query($id: ID!) { creation(id: $id) { id content published } }';
const PUBLISH = 'mutation($id: ID!, $publish: Boolean!) { setCreationPublished(id: $id, publish: $publish) { content published } }';
const DELETE = 'mutation($id: ID!) { deleteCreation(id: $id) }';

const NAME = /^[0-9a-f]{64}\.png$/;
const bucketUrl = () => `${mock.url}/${BUCKET}`;
const privateUrl = (name: string) => `${bucketUrl()}/private/${name}`;
const publicUrl = (name: string) => `${bucketUrl()}/public/${name}`;
/** The object name a viewer's URL (presigned or public) points at. */
const nameOf = (url: string) => new URL(url).pathname.split('/').pop()!;
const listDir = (sub: string) => {
  try {
    return readdirSync(join(dataDir, sub));
  } catch {
    return [];
  }
};
const keys = (prefix: string) => [...mock.objects.keys()].filter((k) => k.startsWith(prefix));
const errorCode = async (res: Response) => /<Code>([^<]+)<\/Code>/.exec(await res.text())?.[1];

async function generate(publish = false) {
  const { generateImage } = await gqlOk(stack.url, GENERATE, { input: { description: 'a lighthouse on a cliff at dusk', style: 'REALISTIC', publish } }, alice.token);
  const last = (await followJob(stack.url, alice.token, generateImage.id)).at(-1)!;
  expect(last.phase).toBe('COMPLETED');
  return last.creation!;
}

describe('S3 storage, through the whole stack', () => {
  let id: string;
  let name: string;
  let presigned: string;

  it('stores a private result in the bucket, not on disk, and gives its owner a presigned URL the store accepts', async () => {
    const creation = await generate();
    id = creation.id;
    presigned = creation.content;
    const url = new URL(presigned);
    name = nameOf(presigned);
    expect(name).toMatch(NAME);
    expect(`${url.origin}${url.pathname}`).toBe(privateUrl(name));
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(new RegExp(`^${KEY_ID}/\\d{8}/${REGION}/s3/aws4_request$`));
    // Between half the TTL and the TTL left, so a browser can cache it a while.
    const signedAt = Date.parse(url.searchParams.get('X-Amz-Date')!.replace(/(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z/, '$1-$2-$3T$4:$5:$6Z'));
    const left = (signedAt + Number(url.searchParams.get('X-Amz-Expires')) * 1000 - Date.now()) / 1000;
    expect(left).toBeGreaterThan(300 - 5);
    expect(left).toBeLessThanOrEqual(600);

    expect(keys('private/')).toContain(`private/${name}`);
    expect(keys('public/')).toEqual([]);
    expect(listDir('files')).toEqual([]);

    const res = await fetch(presigned);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1024, 1024]);
    expect(mock.requests.filter((r) => r.key === `private/${name}` && r.method === 'GET').at(-1)).toMatchObject({ auth: 'presigned', status: 200 });

    // The same URL on the next read (the browser's copy stays good); the creation keeps the store-neutral name.
    expect((await gqlOk(stack.url, CREATION, { id }, alice.token)).creation.content).toBe(presigned);
    const row = await stack.server.app.services.db.creation.findUniqueOrThrow({ where: { id } });
    expect([row.content, row.file]).toEqual([`/files/${name}`, name]);
    // The REST dashboard gets the same presigned URL.
    const rest = await fetch(`${stack.url}/api/user/get-user-creations`, { headers: { authorization: `Bearer ${alice.token}` } });
    const { creations } = (await rest.json()) as { creations: { id: string; content: string }[] };
    expect(creations.find((c) => c.id === id)?.content).toBe(presigned);
  }, 60_000);

  it('refuses the private object to anyone without a valid signature: anonymous, tampered, expired', async () => {
    for (const url of [privateUrl(name), publicUrl(name)]) expect((await fetch(url)).status).not.toBe(200);
    const anonymous = await fetch(privateUrl(name));
    expect([anonymous.status, await errorCode(anonymous)]).toEqual([403, 'AccessDenied']);

    const tampered = new URL(presigned);
    tampered.searchParams.set('X-Amz-Expires', '604800');
    const res = await fetch(tampered);
    expect([res.status, await errorCode(res)]).toEqual([403, 'SignatureDoesNotMatch']);

    const url = new URL(presigned);
    const expiresAt =
      Date.parse(url.searchParams.get('X-Amz-Date')!.replace(/(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z/, '$1-$2-$3T$4:$5:$6Z')) +
      Number(url.searchParams.get('X-Amz-Expires')) * 1000;
    try {
      mock.travel(expiresAt - Date.now() - 2000);
      expect((await fetch(presigned)).status).toBe(200);
      mock.travel(expiresAt - Date.now() + 2000);
      const late = await fetch(presigned);
      expect(late.status).toBe(403);
      expect(await late.text()).toMatch(/<Code>AccessDenied<\/Code><Message>Request has expired<\/Message>/);
    } finally {
      mock.travel(0);
    }
  });

  it('publishing copies the file to public/ and gives a plain URL anyone can read; unpublishing takes it back', async () => {
    const published = (await gqlOk(stack.url, PUBLISH, { id, publish: true }, alice.token)).setCreationPublished;
    expect(published).toEqual({ content: publicUrl(name), published: true });
    const res = await fetch(published.content);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    expect(mock.requests.filter((r) => r.key === `public/${name}` && r.method === 'GET').at(-1)).toMatchObject({ auth: 'anonymous', status: 200 });
    // The private original stays private.
    expect((await fetch(privateUrl(name))).status).toBe(403);

    const unpublished = (await gqlOk(stack.url, PUBLISH, { id, publish: false }, alice.token)).setCreationPublished;
    expect(unpublished.published).toBe(false);
    expect(keys('public/')).toEqual([]);
    expect((await fetch(published.content)).status).not.toBe(200);
    expect(new URL(unpublished.content).pathname).toBe(`/${BUCKET}/private/${name}`);
    expect((await fetch(unpublished.content)).status).toBe(200);
  });

  it('a creation published from the start has its public copy as soon as it is announced', async () => {
    const creation = await generate(true);
    expect(creation.content).toBe(publicUrl(nameOf(creation.content)));
    expect((await fetch(creation.content)).status).toBe(200);
    expect(keys('private/')).toContain(`private/${nameOf(creation.content)}`);
  }, 60_000);

  it('deleting a creation deletes its objects: no URL serves it any more', async () => {
    await gqlOk(stack.url, PUBLISH, { id, publish: true }, alice.token);
    expect(keys('public/')).toContain(`public/${name}`);
    expect((await gqlOk(stack.url, DELETE, { id }, alice.token)).deleteCreation).toBe(true);
    expect(mock.objects.has(`private/${name}`)).toBe(false);
    expect(mock.objects.has(`public/${name}`)).toBe(false);
    const gone = await fetch(presigned);
    expect([gone.status, await errorCode(gone)]).toEqual([404, 'NoSuchKey']);
    expect((await fetch(publicUrl(name))).status).toBe(404);
  });

  it("takes a deleted account's objects with it, published copies included", async () => {
    const bob = await signUp(stack.url, 'Bob', 's3-storage');
    await gqlOk(stack.url, 'mutation { startTrial { plan } }', {}, bob.token);
    const { generateImage } = await gqlOk(stack.url, GENERATE, { input: { description: 'a paper boat', style: 'REALISTIC', publish: true } }, bob.token);
    const last = (await followJob(stack.url, bob.token, generateImage.id)).at(-1)!;
    const his = nameOf(last.creation!.content);
    expect([mock.objects.has(`private/${his}`), mock.objects.has(`public/${his}`)]).toEqual([true, true]);
    const { db, pubsub } = stack.server.app.services;
    expect(await deleteUser(db, pubsub, bob.user.id, createStorage(stack.config))).toBe(true);
    expect([mock.objects.has(`private/${his}`), mock.objects.has(`public/${his}`)]).toEqual([false, false]);
    expect((await fetch(publicUrl(his))).status).toBe(404);
  }, 60_000);

  it("an upload tool's inputs go to the bucket, the worker reads them from there, and they are deleted when the job ends", async () => {
    const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 40, g: 120, b: 200 } } })
      .png()
      .toBuffer();
    const mask = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="100%" height="100%" fill="black"/><circle cx="160" cy="120" r="40" fill="white"/></svg>',
      ),
    )
      .png()
      .toBuffer();
    const before = mock.requests.length;
    const r = await gqlUpload(
      stack.url,
      REMOVE_OBJECT,
      { object: 'ball' },
      { image: { data: image, filename: 'photo.png', type: 'image/png' }, mask: { data: mask, filename: 'mask.png', type: 'image/png' } },
      alice.token,
    );
    expect(r.errors).toBeUndefined();
    const last = (await followJob(stack.url, alice.token, r.data!.removeObject.id, 90_000)).at(-1)!;
    expect(last).toMatchObject({ phase: 'COMPLETED', creation: { type: 'OBJECT_REMOVAL' } });

    const uploads = mock.requests.slice(before).filter((q) => q.key.startsWith('uploads/'));
    const written = uploads.filter((q) => q.method === 'PUT').map((q) => q.key);
    expect(written).toHaveLength(2);
    for (const key of written) {
      // Written by the API, read by the worker, deleted at the end: all signed.
      expect(uploads.filter((q) => q.key === key).map((q) => `${q.method} ${q.auth} ${q.status}`)).toEqual([`PUT header 200`, `GET header 200`, `DELETE header 204`]);
    }
    expect(keys('uploads/')).toEqual([]);
    expect(listDir('uploads')).toEqual([]);
    expect(listDir('files')).toEqual([]);

    const res = await fetch(last.creation!.content);
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([320, 240]);
  }, 120_000);
});

describe('a store that refuses the upload', () => {
  it('answers with a clear sentence and starts no job', async () => {
    const api = await startTestServer({
      DATA_DIR: dataDir,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: mock.url,
      S3_REGION: REGION,
      S3_ACCESS_KEY_ID: KEY_ID,
      S3_SECRET_ACCESS_KEY: 'not-the-secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    try {
      const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
        .png()
        .toBuffer();
      const before = await stack.server.app.services.db.job.count({ where: { userId: alice.user.id } });
      const r = await gqlUpload(api.url, REMOVE_OBJECT, { object: 'ball' }, { image: { data: image, filename: 'photo.png', type: 'image/png' } }, alice.token);
      expect(r.errors?.[0]).toMatchObject({ message: 'Your file could not be stored just now. Please try again in a moment.', extensions: { code: 'SERVICE_UNAVAILABLE' } });
      expect(mock.requests.at(-1)).toMatchObject({ method: 'PUT', code: 'SignatureDoesNotMatch' });
      expect(await stack.server.app.services.db.job.count({ where: { userId: alice.user.id } })).toBe(before);
      expect(keys('uploads/')).toEqual([]);
    } finally {
      await api.close();
    }
  }, 60_000);
});

describe('the app page', () => {
  it("lets the browser show and download images from the store's origin (CSP img-src and connect-src)", async () => {
    const csp = (await fetch(`${stack.url}/healthz`)).headers.get('content-security-policy') ?? '';
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find((d) => d[0] === name) ?? [];
    expect(directive('img-src')).toContain(mock.url);
    expect(directive('connect-src')).toContain(mock.url);
  });
});

describe('the S3 wire-format server checks SigV4', () => {
  const client = (secretAccessKey: string) =>
    new S3Client({ region: REGION, endpoint: mock.url, forcePathStyle: true, credentials: { accessKeyId: KEY_ID, secretAccessKey }, requestChecksumCalculation: 'WHEN_REQUIRED' });

  it('refuses a request signed with the wrong secret, and takes the same request signed with the right one', async () => {
    const put = () => new PutObjectCommand({ Bucket: BUCKET, Key: 'private/probe.txt', Body: 'probe' });
    await expect(client('not-the-secret').send(put())).rejects.toMatchObject({ name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 } });
    expect(mock.objects.has('private/probe.txt')).toBe(false);
    await client(SECRET).send(put());
    const got = await client(SECRET).send(new GetObjectCommand({ Bucket: BUCKET, Key: 'private/probe.txt' }));
    expect(await got.Body!.transformToString()).toBe('probe');
    await expect(client('not-the-secret').send(new GetObjectCommand({ Bucket: BUCKET, Key: 'private/probe.txt' }))).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    mock.objects.delete('private/probe.txt');
  });
});

describe('S3 URLs', () => {
  const base = { bucket: 'media', region: 'us-east-2', accessKeyId: 'AK', secretAccessKey: 'SK', forcePathStyle: false, urlTtlSeconds: 3600 };
  const name = `${'ab'.repeat(32)}.png`;

  it('a published file is at the public base (CDN, R2 domain) or else the bucket’s own URL, always under public/', () => {
    expect(new S3Storage({ ...base, publicUrl: 'https://cdn.example.com' }).urlFor(name, true)).toBe(`https://cdn.example.com/public/${name}`);
    expect(new S3Storage(base).urlFor(name, true)).toBe(`https://media.s3.us-east-2.amazonaws.com/public/${name}`);
    expect(new S3Storage({ ...base, endpoint: 'https://minio.example.com:9000', forcePathStyle: true }).urlFor(name, true)).toBe(
      `https://minio.example.com:9000/media/public/${name}`,
    );
  });

  it('a private URL stays the same for half the TTL, then moves on', async () => {
    const s3 = new S3Storage(base);
    const stepStart = Math.floor(Date.now() / 1_800_000) * 1_800_000;
    const first = await s3.urlFor(name, false, stepStart);
    expect(await s3.urlFor(name, false, stepStart + 1_799_000)).toBe(first);
    expect(await s3.urlFor(name, false, stepStart + 1_800_000)).not.toBe(first);
    expect(new URL(first).searchParams.get('X-Amz-Expires')).toBe('3600');
  });
});

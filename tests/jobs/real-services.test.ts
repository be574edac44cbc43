// Every real service at once (docs/real-services.md), each pointed at a local server speaking its
// wire format: text on an OpenAI-compatible server, images on ClipDrop (one stack) or on OpenAI
// Images and Cloudinary (the other), files in an S3 bucket, identity from Clerk. Every tool's
// job completes, its file is served from the bucket, and no provider URL is ever stored or
// published: a creation's row names only our store, whatever the provider answered.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_TOOLS, type ServerToolKind } from '../../client/src/tools/server-tools.js';
import { CLERK_TEST_SECRET_KEY, startClerkMock, type ClerkMock } from '../helpers/clerk-mock.js';
import { startClipDropMock, type ClipDropMock } from '../helpers/clipdrop-mock.js';
import { startCloudinaryMock, type CloudinaryMock } from '../helpers/cloudinary-mock.js';
import { startOpenAIImagesMock, startOpenAIMock, type OpenAIImagesMock, type OpenAIMock } from '../helpers/openai-mock.js';
import { makePdf, SAMPLE_RESUME } from '../helpers/pdf.js';
import { startS3Mock, type S3Mock } from '../helpers/s3-mock.js';
import { followJob, gqlOk, gqlUpload, startStack } from '../helpers/server.js';
import { exampleMutation } from '../helpers/tool-mutations.js';
import { TOOLS } from '../../server/shared/tools/catalogue.js';

const toolByKind = (kind: ServerToolKind) => TOOLS.find((t) => t.kind === kind)!;

const S3 = { bucket: 'atelier-real', region: 'eu-central-1', accessKeyId: 'AKIAREALSERVICES01', secretAccessKey: 'real/services/secret/key/for/tests00' };

/**
 * How to start the tools that need more than their definition's example (files of their own, a
 * mask); every other tool of the catalogue starts from its example (exampleMutation), its required
 * uploads given a photo or a PDF by what they accept.
 */
type Start = { query: string; variables?: Record<string, unknown>; files?: Record<string, 'image' | 'resume'>; mask?: true };
const STARTS: Partial<Record<ServerToolKind, Start>> = {
  'resume-review': { query: 'mutation($resume: Upload!) { reviewResume(resume: $resume) { id } }', files: { resume: 'resume' } },
  'object-removal': {
    query: 'mutation($image: Upload!, $mask: Upload) { removeObject(image: $image, object: "boat", mask: $mask) { id } }',
    files: { image: 'image' },
    mask: true,
  },
};
const startOf = (kind: ServerToolKind): Start => {
  const given = STARTS[kind];
  if (given) return given;
  const { query, variables, uploads } = exampleMutation(toolByKind(kind));
  return { query, variables, files: Object.fromEntries(uploads.map((u) => [u.field, u.accept === 'pdf' ? 'resume' : 'image'])) };
};
const KINDS = Object.keys(SERVER_TOOLS) as ServerToolKind[];

let text: OpenAIMock;
let clerk: ClerkMock;
let s3: S3Mock;
let photo: Buffer;
let mask: Buffer;

beforeAll(async () => {
  photo = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#4a7fb0' } })
    .jpeg()
    .toBuffer();
  mask = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#000' } })
    .composite([
      {
        input: await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
        left: 30,
        top: 20,
      },
    ])
    .png()
    .toBuffer();
  text = await startOpenAIMock({ stream: ['# Lighthouses\n\n', 'They guide ', 'ships home.'] });
  clerk = await startClerkMock();
  s3 = await startS3Mock(S3);
});
afterAll(async () => {
  await Promise.all([text?.close(), clerk?.close(), s3?.close()]);
});

/** The variables every stack shares: text, storage and identity. */
function sharedEnv(dataDir: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    OPENAI_API_KEY: 'sk-text-real-services',
    OPENAI_BASE_URL: text.baseURL.replace(/\/v1$/, ''),
    TEXT_MODEL: 'test-model',
    S3_BUCKET: S3.bucket,
    S3_ENDPOINT: s3.url,
    S3_REGION: S3.region,
    S3_ACCESS_KEY_ID: S3.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    CLERK_SECRET_KEY: CLERK_TEST_SECRET_KEY,
    CLERK_API_URL: clerk.url,
    CLERK_PUBLISHABLE_KEY: 'pk_test_YXRlbGllci5jbGVyay5hY2NvdW50cy5kZXYk',
    MAX_CONCURRENT_JOBS: '10',
    TOOL_RATE_PER_MINUTE: '200',
  };
}

type Stack = Awaited<ReturnType<typeof startStack>>;

/** Runs one tool to its end as a Clerk Premium user; returns its last event and how long it took. */
async function run(stack: Stack, token: string, tool: ServerToolKind) {
  const spec = startOf(tool);
  const started = performance.now();
  let id: string;
  if (spec.files && Object.keys(spec.files).length) {
    const files: Record<string, { data: Buffer; filename: string }> = Object.fromEntries(
      Object.entries(spec.files).map(([field, what]) => [
        field,
        what === 'resume' ? { data: makePdf(SAMPLE_RESUME), filename: 'cv.pdf' } : { data: photo, filename: 'harbour.jpg' },
      ]),
    );
    if (spec.mask) files.mask = { data: mask, filename: 'mask.png' };
    const r = await gqlUpload(stack.url, spec.query, spec.variables ?? {}, files, token);
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    id = (Object.values(r.data!)[0] as { id: string }).id;
  } else {
    id = (Object.values(await gqlOk(stack.url, spec.query, spec.variables ?? {}, token))[0] as { id: string }).id;
  }
  const events = await followJob(stack.url, token, id, 60_000);
  const last = events.at(-1)!;
  expect(last.phase, `${tool}: ${last.message}`).toBe('COMPLETED');
  return { events, last, ms: performance.now() - started };
}

/** Every tool through one stack: text saved as streamed, images in the bucket, no provider URL anywhere. */
async function everyTool(stack: Stack, dataDir: string, providerOrigins: string[]) {
  const sub = `user_real${process.pid}${Date.now()}`;
  const token = await clerk.token(sub, { pla: 'u:premium' });
  const timings: Record<string, number> = {};
  for (const tool of KINDS) {
    const { events, last, ms } = await run(stack, token, tool);
    timings[tool] = Math.round(ms);
    const row = await stack.server.app.services.db.creation.findUniqueOrThrow({ where: { id: last.creation!.id } });
    const stored = JSON.stringify({ content: row.content, metadata: row.metadata });
    for (const origin of providerOrigins) expect(stored, `${tool} stored a provider URL`).not.toContain(origin);
    if (SERVER_TOOLS[tool].output === 'image') {
      // The row names our store; the owner gets a presigned URL of the bucket, which serves the image.
      expect(row.content).toMatch(/^\/files\/[0-9a-f]{64}\.(png|jpg|webp)$/);
      const url = new URL(last.creation!.content);
      expect(`${url.origin}${url.pathname}`).toBe(`${s3.url}/${S3.bucket}/private/${row.file}`);
      expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      const res = await fetch(url);
      expect(res.status, tool).toBe(200);
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBeGreaterThan(0);
    } else {
      // Text: what the subscriber assembled is what was saved.
      expect(events.reduce((t, e) => t.slice(0, e.offset) + e.delta, '')).toBe(row.content);
      expect(row.content.length).toBeGreaterThan(0);
    }
  }
  // Publishing one image gives a plain public URL of the bucket; nothing of any tool stayed on disk or in uploads/.
  const image = await stack.server.app.services.db.creation.findFirstOrThrow({ where: { type: 'IMAGE', user: { externalId: sub } } });
  const { setCreationPublished } = await gqlOk(stack.url, 'mutation($id: ID!) { setCreationPublished(id: $id, publish: true) { content } }', { id: image.id }, token);
  expect(setCreationPublished.content).toBe(`${s3.url}/${S3.bucket}/public/${image.file}`);
  expect((await fetch(setCreationPublished.content)).status).toBe(200);
  expect([...s3.objects.keys()].filter((k) => k.startsWith('uploads/'))).toEqual([]);
  for (const dir of ['files', 'uploads']) expect(readdirSync(dataDir).includes(dir) ? readdirSync(join(dataDir, dir)) : []).toEqual([]);
  // The user came from Clerk, with the profile its Backend API holds.
  const user = await stack.server.app.services.db.user.findFirstOrThrow({ where: { externalId: sub } });
  expect([user.authProvider, user.plan]).toEqual(['clerk', 'PREMIUM']);
  return timings;
}

describe('every real service at once', () => {
  it('ClipDrop for images, OpenAI-compatible text, S3 files, Clerk identity', async () => {
    const clipdrop: ClipDropMock = await startClipDropMock('clipdrop-real-key');
    const dataDir = mkdtempSync(join(tmpdir(), 'atelier-real-'));
    const stack = await startStack({ ...sharedEnv(dataDir), CLIPDROP_API_KEY: 'clipdrop-real-key', CLIPDROP_BASE_URL: clipdrop.baseUrl });
    try {
      const timings = await everyTool(stack, dataDir, [clipdrop.baseUrl, text.baseURL.replace(/\/v1$/, '')]);
      expect(clipdrop.requests.map((r) => `${r.path} ${r.status}`).sort()).toEqual(
        ['/cleanup/v1 200', '/image-upscaling/v1/upscale 200', '/remove-background/v1 200', '/text-to-image/v1 200'].sort(),
      );
      console.log('ClipDrop stack, ms per job:', JSON.stringify(timings));
    } finally {
      await stack.close();
      await clipdrop.close();
    }
  }, 180_000);

  it('OpenAI Images (a hosted URL answer) and Cloudinary effects, OpenAI-compatible text, S3 files, Clerk identity', async () => {
    const images: OpenAIImagesMock = await startOpenAIImagesMock({
      hosted: await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c33' } })
        .png()
        .toBuffer(),
    });
    const cloud: CloudinaryMock = await startCloudinaryMock('real-cloud-secret');
    const dataDir = mkdtempSync(join(tmpdir(), 'atelier-real-'));
    const stack = await startStack({
      ...sharedEnv(dataDir),
      IMAGE_API_KEY: 'sk-images-real',
      IMAGE_BASE_URL: images.baseURL,
      CLOUDINARY_URL: `cloudinary://real-key:real-cloud-secret@realcloud?${cloud.query}`,
    });
    try {
      const hostedOrigin = new URL(images.baseURL).origin;
      const timings = await everyTool(stack, dataDir, [hostedOrigin, `https://${cloud.deliveryHost}`, cloud.uploadPrefix, 'res.cloudinary.com']);
      // The hosted image was fetched into the bucket; the text server got no image request; Cloudinary keeps no original.
      expect(images.downloads.length).toBe(1);
      expect(images.requests[0]!.headers.authorization).toBe('Bearer sk-images-real');
      expect(text.requests.some((r) => r.path.includes('images'))).toBe(false);
      expect(cloud.uploads.length).toBe(3);
      expect(cloud.stored()).toEqual([]);
      console.log('OpenAI Images + Cloudinary stack, ms per job:', JSON.stringify(timings));
    } finally {
      await stack.close();
      await cloud.close();
      await images.close();
    }
  }, 180_000);
});

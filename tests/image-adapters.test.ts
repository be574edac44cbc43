// The real image adapters against local servers speaking Cloudinary's upload API and the
// OpenAI Images API: the requests they build and what they store.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followJob, gqlOk, gqlUpload, signUp, startStack } from './helpers/server.js';
import { startCloudinaryMock, type CloudinaryMock } from './helpers/cloudinary-mock.js';

let cloud: CloudinaryMock;
let openai: { server: Server; url: string; requests: any[] };
let stack: Awaited<ReturnType<typeof startStack>>;
let token: string;
let png: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } }).png().toBuffer();
  cloud = await startCloudinaryMock();
  const requests: any[] = [];
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const c of req) raw += c;
    requests.push({ path: req.url, body: JSON.parse(raw || '{}'), auth: req.headers.authorization });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ created: 0, data: [{ b64_json: png.toString('base64') }] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  openai = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, requests };
  stack = await startStack({
    CLOUDINARY_URL: `cloudinary://test-key:test-secret@democloud?upload_prefix=${encodeURIComponent(cloud.uploadPrefix)}`,
    OPENAI_API_KEY: 'sk-test-images',
    OPENAI_BASE_URL: openai.url,
    IMAGE_MODEL: 'gpt-image-1',
  });
  token = (await signUp(stack.url, 'Cloud', 'cloud')).token;
  await gqlOk(stack.url, 'mutation { changePlan(plan: PREMIUM) { plan } }', {}, token);
});
afterAll(async () => {
  await stack.close();
  await cloud.close();
  await new Promise((r) => openai.server.close(r));
});

describe('Cloudinary adapters', () => {
  it('background removal uploads a signed image and returns its background_removal URL', async () => {
    const r = await gqlUpload(stack.url, 'mutation($image: Upload!) { removeBackground(image: $image) { id } }', {}, { image: { data: png, filename: 'a.png' } }, token);
    const last = (await followJob(stack.url, token, r.data!.removeBackground.id)).at(-1)!;
    expect(last.phase, last.message ?? '').toBe('COMPLETED');
    const upload = cloud.uploads.at(-1)!;
    expect(upload.path).toBe('/v1_1/democloud/image/upload');
    expect(upload.fields).toMatchObject({ api_key: 'test-key', folder: 'atelier' });
    expect(upload.fields.signature).toMatch(/^[0-9a-f]{40}$/);
    expect(upload.fileBytes).toBe(png.length);
    expect(last.creation).toMatchObject({ provider: 'cloudinary' });
    expect(last.creation!.content).toMatch(/^https:\/\/res\.cloudinary\.com\/democloud\/image\/upload\/e_background_removal\/(v\d+\/)?atelier\/upload\d+\.png(\?.*)?$/);
  });

  it('object removal asks for gen_remove with the object prompt, with no mask needed', async () => {
    const r = await gqlUpload(stack.url, 'mutation($image: Upload!, $object: String!) { removeObject(image: $image, object: $object) { id } }', { object: 'cat' }, { image: { data: png, filename: 'a.png' } }, token);
    expect(r.errors).toBeUndefined();
    const last = (await followJob(stack.url, token, r.data!.removeObject.id)).at(-1)!;
    expect(last.phase).toBe('COMPLETED');
    expect(last.creation!.content).toMatch(/^https:\/\/res\.cloudinary\.com\/democloud\/image\/upload\/e_gen_remove:prompt_cat\//);
  });
});

describe('OpenAI Images adapter', () => {
  it('sends the spec prompt and stores the returned image (here, in Cloudinary)', async () => {
    const before = cloud.uploads.length;
    const { generateImage: job } = await gqlOk(stack.url, 'mutation { generateImage(input: {description: "a red fox", style: ANIME}) { id } }', {}, token);
    const last = (await followJob(stack.url, token, job.id)).at(-1)!;
    expect(last.phase).toBe('COMPLETED');
    const req = openai.requests.at(-1)!;
    expect(req.path).toBe('/v1/images/generations');
    expect(req.auth).toBe('Bearer sk-test-images');
    expect(req.body).toMatchObject({ model: 'gpt-image-1', prompt: 'Generate an image of a red fox in the style Anime', n: 1, size: '1024x1024' });
    expect(cloud.uploads.length).toBe(before + 1);
    expect(cloud.uploads.at(-1)!.fileBytes).toBe(png.length);
    expect(last.creation).toMatchObject({ provider: 'openai', content: expect.stringMatching(/^https:\/\/res\.cloudinary\.com\/democloud\//) });
  });
});

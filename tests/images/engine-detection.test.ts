// Which image engine a worker uses (docs/engines.md): a configured one first, even when it does
// not answer (its jobs then say so); with ENGINE_AUTODETECT, ComfyUI found on its default address
// (a mock on 127.0.0.1:8188, in this file only); without it, the placeholder, whose pictures say
// they are placeholders and which honours aspect ratio, seed and count. An OpenAI-compatible
// images server (IMAGE_BASE_URL, no key) gets the size and n.
import { createServer } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startComfyUIMock, type ComfyUIMock } from '../helpers/comfyui-mock.js';
import { startOpenAIImagesMock } from '../helpers/openai-mock.js';
import { startSdWebUiMock } from '../helpers/sd-webui-mock.js';
import { ENGINES, generateImage } from '../helpers/image-jobs.js';
import { gqlOk, signUp, startStack } from '../helpers/server.js';
import { PLACEHOLDER_IMAGE_ENGINE } from '../../server/shared/platform/engines.js';

let comfy: ComfyUIMock;

beforeAll(async () => {
  comfy = await startComfyUIMock({ port: 8188, steps: 4, stepDelayMs: 20 }).catch((e: Error) => {
    throw new Error(`this test stands a ComfyUI mock on 127.0.0.1:8188, ComfyUI's default address, and it is taken: ${e.message}`);
  });
});
afterAll(() => comfy?.close());

/** A stack, a Premium user on it, and what its Engines query says. */
async function stackWith(env: Record<string, string>) {
  const stack = await startStack({ MAX_CONCURRENT_JOBS: '10', TOOL_RATE_PER_MINUTE: '200', ...env });
  const token = (await signUp(stack.url, 'Eng', 'engines')).token;
  await gqlOk(stack.url, 'mutation { startTrial { plan } }', {}, token);
  const { engines } = await gqlOk(stack.url, ENGINES);
  return { stack, token, engine: engines.image };
}

const bytesOf = async (url: string, base: string) => Buffer.from(await (await fetch(new URL(url, base))).arrayBuffer());

describe('engine detection', () => {
  it('ENGINE_AUTODETECT on: ComfyUI on 127.0.0.1:8188 is found and used', async () => {
    const { stack, token, engine } = await stackWith({ ENGINE_AUTODETECT: 'true' });
    try {
      expect(engine).toMatchObject({ name: 'comfyui', label: 'ComfyUI · sd_xl_base_1.0', placeholder: false });
      expect(comfy.requests.some((r) => r.path === '/system_stats')).toBe(true);
      const { last } = await generateImage(stack.url, token, { description: 'a found engine' });
      expect(last.phase, last.message ?? '').toBe('COMPLETED');
      expect(last.creation).toMatchObject({ provider: 'comfyui', placeholder: false, madeBy: 'ComfyUI · sd_xl_base_1.0' });
    } finally {
      await stack.close();
    }
  });

  it('ENGINE_AUTODETECT off: the placeholder, though ComfyUI answers on its address; it says so and honours aspect ratio, seed and count', async () => {
    const prompts = comfy.prompts.length;
    const { stack, token, engine } = await stackWith({ ENGINE_AUTODETECT: 'false' });
    try {
      expect(engine).toEqual(PLACEHOLDER_IMAGE_ENGINE);
      const asked = { description: 'a harbour at night', style: 'GHIBLI', seed: 42, aspectRatio: 'WIDE', negativePrompt: 'boats' };
      const a = await generateImage(stack.url, token, asked);
      expect(a.last.phase, a.last.message ?? '').toBe('COMPLETED');
      expect(a.last.creation).toMatchObject({ provider: 'local', placeholder: true, madeBy: 'Placeholder — no image model connected' });
      expect(a.last.message).toBe('Placeholder created — connect an image engine to make real pictures');
      const row = await stack.server.app.services.db.creation.findUniqueOrThrow({ where: { id: a.last.creation!.id } });
      expect(row.metadata).toMatchObject({
        provider: 'local',
        placeholder: true,
        seed: 42,
        aspectRatio: 'WIDE',
        width: 1024,
        height: 576,
        applied: ['ASPECT_RATIO', 'SEED'],
        ignored: ['NEGATIVE_PROMPT'],
      });
      expect(row.metadata).not.toHaveProperty('negativePrompt');
      const first = await bytesOf(a.last.creation!.content, stack.url);
      expect(await sharp(first).metadata()).toMatchObject({ width: 1024, height: 576 });
      // The same seed draws the same picture; another seed another one.
      const same = await generateImage(stack.url, token, asked);
      expect((await bytesOf(same.last.creation!.content, stack.url)).equals(first)).toBe(true);
      const other = await generateImage(stack.url, token, { ...asked, seed: 43 });
      expect((await bytesOf(other.last.creation!.content, stack.url)).equals(first)).toBe(false);
      // Count 2: the seed and the next, two creations.
      const two = await generateImage(stack.url, token, { ...asked, count: 2 });
      expect(two.last.creation!.batch).toHaveLength(1);
      expect((await bytesOf(two.last.creation!.content, stack.url)).equals(first)).toBe(true);
      expect((await bytesOf(two.last.creation!.batch[0]!.content, stack.url)).equals(await bytesOf(other.last.creation!.content, stack.url))).toBe(true);
      expect(comfy.prompts.length).toBe(prompts);
    } finally {
      await stack.close();
    }
  });

  it('a configured ComfyUI that does not answer is still the engine, and its jobs say it cannot be reached', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const p = (probe.address() as { port: number }).port;
        probe.close(() => resolve(p));
      });
    });
    const { stack, token, engine } = await stackWith({ COMFYUI_URL: `http://127.0.0.1:${port}`, ENGINE_AUTODETECT: 'true' });
    try {
      expect(engine).toMatchObject({ name: 'comfyui', label: 'ComfyUI', model: null, placeholder: false });
      const { last } = await generateImage(stack.url, token, { description: 'nobody home' });
      expect(last.phase).toBe('FAILED');
      expect(last.message).toBe(`Cannot reach ComfyUI at http://127.0.0.1:${port} — is it running? Ask the administrator to start it.`);
    } finally {
      await stack.close();
    }
  });

  it('a configured URL wins over a found engine: SD_WEBUI_URL beats ComfyUI on its default address', async () => {
    const sd = await startSdWebUiMock({ steps: 2, stepDelayMs: 10 });
    const { stack, engine } = await stackWith({ SD_WEBUI_URL: sd.url, ENGINE_AUTODETECT: 'true' });
    try {
      expect(engine).toMatchObject({ name: 'sd-webui', label: 'AUTOMATIC1111 · sd_xl_base_1.0' });
    } finally {
      await stack.close();
      await sd.close();
    }
  });

  it('an OpenAI-compatible images server with no key (IMAGE_BASE_URL, e.g. LocalAI): size and n follow the aspect ratio and count', async () => {
    const png = await sharp({ create: { width: 1536, height: 1024, channels: 3, background: '#335577' } })
      .png()
      .toBuffer();
    const images = await startOpenAIImagesMock({ b64: png });
    const { stack, token, engine } = await stackWith({ IMAGE_BASE_URL: images.baseURL, IMAGE_MODEL: 'stablediffusion', ENGINE_AUTODETECT: 'true' });
    try {
      expect(engine).toEqual({
        name: 'openai',
        label: 'OpenAI-compatible images · stablediffusion',
        model: 'stablediffusion',
        placeholder: false,
        options: ['ASPECT_RATIO', 'COUNT'],
      });
      const { last } = await generateImage(stack.url, token, { description: 'a wide bay', aspectRatio: 'LANDSCAPE', count: 2, seed: 5 });
      expect(last.phase, last.message ?? '').toBe('COMPLETED');
      expect(images.requests.at(-1)!.body).toMatchObject({ model: 'stablediffusion', n: 2, size: '1536x1024' });
      expect(last.creation!.batch).toHaveLength(1);
      const row = await stack.server.app.services.db.creation.findUniqueOrThrow({ where: { id: last.creation!.id } });
      expect(row.metadata).toMatchObject({ provider: 'openai', placeholder: false, count: 2, applied: ['ASPECT_RATIO', 'COUNT'], ignored: ['SEED'], width: 1536, height: 1024 });
    } finally {
      await stack.close();
      await images.close();
    }
  });
});

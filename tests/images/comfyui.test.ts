// ComfyUI (COMFYUI_URL) through the whole product against a local server speaking its API and
// WebSocket (tests/helpers/comfyui-mock.ts): the shipped workflow filled in from the request,
// the steps as a rising percent, the previews as JobProgress.preview, the picture stored by us,
// several pictures as linked creations, cancel as /interrupt, and ComfyUI's failures as
// sentences a person can act on.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startComfyUIMock, type ComfyUIMock } from '../helpers/comfyui-mock.js';
import { picturePng } from '../helpers/engine-pictures.js';
import { ENGINES, followImageJob, generateImage, GENERATE_IMAGE, storedFiles } from '../helpers/image-jobs.js';
import { gqlOk, signUp, startStack, waitFor } from '../helpers/server.js';
import { jobStateKey } from '../../server/shared/jobs/job.events.js';

let comfy: ComfyUIMock;
let stack: Awaited<ReturnType<typeof startStack>>;
let token: string;

beforeAll(async () => {
  comfy = await startComfyUIMock({ steps: 12, stepDelayMs: 80 });
  stack = await startStack({ COMFYUI_URL: comfy.url, MAX_CONCURRENT_JOBS: '10', TOOL_RATE_PER_MINUTE: '200' });
  token = (await signUp(stack.url, 'Comfy', 'comfy')).token;
  await gqlOk(stack.url, 'mutation { startTrial { plan } }', {}, token);
});
afterAll(async () => {
  await stack?.close();
  await comfy?.close();
});

const workflowOf = (i = -1) => comfy.prompts.at(i)!.prompt;
const nodeOf = (type: string, i = -1) => Object.values(workflowOf(i)).find((n) => n.class_type === type)!;
const creationRow = (id: string) => stack.server.app.services.db.creation.findUniqueOrThrow({ where: { id } });
const fileBytes = async (content: string) => Buffer.from(await (await fetch(new URL(content, stack.url))).arrayBuffer());

describe('ComfyUI engine', () => {
  it('is what the Engines query reports: the first checkpoint ComfyUI lists, every advanced option', async () => {
    const { engines } = await gqlOk(stack.url, ENGINES);
    expect(engines.image).toEqual({
      name: 'comfyui',
      label: 'ComfyUI · sd_xl_base_1.0',
      model: 'sd_xl_base_1.0.safetensors',
      placeholder: false,
      options: ['ASPECT_RATIO', 'SEED', 'NEGATIVE_PROMPT', 'COUNT'],
    });
  });

  it('runs the shipped workflow: rising percent, previews before the end, the picture stored, metadata recorded', async () => {
    const { events, last, jobId } = await generateImage(stack.url, token, {
      description: 'a red fox in the snow',
      style: 'REALISTIC',
      aspectRatio: 'LANDSCAPE',
      seed: 1234,
      negativePrompt: 'people, text',
    });
    expect(last.phase, last.message ?? '').toBe('COMPLETED');
    // What ComfyUI got: the socket opened first, then the workflow with the request in it.
    const prompt = comfy.prompts.at(-1)!;
    expect(comfy.requests.findIndex((r) => r.path === '/prompt')).toBeGreaterThanOrEqual(0);
    expect(prompt.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(nodeOf('CheckpointLoaderSimple').inputs.ckpt_name).toBe('sd_xl_base_1.0.safetensors');
    expect(nodeOf('KSampler').inputs).toMatchObject({ seed: 1234, steps: 24, cfg: 7 });
    expect(nodeOf('EmptyLatentImage').inputs).toEqual({ width: 1280, height: 832, batch_size: 1 });
    const texts = Object.entries(workflowOf()).filter(([, n]) => n.class_type === 'CLIPTextEncode');
    expect(texts.map(([, n]) => n.inputs.text)).toEqual(['a red fox in the snow, photorealistic photograph, natural light, high detail', 'people, text']);

    // The percent rises through the steps; previews (small JPEG data URLs, each its own) come before COMPLETED.
    const percents = events.map((e) => e.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    const stepPercents = new Set(events.filter((e) => e.phase === 'PROCESSING').map((e) => e.percent));
    expect(stepPercents.size).toBeGreaterThanOrEqual(5);
    expect(events.some((e) => /^Painting: step \d+ of 12$/.test(e.message ?? ''))).toBe(true);
    const previews = events.filter((e) => e.preview);
    console.log(`ComfyUI job: ${events.length} events, ${previews.length} previews of ${comfy.previewsSent} frames, percents ${[...stepPercents].join(' ')}`);
    expect(previews.length).toBeGreaterThanOrEqual(3);
    expect(events.findIndex((e) => e.phase === 'COMPLETED')).toBeGreaterThan(events.lastIndexOf(previews.at(-1)!));
    expect(new Set(previews.map((e) => e.preview)).size).toBe(previews.length);
    for (const p of previews) {
      expect(p.preview).toMatch(/^data:image\/jpeg;base64,/);
      const meta = await sharp(Buffer.from(p.preview!.split(',')[1]!, 'base64')).metadata();
      expect(meta.format).toBe('jpeg');
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(256);
    }
    // The job's stored state keeps no picture.
    const state = await stack.server.app.services.redis.hgetall(jobStateKey(stack.config.REDIS_PREFIX, jobId));
    expect(JSON.stringify(state)).not.toContain('data:image');

    // The picture is ComfyUI's, byte for byte, served from our storage.
    expect(last.creation).toMatchObject({ provider: 'comfyui', placeholder: false, madeBy: 'ComfyUI · sd_xl_base_1.0', batch: [] });
    expect((await fileBytes(last.creation!.content)).equals(await picturePng(1280, 832, 1234, 0))).toBe(true);
    const row = await creationRow(last.creation!.id);
    expect(row.jobId).toBe(jobId);
    expect(row.metadata).toMatchObject({
      provider: 'comfyui',
      engine: 'ComfyUI · sd_xl_base_1.0',
      model: 'sd_xl_base_1.0.safetensors',
      placeholder: false,
      style: 'REALISTIC',
      aspectRatio: 'LANDSCAPE',
      seed: 1234,
      negativePrompt: 'people, text',
      count: 1,
      width: 1280,
      height: 832,
      applied: ['ASPECT_RATIO', 'SEED', 'NEGATIVE_PROMPT'],
    });
    // /history then /view fetched the picture.
    expect(comfy.requests.some((r) => r.path === `/history/${prompt.id}`)).toBe(true);
    expect(comfy.requests.some((r) => r.path.startsWith('/view?filename=atelier_'))).toBe(true);
  });

  it('count 3: one batch of 3 in ComfyUI, three creations linked by batch, one seed', async () => {
    const { last, jobId } = await generateImage(stack.url, token, { description: 'a lighthouse at dusk', style: 'FANTASY', count: 3, publish: true });
    expect(last.phase, last.message ?? '').toBe('COMPLETED');
    expect(last.message).toBe('Made 3 pictures');
    expect(nodeOf('EmptyLatentImage').inputs).toEqual({ width: 1024, height: 1024, batch_size: 3 });
    const seed = nodeOf('KSampler').inputs.seed as number;
    expect(Number.isInteger(seed)).toBe(true);
    const own = last.creation!;
    expect(own.batch).toHaveLength(2);
    const rows = await Promise.all([own.id, ...own.batch.map((b) => b.id)].map(creationRow));
    expect(rows.map((r) => r.jobId)).toEqual([jobId, null, null]);
    expect(rows.every((r) => r.published && r.userId === rows[0]!.userId)).toBe(true);
    expect(rows.map((r) => (r.metadata as { batchIndex: number }).batchIndex)).toEqual([0, 1, 2]);
    for (const r of rows) {
      expect(r.metadata).toMatchObject({ provider: 'comfyui', seed, count: 3, applied: ['COUNT'], aspectRatio: 'SQUARE' });
      expect(new Set([(r.metadata as { batch: string[] }).batch, r.id].flat())).toEqual(new Set(rows.map((x) => x.id)));
    }
    // Each picture is the batch's own; another creation's batch names this one (anyone may see: published).
    const bytes = await Promise.all(rows.map((r) => fileBytes(r.content)));
    for (let i = 0; i < 3; i++) expect(bytes[i]!.equals(await picturePng(1024, 1024, seed, i))).toBe(true);
    const { creation } = await gqlOk(stack.url, 'query($id: ID!) { creation(id: $id) { batch { id } } }', { id: rows[2]!.id });
    expect(creation.batch.map((b: { id: string }) => b.id).sort()).toEqual([rows[0]!.id, rows[1]!.id].sort());
  });

  it('cancel: ComfyUI is interrupted, the job ends CANCELLED, nothing is kept', async () => {
    const before = storedFiles(stack.config.dataDir);
    const creationsBefore = await stack.server.app.services.db.creation.count();
    const { generateImage: job } = await gqlOk(stack.url, GENERATE_IMAGE, { input: { description: 'a slow painting', count: 2 } }, token);
    const follow = followImageJob(stack.url, token, job.id);
    await waitFor(() => follow.events().some((e) => e.phase === 'PROCESSING' && e.percent > 30), 20_000, 'sampling');
    await gqlOk(stack.url, 'mutation($id: ID!) { cancelJob(id: $id) { phase } }', { id: job.id }, token);
    const events = await follow.done;
    expect(events.at(-1)!.phase).toBe('CANCELLED');
    await waitFor(() => comfy.interrupts.length > 0, 5000, '/interrupt');
    expect(comfy.interrupts.at(-1)).toEqual({ prompt_id: comfy.prompts.at(-1)!.id });
    expect(await stack.server.app.services.db.creation.count()).toBe(creationsBefore);
    expect(storedFiles(stack.config.dataDir)).toEqual(before);
  });

  it("cancel while waiting in ComfyUI's queue behind someone else's prompt: deleted from it, nothing interrupted", async () => {
    // Someone using ComfyUI's own page queues a prompt first.
    const theirs = await fetch(`${comfy.url}/prompt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: { ...workflowOf(), '3': { ...workflowOf()['3']!, inputs: { ...workflowOf()['3']!.inputs, seed: 5 } } }, client_id: 'their-page' }),
    }).then((r) => r.json() as Promise<{ prompt_id: string }>);
    const { generateImage: job } = await gqlOk(stack.url, GENERATE_IMAGE, { input: { description: 'second in line' } }, token);
    const follow = followImageJob(stack.url, token, job.id);
    await waitFor(() => follow.events().some((e) => e.message === "Waiting in ComfyUI's queue"), 10_000, 'waiting in line');
    const ours = comfy.prompts.at(-1)!;
    expect(ours.id).not.toBe(theirs.prompt_id);
    const interrupts = comfy.interrupts.length;
    await gqlOk(stack.url, 'mutation($id: ID!) { cancelJob(id: $id) { phase } }', { id: job.id }, token);
    expect((await follow.done).at(-1)!.phase).toBe('CANCELLED');
    await waitFor(() => comfy.deleted.includes(ours.id), 5000, '/queue delete');
    expect(comfy.interrupts.length).toBe(interrupts);
    // Theirs finishes; ours never ran.
    await waitFor(async () => Object.keys(await (await fetch(`${comfy.url}/history/${theirs.prompt_id}`)).json()).length > 0, 10_000, 'their prompt');
    expect(await (await fetch(`${comfy.url}/history/${ours.id}`)).json()).toEqual({});
  });

  it('the WebSocket dropping mid-run: the picture is still fetched once /history has it', async () => {
    comfy.failNext = 'drop-socket';
    const { last } = await generateImage(stack.url, token, { description: 'a dropped line', seed: 99 });
    expect(last.phase, last.message ?? '').toBe('COMPLETED');
    expect((await fileBytes(last.creation!.content)).equals(await picturePng(1024, 1024, 99, 0))).toBe(true);
    const id = comfy.prompts.at(-1)!.id;
    expect(comfy.requests.filter((r) => r.path === `/history/${id}`).length).toBeGreaterThanOrEqual(1);
  });

  it('out of GPU memory: FAILED with what to try', async () => {
    comfy.failNext = 'oom';
    const { last } = await generateImage(stack.url, token, { description: 'a huge mural', count: 4 });
    expect(last.phase).toBe('FAILED');
    expect(last.message).toBe('The image engine ran out of GPU memory: try a smaller size or fewer images');
  });

  it("a node failing: FAILED naming the node and ComfyUI's words", async () => {
    comfy.failNext = 'error';
    const { last } = await generateImage(stack.url, token, { description: 'a broken decoder' });
    expect(last.phase).toBe('FAILED');
    expect(last.message).toBe('ComfyUI failed in VAEDecode: Expected all tensors to be on the same device');
  });
});

describe('ComfyUI with a checkpoint it does not have', () => {
  it('FAILED: the job says to set COMFYUI_CHECKPOINT to one it lists', async () => {
    const other = await startStack({ COMFYUI_URL: comfy.url, COMFYUI_CHECKPOINT: 'dreamshaper_8.safetensors' });
    try {
      const { engines } = await gqlOk(other.url, ENGINES);
      expect(engines.image).toMatchObject({ name: 'comfyui', label: 'ComfyUI · dreamshaper_8', model: 'dreamshaper_8.safetensors' });
      const user = (await signUp(other.url, 'Ckpt', 'ckpt')).token;
      await gqlOk(other.url, 'mutation { startTrial { plan } }', {}, user);
      const { last } = await generateImage(other.url, user, { description: 'a cat' });
      expect(last.phase).toBe('FAILED');
      expect(last.message).toBe(
        'ComfyUI has no checkpoint named dreamshaper_8.safetensors — set COMFYUI_CHECKPOINT to one it lists (it has sd_xl_base_1.0.safetensors, v1-5-pruned-emaonly.safetensors)',
      );
    } finally {
      await other.close();
    }
  });
});

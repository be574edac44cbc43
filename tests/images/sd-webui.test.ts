// AUTOMATIC1111 / Forge (SD_WEBUI_URL) through the whole product against a local server speaking
// its API (tests/helpers/sd-webui-mock.ts): txt2img with the request's options, /progress polled
// for the percent and the picture as it forms, the pictures stored by us (the grid left out),
// cancel as /interrupt, out of GPU memory as a sentence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSdWebUiMock, type SdWebUiMock } from '../helpers/sd-webui-mock.js';
import { picturePng } from '../helpers/engine-pictures.js';
import { ENGINES, followImageJob, generateImage, GENERATE_IMAGE, storedFiles } from '../helpers/image-jobs.js';
import { gqlOk, signUp, startStack, waitFor } from '../helpers/server.js';

let sd: SdWebUiMock;
let stack: Awaited<ReturnType<typeof startStack>>;
let token: string;

beforeAll(async () => {
  sd = await startSdWebUiMock({ steps: 20, stepDelayMs: 150 });
  stack = await startStack({ SD_WEBUI_URL: sd.url, MAX_CONCURRENT_JOBS: '10', TOOL_RATE_PER_MINUTE: '200' });
  token = (await signUp(stack.url, 'Auto', 'a1111')).token;
  await gqlOk(stack.url, 'mutation { startTrial { plan } }', {}, token);
});
afterAll(async () => {
  await stack?.close();
  await sd?.close();
});

const creationRow = (id: string) => stack.server.app.services.db.creation.findUniqueOrThrow({ where: { id } });
const fileBytes = async (content: string) => Buffer.from(await (await fetch(new URL(content, stack.url))).arrayBuffer());

describe('AUTOMATIC1111 engine', () => {
  it('is what the Engines query reports: its loaded checkpoint, every advanced option', async () => {
    const { engines } = await gqlOk(stack.url, ENGINES);
    expect(engines.image).toEqual({
      name: 'sd-webui',
      label: 'AUTOMATIC1111 · sd_xl_base_1.0',
      model: 'sd_xl_base_1.0.safetensors [31e35c80fc]',
      placeholder: false,
      options: ['ASPECT_RATIO', 'SEED', 'NEGATIVE_PROMPT', 'COUNT'],
    });
  });

  it('txt2img with the options; progress polled into a rising percent and previews; the picture stored', async () => {
    const { events, last } = await generateImage(stack.url, token, { description: 'a tall lighthouse', style: 'ANIME', aspectRatio: 'TALL', seed: 777, negativePrompt: 'boats' });
    expect(last.phase, last.message ?? '').toBe('COMPLETED');
    expect(sd.txt2img.at(-1)).toEqual({
      prompt: 'a tall lighthouse, anime style, cel shading, vibrant colors, clean line art',
      negative_prompt: 'boats',
      seed: 777,
      width: 768,
      height: 1344,
      batch_size: 1,
      n_iter: 1,
      steps: 25,
      cfg_scale: 7,
      sampler_name: 'Euler a',
    });
    expect(sd.requests.some((r) => r.path === '/sdapi/v1/progress?skip_current_image=false')).toBe(true);
    const percents = events.map((e) => e.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(new Set(events.filter((e) => e.phase === 'PROCESSING').map((e) => e.percent)).size).toBeGreaterThanOrEqual(3);
    const previews = events.filter((e) => e.preview);
    console.log(`AUTOMATIC1111 job: ${events.length} events, ${previews.length} previews of ${sd.imagesShown} shown`);
    expect(previews.length).toBeGreaterThanOrEqual(3);
    expect(previews.every((p) => p.preview!.startsWith('data:image/jpeg;base64,'))).toBe(true);
    expect(events.some((e) => /^Painting: step \d+ of 20$/.test(e.message ?? ''))).toBe(true);
    expect(last.creation).toMatchObject({ provider: 'sd-webui', placeholder: false, madeBy: 'AUTOMATIC1111 · sd_xl_base_1.0' });
    expect((await fileBytes(last.creation!.content)).equals(await picturePng(768, 1344, 777, 0))).toBe(true);
    expect((await creationRow(last.creation!.id)).metadata).toMatchObject({
      provider: 'sd-webui',
      engine: 'AUTOMATIC1111 · sd_xl_base_1.0',
      placeholder: false,
      aspectRatio: 'TALL',
      seed: 777,
      negativePrompt: 'boats',
      count: 1,
      width: 768,
      height: 1344,
    });
  });

  it('count 2 with a random seed: two creations with the seeds it used, the grid left out', async () => {
    const { last } = await generateImage(stack.url, token, { description: 'two foxes', count: 2 });
    expect(last.phase, last.message ?? '').toBe('COMPLETED');
    // No seed asked for: the worker picks one in the GraphQL seed's range (A1111's own, for -1, may exceed it), so it can be typed back in.
    const sent = sd.txt2img.at(-1) as { seed: number; batch_size: number };
    expect(sent.batch_size).toBe(2);
    expect(Number.isInteger(sent.seed) && sent.seed >= 0 && sent.seed <= 2_147_483_647).toBe(true);
    const rows = await Promise.all([last.creation!.id, ...last.creation!.batch.map((b) => b.id)].map(creationRow));
    const seeds = rows.map((r) => (r.metadata as { seed: number }).seed);
    expect(seeds[0]).toBe(sent.seed);
    expect(seeds[1]).toBe(seeds[0]! + 1);
    // Private: the owner's signed URLs, as GraphQL gave them.
    const urls = [last.creation!.content, ...last.creation!.batch.map((b) => b.content)];
    for (const [i, url] of urls.entries()) expect((await fileBytes(url)).equals(await picturePng(1024, 1024, seeds[0]!, i))).toBe(true);
  });

  it('cancel: /sdapi/v1/interrupt, CANCELLED, nothing kept', async () => {
    const before = storedFiles(stack.config.dataDir);
    const { generateImage: job } = await gqlOk(stack.url, GENERATE_IMAGE, { input: { description: 'a long night' } }, token);
    const follow = followImageJob(stack.url, token, job.id);
    await waitFor(() => follow.events().some((e) => e.phase === 'PROCESSING' && e.percent > 25), 20_000, 'sampling');
    const interrupts = sd.interrupts;
    await gqlOk(stack.url, 'mutation($id: ID!) { cancelJob(id: $id) { phase } }', { id: job.id }, token);
    expect((await follow.done).at(-1)!.phase).toBe('CANCELLED');
    await waitFor(() => sd.interrupts > interrupts, 5000, '/interrupt');
    expect(await stack.server.app.services.db.creation.count({ where: { jobId: job.id } })).toBe(0);
    // txt2img answers the interrupt with its pictures: none of them is kept.
    await new Promise((r) => setTimeout(r, 500));
    expect(storedFiles(stack.config.dataDir)).toEqual(before);
  });

  it('out of GPU memory (500 OutOfMemoryError): FAILED with what to try', async () => {
    sd.failNext = 'oom';
    const { last } = await generateImage(stack.url, token, { description: 'a giant poster', count: 4 });
    expect(last.phase).toBe('FAILED');
    expect(last.message).toBe('The image engine ran out of GPU memory: try a smaller size or fewer images');
  });
});

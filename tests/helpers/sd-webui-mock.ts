// A local server speaking AUTOMATIC1111's web UI API (modules/api/api.py, as Forge keeps it):
// GET /sdapi/v1/options, /sdapi/v1/sd-models, /sdapi/v1/progress?skip_current_image=…;
// POST /sdapi/v1/txt2img (answers when done: {images: base64 PNGs, parameters, info: a JSON
// string with seed and all_seeds}; a grid first when several pictures, as its return_grid
// option does), /sdapi/v1/interrupt (txt2img then answers early with what it has, status 200).
// Failures as its exception handler sends them: 500 {error, detail, body, errors}.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { formingPicture, picturePng } from './engine-pictures.js';
import { readJsonBody } from './json-body.js';

export interface SdWebUiMockOptions {
  port?: number;
  /** sd_model_checkpoint as /options says it ("<file> [<short hash>]"). */
  checkpoint?: string;
  steps?: number;
  stepDelayMs?: number;
}

export interface SdWebUiMock {
  url: string;
  port: number;
  requests: { method: string; path: string; body: any }[];
  /** txt2img bodies received. */
  txt2img: any[];
  interrupts: number;
  /** Polls of /progress that carried a current_image. */
  imagesShown: number;
  /** The next txt2img fails: out of GPU memory. */
  failNext: 'oom' | null;
  close(): Promise<void>;
}

interface Run {
  step: number;
  steps: number;
  count: number;
  width: number;
  height: number;
  seed: number;
  interrupted: boolean;
  started: number;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

class SdWebUi {
  run: Run | null = null;
  constructor(
    readonly mock: SdWebUiMock,
    readonly checkpoint: string,
    readonly steps: number,
    readonly stepDelayMs: number,
  ) {}

  async route(req: IncomingMessage, res: ServerResponse, body: any): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    switch (`${req.method} ${path}`) {
      case 'GET /sdapi/v1/options':
        return json(res, 200, {
          sd_model_checkpoint: this.checkpoint,
          sd_checkpoint_hash: '31e35c80fc4829d14f90153f4c74cd59c90b779f6afe05a74cd6120b893f7e5b',
          samples_format: 'png',
          return_grid: true,
        });
      case 'GET /sdapi/v1/sd-models': {
        const title = this.checkpoint;
        const file = title.replace(/\s*\[.*\]$/, '');
        return json(res, 200, [
          { title, model_name: file.replace(/\.\w+$/, ''), hash: '31e35c80fc', sha256: '31e35c80fc48', filename: `/models/Stable-diffusion/${file}`, config: null },
        ]);
      }
      case 'GET /sdapi/v1/progress':
        return json(res, 200, await this.progress());
      case 'POST /sdapi/v1/interrupt':
        this.mock.interrupts += 1;
        if (this.run) this.run.interrupted = true;
        return json(res, 200, null);
      case 'POST /sdapi/v1/txt2img':
        return this.txt2img(res, body);
      default:
        return json(res, 404, { detail: 'Not Found' });
    }
  }

  private async progress() {
    const r = this.run;
    if (!r) {
      return {
        progress: 0,
        eta_relative: 0,
        state: { skipped: false, interrupted: false, job: '', job_count: 0, job_timestamp: '0', job_no: 0, sampling_step: 0, sampling_steps: 0 },
        current_image: null,
        textinfo: null,
      };
    }
    const fraction = r.step / r.steps;
    const elapsed = (Date.now() - r.started) / 1000;
    const image = r.step > 0 ? (await formingPicture(r.width, r.height, r.seed, r.step, r.steps, 'png', 0.5)).toString('base64') : null;
    if (image) this.mock.imagesShown += 1;
    return {
      progress: fraction,
      eta_relative: fraction > 0 ? (elapsed / fraction) * (1 - fraction) : 0,
      state: {
        skipped: false,
        interrupted: r.interrupted,
        job: 'txt2img',
        job_count: 1,
        job_timestamp: '20250101000000',
        job_no: 0,
        sampling_step: r.step,
        sampling_steps: r.steps,
      },
      current_image: image,
      textinfo: null,
    };
  }

  private async txt2img(res: ServerResponse, body: any): Promise<void> {
    this.mock.txt2img.push(body);
    if (this.mock.failNext === 'oom') {
      this.mock.failNext = null;
      await sleep(this.stepDelayMs * 2);
      return json(res, 500, {
        error: 'OutOfMemoryError',
        detail: '',
        body: '',
        errors: 'CUDA out of memory. Tried to allocate 4.50 GiB. GPU 0 has a total capacity of 7.78 GiB of which 1.21 GiB is free.',
      });
    }
    if (typeof body?.prompt !== 'string')
      return json(res, 422, { detail: [{ type: 'string_type', loc: ['body', 'prompt'], msg: 'Input should be a valid string', input: body?.prompt }] });
    const seed = body.seed === -1 || body.seed === undefined ? Math.floor(Math.random() * 4294967294) : Number(body.seed);
    const count = Number(body.batch_size ?? 1);
    const run: Run = { step: 0, steps: this.steps, count, width: Number(body.width ?? 512), height: Number(body.height ?? 512), seed, interrupted: false, started: Date.now() };
    this.run = run;
    try {
      while (run.step < run.steps && !run.interrupted) {
        await sleep(this.stepDelayMs);
        run.step += 1;
      }
      // Interrupted: it still answers 200, with what the sampler had.
      const seeds = Array.from({ length: count }, (_, i) => seed + i);
      const pictures = await Promise.all(seeds.map((_, i) => picturePng(run.width, run.height, seed, i)));
      const grid = count > 1 ? [await gridOf(pictures, run.width, run.height)] : [];
      const info = {
        prompt: body.prompt,
        all_prompts: seeds.map(() => body.prompt),
        negative_prompt: body.negative_prompt ?? '',
        seed,
        all_seeds: seeds,
        subseed: 1234,
        all_subseeds: seeds.map(() => 1234),
        width: run.width,
        height: run.height,
        sampler_name: body.sampler_name ?? 'Euler a',
        cfg_scale: body.cfg_scale ?? 7,
        steps: body.steps ?? 20,
        batch_size: count,
        sd_model_name: this.checkpoint.replace(/\.\w+\s*\[.*\]$/, ''),
        index_of_first_image: grid.length,
        infotexts: [],
      };
      return json(res, 200, { images: [...grid, ...pictures].map((p) => p.toString('base64')), parameters: body, info: JSON.stringify(info) });
    } finally {
      this.run = null;
    }
  }
}

/** The web UI's grid of a batch: the pictures side by side. */
async function gridOf(pictures: Buffer[], width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width: width * pictures.length, height, channels: 3, background: '#000' } })
    .composite(pictures.map((input, i) => ({ input, left: i * width, top: 0 })))
    .png()
    .toBuffer();
}

export async function startSdWebUiMock(options: SdWebUiMockOptions = {}): Promise<SdWebUiMock> {
  const mock = { requests: [], txt2img: [], interrupts: 0, imagesShown: 0, failNext: null } as unknown as SdWebUiMock;
  const ui = new SdWebUi(mock, options.checkpoint ?? 'sd_xl_base_1.0.safetensors [31e35c80fc]', options.steps ?? 20, options.stepDelayMs ?? 60);
  const server: Server = createServer(async (req, res) => {
    const body = await readJsonBody(req);
    if (body === undefined) return json(res, 422, { detail: 'invalid json' });
    mock.requests.push({ method: req.method ?? 'GET', path: req.url ?? '/', body });
    await ui.route(req, res, body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return Object.assign(mock, {
    url: `http://127.0.0.1:${port}`,
    port,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  });
}

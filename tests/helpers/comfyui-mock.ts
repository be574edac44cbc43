// A local server speaking ComfyUI's API (server.py): GET /system_stats, /object_info/<class>,
// /history/<prompt_id>, /view, /queue; POST /prompt (validated like ComfyUI: a checkpoint it does
// not have is a 400 with node_errors value_not_in_list), /interrupt, /queue {delete}; and the
// WebSocket /ws?clientId=… with its JSON messages (status, execution_start, execution_cached,
// executing, progress, executed, execution_success, execution_error, execution_interrupted) and
// binary preview frames (4-byte big-endian event type 1 = PREVIEW_IMAGE, 4-byte format 1 = JPEG /
// 2 = PNG, then the image). Prompts run one at a time, in queue order; the pictures are real
// (tests/helpers/engine-pictures.ts), and each step's preview is sharper than the last.
// Reusable by the browser tests: startComfyUIMock({ port, steps, stepDelayMs, … }).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { WebSocketServer, type WebSocket } from 'ws';
import { formingPicture, picturePng } from './engine-pictures.js';
import { readJsonBody } from './json-body.js';

/**
 * How the next prompt goes wrong: out of GPU memory while sampling, a crash in the VAE decode, or
 * its client's WebSocket dropped at step 2 (the prompt still finishes: only /history tells).
 */
export type ComfyUIFailure = 'oom' | 'error' | 'drop-socket';

export interface ComfyUIMockOptions {
  /** 0 (default): any free port; 8188 to stand where ComfyUI does. */
  port?: number;
  checkpoints?: string[];
  /** Sampling steps it reports (its own, whatever the workflow asks: keeps tests short). Default 12. */
  steps?: number;
  stepDelayMs?: number;
  previewsPerStep?: number;
  previewFormat?: 'jpeg' | 'png';
}

type Workflow = Record<string, { class_type: string; inputs: Record<string, unknown> }>;

interface QueuedPrompt {
  id: string;
  number: number;
  clientId: string;
  prompt: Workflow;
}

type HistoryEntry = {
  prompt: [number, string, Workflow, { client_id: string }, string[]];
  outputs: Record<string, { images: { filename: string; subfolder: string; type: string }[] }>;
  status: { status_str: 'success' | 'error'; completed: boolean; messages: [string, Record<string, unknown>][] };
  meta: Record<string, unknown>;
};

export interface ComfyUIMock {
  url: string;
  port: number;
  /** Every HTTP request: method, path with its query, JSON body. */
  requests: { method: string; path: string; body: any }[];
  /** What POST /prompt accepted. */
  prompts: QueuedPrompt[];
  /** Prompt ids POST /queue {delete} named. */
  deleted: string[];
  /** POST /interrupt bodies. */
  interrupts: any[];
  /** Binary preview frames sent. */
  previewsSent: number;
  /** The next prompt fails this way (then it is cleared). */
  failNext: ComfyUIFailure | null;
  /** Sockets currently open (by clientId). */
  sockets(): string[];
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const nodesOf = (w: Workflow, type: string) => Object.entries(w).filter(([, n]) => n.class_type === type);

class ComfyUIServer {
  readonly clients = new Map<string, Set<WebSocket>>();
  readonly pending: QueuedPrompt[] = [];
  readonly history = new Map<string, HistoryEntry>();
  readonly files = new Map<string, Buffer>();
  running: QueuedPrompt | null = null;
  interrupted = false;
  counter = 0;
  fileCounter = 0;
  readonly checkpoints: string[];
  readonly steps: number;
  readonly stepDelayMs: number;
  readonly previewsPerStep: number;
  readonly previewFormat: 'jpeg' | 'png';

  constructor(
    readonly mock: ComfyUIMock,
    options: ComfyUIMockOptions,
  ) {
    this.checkpoints = options.checkpoints ?? ['sd_xl_base_1.0.safetensors', 'v1-5-pruned-emaonly.safetensors'];
    this.steps = options.steps ?? 12;
    this.stepDelayMs = options.stepDelayMs ?? 60;
    this.previewsPerStep = options.previewsPerStep ?? 1;
    this.previewFormat = options.previewFormat ?? 'jpeg';
  }

  send(clientId: string | null, type: string, data: Record<string, unknown>): void {
    const targets = clientId ? [...(this.clients.get(clientId) ?? [])] : [...this.clients.values()].flatMap((s) => [...s]);
    for (const ws of targets) ws.send(JSON.stringify({ type, data }));
  }

  queueRemaining(): number {
    return this.pending.length + (this.running ? 1 : 0);
  }

  sendPreview(clientId: string, image: Buffer): void {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(1, 0); // PREVIEW_IMAGE
    header.writeUInt32BE(this.previewFormat === 'jpeg' ? 1 : 2, 4);
    for (const ws of this.clients.get(clientId) ?? []) ws.send(Buffer.concat([header, image]), { binary: true });
    this.mock.previewsSent += 1;
  }

  /** Runs one prompt the way ComfyUI's executor reports it. */
  async execute(p: QueuedPrompt): Promise<void> {
    const run = new PromptRun(this, p, this.mock.failNext);
    this.mock.failNext = null;
    await run.go();
  }

  async drain(): Promise<void> {
    if (this.running) return;
    while ((this.running = this.pending.shift() ?? null)) {
      this.send(null, 'status', { status: { exec_info: { queue_remaining: this.queueRemaining() } } });
      this.interrupted = false;
      await this.execute(this.running).catch(() => undefined);
      this.running = null;
    }
    this.send(null, 'status', { status: { exec_info: { queue_remaining: 0 } } });
  }

  /** ComfyUI's validation of what matters here: the nodes it needs, and a checkpoint it has. */
  validate(w: Workflow): { error: Record<string, unknown>; node_errors: Record<string, unknown> } | null {
    const nodeErrors: Record<string, unknown> = {};
    for (const [id, node] of nodesOf(w, 'CheckpointLoaderSimple')) {
      const name = node.inputs.ckpt_name;
      if (typeof name !== 'string' || !this.checkpoints.includes(name)) {
        nodeErrors[id] = {
          errors: [
            {
              type: 'value_not_in_list',
              message: 'Value not in list',
              details: `ckpt_name: '${String(name)}' not in ${JSON.stringify(this.checkpoints)}`,
              extra_info: { input_name: 'ckpt_name', input_config: [this.checkpoints, { tooltip: 'The name of the checkpoint (model) to load.' }], received_value: name },
            },
          ],
          dependent_outputs: nodesOf(w, 'SaveImage').map(([i]) => i),
          class_type: 'CheckpointLoaderSimple',
        };
      }
    }
    if (!nodesOf(w, 'KSampler').length || !nodesOf(w, 'EmptyLatentImage').length || !nodesOf(w, 'SaveImage').length) {
      return { error: { type: 'prompt_no_outputs', message: 'Prompt has no outputs', details: '', extra_info: {} }, node_errors: {} };
    }
    if (Object.keys(nodeErrors).length) {
      return { error: { type: 'prompt_outputs_failed_validation', message: 'Prompt outputs failed validation', details: '', extra_info: {} }, node_errors: nodeErrors };
    }
    return null;
  }

  async route(req: IncomingMessage, res: ServerResponse, body: any): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://x');
    const key = `${req.method} ${url.pathname.startsWith('/history/') ? '/history/' : url.pathname}`;
    switch (key) {
      case 'GET /system_stats':
        return json(res, 200, SYSTEM_STATS);
      case 'GET /object_info/CheckpointLoaderSimple':
        return json(res, 200, checkpointInfo(this.checkpoints));
      case 'POST /prompt':
        return this.queuePrompt(res, body);
      case 'GET /history/': {
        const id = decodeURIComponent(url.pathname.slice('/history/'.length));
        const entry = this.history.get(id);
        return json(res, 200, entry ? { [id]: entry } : {});
      }
      case 'GET /view':
        return this.view(res, url.searchParams);
      case 'GET /queue': {
        const row = (p: QueuedPrompt) => [p.number, p.id, p.prompt, { client_id: p.clientId }, []];
        return json(res, 200, { queue_running: this.running ? [row(this.running)] : [], queue_pending: this.pending.map(row) });
      }
      case 'POST /queue':
        for (const id of body?.delete ?? []) {
          const i = this.pending.findIndex((p) => p.id === id);
          if (i >= 0) this.pending.splice(i, 1);
          this.mock.deleted.push(id);
        }
        if (body?.clear) this.pending.splice(0);
        res.writeHead(200);
        return void res.end();
      case 'POST /interrupt':
        this.mock.interrupts.push(body ?? {});
        // Newer ComfyUI: with a prompt_id, only that prompt (if it runs); without, whatever runs.
        if (this.running && (!body?.prompt_id || body.prompt_id === this.running.id)) this.interrupted = true;
        res.writeHead(200);
        return void res.end();
      default:
        return json(res, 404, { error: 'not found' });
    }
  }

  private queuePrompt(res: ServerResponse, body: any): void {
    const w = body?.prompt as Workflow | undefined;
    if (!w || typeof w !== 'object')
      return json(res, 400, { error: { type: 'no_prompt', message: 'No prompt provided', details: 'No prompt provided', extra_info: {} }, node_errors: {} });
    const invalid = this.validate(w);
    if (invalid) return json(res, 400, invalid);
    this.counter += 1;
    const p: QueuedPrompt = { id: randomUUID(), number: this.counter, clientId: String(body.client_id ?? ''), prompt: w };
    this.mock.prompts.push(p);
    this.pending.push(p);
    json(res, 200, { prompt_id: p.id, number: p.number, node_errors: {} });
    // As PromptQueue.put does: every client hears the queue's new length.
    this.send(null, 'status', { status: { exec_info: { queue_remaining: this.queueRemaining() } } });
    void this.drain();
  }

  private view(res: ServerResponse, q: URLSearchParams): void {
    const subfolder = q.get('subfolder') ? `${q.get('subfolder')}/` : '';
    const file = this.files.get(`${q.get('type') ?? 'output'}/${subfolder}${q.get('filename')}`);
    if (!file) return json(res, 404, {});
    res.writeHead(200, { 'content-type': 'image/png', 'content-disposition': `filename="${q.get('filename')}"` });
    res.end(file);
  }

  connect(ws: WebSocket, clientId: string): void {
    if (!this.clients.has(clientId)) this.clients.set(clientId, new Set());
    this.clients.get(clientId)!.add(ws);
    ws.on('close', () => this.clients.get(clientId)?.delete(ws));
    ws.send(JSON.stringify({ type: 'status', data: { status: { exec_info: { queue_remaining: this.queueRemaining() } }, sid: clientId } }));
  }
}

/** One prompt as the executor runs it: its messages to its client, its history entry at the end. */
class PromptRun {
  private readonly messages: [string, Record<string, unknown>][] = [];
  private readonly executed: string[] = [];
  private readonly w: Workflow;

  constructor(
    private readonly server: ComfyUIServer,
    private readonly p: QueuedPrompt,
    private readonly failure: ComfyUIFailure | null,
  ) {
    this.w = p.prompt;
  }

  private tell(type: string, data: Record<string, unknown>): void {
    const d = { ...data, prompt_id: this.p.id, timestamp: Date.now() };
    this.messages.push([type, d]);
    this.server.send(this.p.clientId, type, d);
  }

  private end(statusStr: 'success' | 'error', outputs: HistoryEntry['outputs'] = {}): void {
    const w = this.w;
    this.server.history.set(this.p.id, {
      prompt: [this.p.number, this.p.id, w, { client_id: this.p.clientId }, Object.keys(w).filter((k) => w[k]!.class_type === 'SaveImage')],
      outputs,
      status: { status_str: statusStr, completed: statusStr === 'success', messages: this.messages },
      meta: {},
    });
  }

  async go(): Promise<void> {
    this.tell('execution_start', {});
    this.tell('execution_cached', { nodes: [] });
    for (const [id, node] of Object.entries(this.w).sort(([a], [b]) => order(this.w, a) - order(this.w, b))) {
      this.server.send(this.p.clientId, 'executing', { node: id, display_node: id, prompt_id: this.p.id });
      if (node.class_type === 'KSampler' && !(await this.sample(id))) return;
      if (node.class_type === 'VAEDecode' && this.failure === 'error') {
        this.tell('execution_error', {
          node_id: id,
          node_type: 'VAEDecode',
          executed: this.executed,
          exception_message: 'Expected all tensors to be on the same device',
          exception_type: 'RuntimeError',
          traceback: [],
          current_inputs: {},
          current_outputs: {},
        });
        return this.end('error');
      }
      if (node.class_type === 'SaveImage') return this.save(id, node);
      this.executed.push(id);
    }
  }

  private latent() {
    const latent = nodesOf(this.w, 'EmptyLatentImage')[0]![1].inputs as { width: number; height: number; batch_size: number };
    const seed = Number(nodesOf(this.w, 'KSampler')[0]![1].inputs.seed);
    return { ...latent, seed };
  }

  /** The sampler's steps: progress and previews each, unless interrupted or out of memory. */
  private async sample(id: string): Promise<boolean> {
    const { steps, stepDelayMs, previewsPerStep, previewFormat } = this.server;
    const { width, height, seed } = this.latent();
    for (let step = 1; step <= steps; step++) {
      await sleep(stepDelayMs);
      if (this.server.interrupted) {
        this.server.interrupted = false;
        this.tell('execution_interrupted', { node_id: id, node_type: 'KSampler', executed: this.executed });
        this.end('error');
        return false;
      }
      if (this.failure === 'oom' && step === 3) {
        this.tell('execution_error', {
          node_id: id,
          node_type: 'KSampler',
          executed: this.executed,
          exception_message: 'Allocation on device 0 would exceed allowed memory. (out of memory)\nCurrently allocated     : 7.21 GiB\nRequested               : 2.50 GiB',
          exception_type: 'torch.OutOfMemoryError',
          traceback: ['  File "/ComfyUI/execution.py", line 323, in execute\n', 'torch.OutOfMemoryError: Allocation on device 0 would exceed allowed memory.\n'],
          current_inputs: {},
          current_outputs: {},
        });
        this.end('error');
        return false;
      }
      if (this.failure === 'drop-socket' && step === 2) for (const ws of this.server.clients.get(this.p.clientId) ?? []) ws.terminate();
      this.server.send(this.p.clientId, 'progress', { value: step, max: steps, prompt_id: this.p.id, node: id });
      for (let k = 0; k < previewsPerStep; k++) this.server.sendPreview(this.p.clientId, await formingPicture(width, height, seed, step, steps, previewFormat));
    }
    this.executed.push(id);
    return true;
  }

  private async save(id: string, node: Workflow[string]): Promise<void> {
    const { width, height, batch_size: count, seed } = this.latent();
    const images: { filename: string; subfolder: string; type: string }[] = [];
    for (let i = 0; i < count; i++) {
      this.server.fileCounter += 1;
      const filename = `${String(node.inputs.filename_prefix ?? 'ComfyUI')}_${String(this.server.fileCounter).padStart(5, '0')}_.png`;
      this.server.files.set(`output/${filename}`, await picturePng(width, height, seed, i));
      images.push({ filename, subfolder: '', type: 'output' });
    }
    this.server.send(this.p.clientId, 'executed', { node: id, display_node: id, output: { images }, prompt_id: this.p.id });
    this.executed.push(id);
    this.tell('execution_success', {});
    this.end('success', { [id]: { images } });
    this.server.send(this.p.clientId, 'executing', { node: null, prompt_id: this.p.id });
  }
}

const SYSTEM_STATS = {
  system: {
    os: 'posix',
    ram_total: 34359738368,
    ram_free: 20000000000,
    comfyui_version: '0.3.40',
    python_version: '3.12.3',
    pytorch_version: '2.7.0+cu126',
    embedded_python: false,
    argv: ['main.py'],
  },
  devices: [
    { name: 'cuda:0 NVIDIA GeForce RTX 4070 : cudaMallocAsync', type: 'cuda', index: 0, vram_total: 12878086144, vram_free: 11000000000, torch_vram_total: 0, torch_vram_free: 0 },
  ],
};

const checkpointInfo = (checkpoints: string[]) => ({
  CheckpointLoaderSimple: {
    input: { required: { ckpt_name: [checkpoints, { tooltip: 'The name of the checkpoint (model) to load.' }] } },
    input_order: { required: ['ckpt_name'] },
    output: ['MODEL', 'CLIP', 'VAE'],
    output_is_list: [false, false, false],
    output_name: ['MODEL', 'CLIP', 'VAE'],
    name: 'CheckpointLoaderSimple',
    display_name: 'Load Checkpoint',
    description: 'Loads a diffusion model checkpoint, diffusion models are used to denoise latents.',
    python_module: 'nodes',
    category: 'loaders',
    output_node: false,
  },
});

export async function startComfyUIMock(options: ComfyUIMockOptions = {}): Promise<ComfyUIMock> {
  const mock = { requests: [], prompts: [], deleted: [], interrupts: [], previewsSent: 0, failNext: null } as unknown as ComfyUIMock;
  const comfy = new ComfyUIServer(mock, options);
  const server: Server = createServer(async (req, res) => {
    const body = await readJsonBody(req);
    if (body === undefined) return json(res, 400, { error: 'invalid json' });
    mock.requests.push({ method: req.method ?? 'GET', path: req.url ?? '/', body });
    await comfy.route(req, res, body);
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/ws') return void socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => comfy.connect(ws, url.searchParams.get('clientId') ?? randomUUID().replace(/-/g, '')));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return Object.assign(mock, {
    url: `http://127.0.0.1:${port}`,
    port,
    sockets: () => [...comfy.clients.entries()].filter(([, s]) => s.size > 0).map(([id]) => id),
    close: async () => {
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  });
}

/** ComfyUI runs a node after the nodes it takes inputs from: a topological rank. */
function order(w: Workflow, id: string, seen = new Set<string>()): number {
  if (seen.has(id)) return 0;
  seen.add(id);
  const inputs = Object.values(w[id]?.inputs ?? {}).filter((v): v is [string, number] => Array.isArray(v) && typeof v[0] === 'string');
  return inputs.length ? 1 + Math.max(...inputs.map(([from]) => order(w, from, new Set(seen)))) : 0;
}

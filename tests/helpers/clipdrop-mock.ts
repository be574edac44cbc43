// A local HTTP server speaking ClipDrop's API (https://clipdrop.co/apis/docs): multipart POSTs
// authenticated by `x-api-key`, answered with image bytes and the x-remaining-credits /
// x-credits-consumed headers, errors as JSON `{ "error": "…" }` with ClipDrop's statuses.
// It checks what ClipDrop checks: the key, the field names, that a cleanup mask is a PNG of the
// image's size; its images are real ones made with sharp.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface ClipDropFile {
  bytes: Buffer;
  filename: string;
  type: string;
}

export interface ClipDropRequest {
  path: string;
  apiKey: string | undefined;
  fields: Record<string, string>;
  files: Record<string, ClipDropFile>;
  /** The status answered. */
  status: number;
}

export interface ClipDropMock {
  baseUrl: string;
  requests: ClipDropRequest[];
  /** Answered (in order) instead of the next requests, e.g. `{ status: 429, error: 'Too many requests' }`. */
  failures: { status: number; error: string }[];
  /** The last image each endpoint sent back, to compare with what we stored. */
  sent: Record<string, Buffer>;
  credits: number;
  close(): Promise<void>;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const need = (v: string | undefined, name: string): string => {
  if (v === undefined || v === '') throw new Refusal(400, `Missing required field: ${name}`);
  return v;
};
const needFile = (f: ClipDropFile | undefined, name: string): ClipDropFile => {
  if (!f?.bytes.length) throw new Refusal(400, `Missing required file: ${name}`);
  return f;
};
async function sizeOf(file: ClipDropFile, what: string): Promise<{ width: number; height: number; format?: string }> {
  try {
    const m = await sharp(file.bytes).metadata();
    return { width: m.width!, height: m.height!, format: m.format };
  } catch {
    throw new Refusal(400, `${what} is not a valid image`);
  }
}

export async function startClipDropMock(apiKey = 'clipdrop-test-key'): Promise<ClipDropMock> {
  const mock = { requests: [], failures: [], sent: {}, credits: 100 } as unknown as ClipDropMock;

  const endpoints: Record<string, (r: ClipDropRequest) => Promise<{ bytes: Buffer; type: string }>> = {
    '/text-to-image/v1': async (r) => {
      const prompt = need(r.fields.prompt, 'prompt');
      if (prompt.length > 1000) throw new Refusal(400, 'prompt is too long (max 1000 characters)');
      const bytes = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#2a7f62' } })
        .png()
        .toBuffer();
      return { bytes, type: 'image/png' };
    },
    '/remove-background/v1': async (r) => {
      const image = needFile(r.files.image_file, 'image_file');
      await sizeOf(image, 'image_file');
      // A real RGBA PNG of the image's size (half-transparent: enough to tell it from the input).
      const bytes = await sharp(image.bytes).ensureAlpha(0.5).png().toBuffer();
      return { bytes, type: 'image/png' };
    },
    '/cleanup/v1': async (r) => {
      const image = needFile(r.files.image_file, 'image_file');
      const mask = needFile(r.files.mask_file, 'mask_file');
      const a = await sizeOf(image, 'image_file');
      const m = await sizeOf(mask, 'mask_file');
      if (m.format !== 'png') throw new Refusal(400, 'mask_file must be a PNG');
      if (a.width !== m.width || a.height !== m.height) throw new Refusal(400, `mask_file size ${m.width}x${m.height} does not match image_file size ${a.width}x${a.height}`);
      const bytes = await sharp(image.bytes).jpeg().toBuffer();
      return { bytes, type: 'image/jpeg' };
    },
    '/image-upscaling/v1/upscale': async (r) => {
      const image = needFile(r.files.image_file, 'image_file');
      await sizeOf(image, 'image_file');
      const w = Number(need(r.fields.target_width, 'target_width'));
      const h = Number(need(r.fields.target_height, 'target_height'));
      if (!(w >= 1 && w <= 4096 && h >= 1 && h <= 4096)) throw new Refusal(400, 'target_width and target_height must be between 1 and 4096');
      const bytes = await sharp(image.bytes).resize(w, h, { fit: 'fill' }).jpeg().toBuffer();
      return { bytes, type: 'image/jpeg' };
    },
  };

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const path = req.url ?? '';
    const record: ClipDropRequest = { path, apiKey: req.headers['x-api-key'] as string | undefined, fields: {}, files: {}, status: 0 };
    mock.requests.push(record);
    const answer = (status: number, error: string) => {
      record.status = status;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error }));
    };
    try {
      const endpoint = endpoints[path];
      if (req.method !== 'POST' || !endpoint) return answer(404, 'Not found');
      if (record.apiKey !== apiKey) return answer(401, 'Invalid API key');
      const form = await new Response(Buffer.concat(chunks), { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData().catch(() => {
        throw new Refusal(400, 'Request body must be multipart/form-data');
      });
      for (const [name, v] of form.entries()) {
        if (typeof v === 'string') record.fields[name] = v;
        else record.files[name] = { bytes: Buffer.from(await v.arrayBuffer()), filename: v.name, type: v.type };
      }
      const failure = mock.failures.shift();
      if (failure) return answer(failure.status, failure.error);
      if (mock.credits <= 0) return answer(402, 'Your account has no remaining credits');
      const out = await endpoint(record);
      mock.credits -= 1;
      mock.sent[path] = out.bytes;
      record.status = 200;
      res.writeHead(200, { 'content-type': out.type, 'x-remaining-credits': String(mock.credits), 'x-credits-consumed': '1' });
      res.end(out.bytes);
    } catch (e) {
      if (e instanceof Refusal) return answer(e.status, e.message);
      answer(500, 'Internal server error');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return Object.assign(mock, {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  });
}

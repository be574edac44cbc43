// A local HTTPS server speaking Cloudinary's upload API (multipart POST
// /v1_1/<cloud>/image/upload and /destroy → JSON, SHA-1 signatures checked) and its delivery
// URLs (GET /<cloud>/image/upload/<transformations>/v<version>/<public_id>.<ext>, answering 423
// while a derivation "runs", as Cloudinary documents for AI effects), so the real SDK and our
// adapters both run. Generative remove is read as Cloudinary's URL builder writes it: `prompt_<text>`
// or rectangles in pixels, `region_(x_;y_;w_;h_)` or `region_((x_;y_;w_;h_);(…))`; a region
// that is malformed or leaves the image is refused (400), and each region is painted flat grey,
// so a test sees where the removal was asked for. Point the SDK at it with upload_prefix (API) and secure_distribution
// (delivery) in CLOUDINARY_URL. The SDK only speaks https, so the server gets a throwaway
// self-signed certificate, which this test process (and only it) is told to trust.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { globalAgent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-cert-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
}

export interface CloudinaryMock {
  /** For CLOUDINARY_URL's upload_prefix: where the SDK sends API calls. */
  uploadPrefix: string;
  /** For CLOUDINARY_URL's secure_distribution: the host the SDK's delivery URLs name. */
  deliveryHost: string;
  /** `?upload_prefix=…&secure_distribution=…` for a CLOUDINARY_URL. */
  query: string;
  uploads: { path: string; fields: Record<string, string>; fileBytes: number; at: number }[];
  destroys: { path: string; fields: Record<string, string> }[];
  /** Every delivery request: its path (as sent) and the status answered. */
  derived: { path: string; status: number; at: number }[];
  /** Every generative remove derived (status 200): its prompt (decoded) or its rectangles. */
  removals: { prompt?: string; regions?: Region[] }[];
  /** Delivery answers 423 this many times per URL before the image (a derivation still running). */
  pendingAnswers: number;
  /** Uploads are read but never answered (a hung connection). */
  hangUploads: boolean;
  /** Public ids still in the account (uploaded, not destroyed). */
  stored(): string[];
  close(): Promise<void>;
}

export interface Region {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A gen_remove value (after `e_gen_remove:`): its prompt or its rectangles; null when Cloudinary would refuse it. */
export function parseGenRemove(value: string): { prompt?: string; regions?: Region[] } | null {
  const prompt = /^prompt_([^;()]+)$/.exec(value);
  if (prompt) return { prompt: decodeURIComponent(prompt[1]!) };
  const rect = String.raw`\(x_(\d+);y_(\d+);w_(\d+);h_(\d+)\)`;
  const toRegion = (m: RegExpExecArray): Region => ({ x: Number(m[1]), y: Number(m[2]), w: Number(m[3]), h: Number(m[4]) });
  const one = new RegExp(`^region_${rect}$`).exec(value);
  if (one) return { regions: [toRegion(one)] };
  const many = new RegExp(`^region_\\(((?:${rect};)*${rect})\\)$`).exec(value);
  if (!many) return null;
  return { regions: [...many[1]!.matchAll(new RegExp(rect, 'g'))].map(toRegion) };
}

/** Splits a multipart body into its text fields and its file part. */
function parseMultipart(body: Buffer, boundary: string) {
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  for (const part of body.toString('latin1').split(`--${boundary}`)) {
    const m = /Content-Disposition: form-data; name="([^"]+)"(; filename="[^"]*")?\r\n(?:[^\r\n]+\r\n)*\r\n([\s\S]*)\r\n$/i.exec(part);
    if (!m) continue;
    if (m[2]) file = Buffer.from(m[3]!, 'latin1');
    else fields[m[1]!] = Buffer.from(m[3]!, 'latin1').toString('utf8');
  }
  return { fields, file };
}

/** Cloudinary's request signature: SHA-1 of the sorted `k=v` pairs (bar file, api_key, resource_type, cloud_name) joined by & plus the secret. */
function signatureOk(fields: Record<string, string>, secret: string): boolean {
  const signed = Object.entries(fields)
    .filter(([k, v]) => !['signature', 'api_key', 'file', 'resource_type', 'cloud_name'].includes(k) && v !== '')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`.replace(/&/g, '%26'))
    .join('&');
  return (
    createHash('sha1')
      .update(signed + secret)
      .digest('hex') === fields.signature
  );
}

class Refused extends Error {}

/** What a derivation makes of the upload, enough to tell the effects apart (throws Refused for a bad gen_remove). */
async function derive(original: Buffer, transformations: string[], removals: CloudinaryMock['removals']): Promise<Buffer> {
  let img = sharp(original);
  for (const t of transformations) {
    if (t.startsWith('e_gen_remove:')) {
      const removal = parseGenRemove(t.slice('e_gen_remove:'.length));
      if (!removal) throw new Refused(`Invalid gen_remove value - ${t}`);
      const png = await img.png().toBuffer();
      const { width = 0, height = 0 } = await sharp(png).metadata();
      const regions = removal.regions ?? [];
      const outside = regions.find((r) => r.w === 0 || r.h === 0 || r.x + r.w > width || r.y + r.h > height);
      if (outside) throw new Refused(`Region (x_${outside.x};y_${outside.y};w_${outside.w};h_${outside.h}) is outside the ${width}x${height} image`);
      removals.push(removal);
      const grey = (r: Region) => ({ input: { create: { width: r.w, height: r.h, channels: 3 as const, background: '#808080' } }, left: r.x, top: r.y });
      img = sharp(regions.length ? await sharp(png).composite(regions.map(grey)).png().toBuffer() : png);
    } else if (t === 'e_background_removal') img = sharp(await img.ensureAlpha().png().toBuffer());
    else if (t === 'e_upscale') {
      const m = await sharp(await img.png().toBuffer()).metadata();
      img = sharp(
        await img
          .resize(m.width! * 4, m.height! * 4)
          .png()
          .toBuffer(),
      );
    } else if (/^c_scale,w_\d+$/.test(t))
      img = sharp(
        await img
          .resize(Number(/w_(\d+)/.exec(t)![1]))
          .png()
          .toBuffer(),
      );
  }
  return img.png().toBuffer();
}

export async function startCloudinaryMock(secret = 'test-secret'): Promise<CloudinaryMock> {
  const assets = new Map<string, Buffer>();
  const served = new Map<string, number>();
  let n = 0;
  const tls = selfSignedCertificate();
  const trusted = globalAgent.options.ca;
  globalAgent.options.ca = [...(Array.isArray(trusted) ? trusted : trusted ? [trusted] : []), tls.cert];
  const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const mock: Omit<CloudinaryMock, 'uploadPrefix' | 'deliveryHost' | 'query' | 'close'> = {
    uploads: [],
    destroys: [],
    derived: [],
    removals: [],
    pendingAnswers: 0,
    hangUploads: false,
    stored: () => [...assets.keys()],
  };
  const server: Server = createServer(tls, async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const path = req.url ?? '';
    if (req.method === 'GET') {
      // Delivery: /<cloud>/image/upload/<t1>/<t2>/v<version>/<public_id>.<ext>
      const m = /^\/([^/]+)\/image\/upload\/(.*?)\/?v\d+\/([^?.]+)(\.\w+)?(\?.*)?$/.exec(path);
      const refuse = (status: number, error: string) => {
        mock.derived.push({ path, status, at: Date.now() });
        res.writeHead(status, { 'x-cld-error': error });
        res.end();
      };
      const asset = m ? assets.get(decodeURIComponent(m[3]!)) : undefined;
      // Each transformation is `<letters>_<value>` parameters joined by commas; anything else is refused as Cloudinary does.
      const bad = m?.[2]
        ?.split('/')
        .flatMap((t) => t.split(','))
        .find((p) => !/^[a-z]{1,3}_[^,/]+$/.test(p));
      if (bad !== undefined) return refuse(400, `Invalid transformation component - ${bad}`);
      if (!m || !asset) return refuse(404, 'Resource not found');
      const times = (served.get(path) ?? 0) + 1;
      served.set(path, times);
      if (times <= mock.pendingAnswers) return refuse(423, 'Derived resource is being generated');
      let bytes: Buffer;
      try {
        bytes = await derive(asset, m[2] ? m[2].split('/') : [], mock.removals);
      } catch (e) {
        if (!(e instanceof Refused)) throw e;
        return refuse(400, e.message);
      }
      mock.derived.push({ path, status: 200, at: Date.now() });
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': bytes.length });
      res.end(bytes);
      return;
    }
    const boundary = /boundary=(.+)$/.exec(req.headers['content-type'] ?? '')?.[1] ?? '';
    const { fields, file } = parseMultipart(Buffer.concat(chunks), boundary);
    const cloud = /^\/v1_1\/([^/]+)\//.exec(path)?.[1] ?? 'unknown';
    if (!fields.signature || !fields.api_key || !signatureOk(fields, secret)) {
      json(res, 401, { error: { message: 'Invalid Signature' } });
      return;
    }
    if (path.endsWith('/image/destroy')) {
      mock.destroys.push({ path, fields });
      const existed = assets.delete(fields.public_id ?? '');
      json(res, 200, { result: existed ? 'ok' : 'not found' });
      return;
    }
    mock.uploads.push({ path, fields, fileBytes: file?.length ?? 0, at: Date.now() });
    if (mock.hangUploads) return; // never answered; the socket stays open
    if (!file?.length) {
      json(res, 400, { error: { message: 'Missing required parameter - file' } });
      return;
    }
    n += 1;
    const publicId = `${fields.folder ?? 'x'}/upload${n}`;
    assets.set(publicId, file);
    json(res, 200, { public_id: publicId, version: 1, format: 'png', resource_type: 'image', secure_url: `https://res.cloudinary.com/${cloud}/image/upload/v1/${publicId}.png` });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const uploadPrefix = `https://127.0.0.1:${port}`;
  const deliveryHost = `127.0.0.1:${port}`;
  return Object.assign(mock, {
    uploadPrefix,
    deliveryHost,
    query: `upload_prefix=${encodeURIComponent(uploadPrefix)}&secure_distribution=${encodeURIComponent(deliveryHost)}`,
    close: () =>
      new Promise<void>((r) => {
        globalAgent.options.ca = trusted;
        server.closeAllConnections();
        server.close(() => r());
      }),
  }) as CloudinaryMock;
}

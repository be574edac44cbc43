// A local HTTPS server speaking Cloudinary's upload API (multipart POST
// /v1_1/<cloud>/image/upload → JSON), so the real SDK and our adapters both run. The SDK
// only speaks https, so the server gets a throwaway self-signed certificate, which this
// test process (and only it) is told to trust.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { globalAgent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-cert-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
}

export interface CloudinaryMock {
  uploadPrefix: string;
  uploads: { path: string; fields: Record<string, string>; fileBytes: number }[];
  close(): Promise<void>;
}

/** Splits a multipart body into its text fields and the size of its file part. */
function parseMultipart(body: Buffer, boundary: string) {
  const fields: Record<string, string> = {};
  let fileBytes = 0;
  for (const part of body.toString('latin1').split(`--${boundary}`)) {
    const m = /Content-Disposition: form-data; name="([^"]+)"(; filename="[^"]*")?\r\n(?:[^\r\n]+\r\n)*\r\n([\s\S]*)\r\n$/i.exec(part);
    if (!m) continue;
    if (m[2]) fileBytes = Buffer.byteLength(m[3]!, 'latin1');
    else fields[m[1]!] = m[3]!;
  }
  return { fields, fileBytes };
}

export async function startCloudinaryMock(): Promise<CloudinaryMock> {
  const uploads: CloudinaryMock['uploads'] = [];
  let n = 0;
  const tls = selfSignedCertificate();
  const trusted = globalAgent.options.ca;
  globalAgent.options.ca = [...(Array.isArray(trusted) ? trusted : trusted ? [trusted] : []), tls.cert];
  const server: Server = createServer(tls, async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const boundary = /boundary=(.+)$/.exec(req.headers['content-type'] ?? '')?.[1] ?? '';
    const { fields, fileBytes } = parseMultipart(Buffer.concat(chunks), boundary);
    uploads.push({ path: req.url ?? '', fields, fileBytes });
    const cloud = /^\/v1_1\/([^/]+)\//.exec(req.url ?? '')?.[1] ?? 'unknown';
    if (!fields.signature || !fields.api_key || fileBytes === 0) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'Missing signature, key or file' } }));
      return;
    }
    n += 1;
    const publicId = `${fields.folder ?? 'x'}/upload${n}`;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ public_id: publicId, version: 1, format: 'png', resource_type: 'image', secure_url: `https://res.cloudinary.com/${cloud}/image/upload/v1/${publicId}.png` }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    uploadPrefix: `https://127.0.0.1:${port}`,
    uploads,
    close: () =>
      new Promise<void>((r) => {
        globalAgent.options.ca = trusted;
        server.close(() => r());
      }),
  };
}

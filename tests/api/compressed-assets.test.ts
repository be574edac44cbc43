// The client's hashed assets go out brotli- or gzip-compressed, over real HTTP, through the
// same router the API mounts (clientRoutes), against a build written to a temporary folder.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientRoutes } from '../../server/http/client.js';

let dir: string;
let server: Server;
let base: string;
const bundle = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word-${i % 50}`))};\n`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'atelier-assets-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'main-abc123.js'), bundle);
  writeFileSync(join(dir, 'assets', 'tiny-abc123.js'), 'export {};\n');
  writeFileSync(join(dir, 'assets', 'photo-abc123.png'), Buffer.alloc(4096, 7));
  const app = express().use(clientRoutes(dir));
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A raw GET (fetch would undo the encoding before we could see it). */
function raw(path: string, acceptEncoding?: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(`${base}${path}`, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('compressed client assets', () => {
  it('sends brotli to a browser that takes it, decoding to the very file, cached for a year', async () => {
    const res = await raw('/assets/main-abc123.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(bundle.length / 5);
    expect(brotliDecompressSync(res.body).toString()).toBe(bundle);
  });

  it('sends gzip when brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await raw('/assets/main-abc123.js', 'gzip, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(bundle);
    const plain = await raw('/assets/main-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(bundle);
    expect(plain.headers['cache-control']).toContain('immutable');
  });

  it('leaves tiny files and already-compressed formats alone', async () => {
    const tiny = await raw('/assets/tiny-abc123.js', 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('export {};\n');
    const png = await raw('/assets/photo-abc123.png', 'br');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.body.length).toBe(4096);
  });

  it('compresses a rebuilt file again instead of serving the old copy', async () => {
    const path = join(dir, 'assets', 'main-abc123.js');
    const rebuilt = bundle.replaceAll('word-', 'term-');
    writeFileSync(path, rebuilt);
    utimesSync(path, new Date(), new Date(Date.now() + 5_000));
    const res = await raw('/assets/main-abc123.js', 'br');
    expect(brotliDecompressSync(res.body).toString()).toBe(rebuilt);
  });

  it('answers 404 for missing assets and never reaches outside the assets folder', async () => {
    expect((await raw('/assets/missing-abc123.js', 'br')).status).toBe(404);
    const escape = await raw('/assets/..%2Findex.html', 'br');
    expect(escape.headers['content-encoding']).toBeUndefined();
    expect(escape.body.toString()).not.toContain('id="root"');
  });
});

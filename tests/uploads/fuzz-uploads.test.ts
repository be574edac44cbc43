// Property-based fuzzing of upload sniffing: random bytes, real files cut short or with
// flipped bits, and any file name or declared type. The verdict comes from the bytes
// alone, every refusal is a coded AppError (never a crash), and over HTTP a refused
// upload leaves nothing on disk and no job behind.
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../server/shared/platform/errors.js';
import { requireImage, requirePdf } from '../../server/uploads/check.js';
import { makePdf } from '../helpers/pdf.js';
import { gqlOk, gqlUpload, signUp, startTestServer } from '../helpers/server.js';

const REFUSALS = new Set(['BAD_USER_INPUT', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE']);
const MAX_PIXELS = 40_000_000;

let samples: Record<'png' | 'jpeg' | 'webp' | 'gif' | 'pdf', Buffer>;

beforeAll(async () => {
  const noise = Buffer.from(Array.from({ length: 64 * 48 * 3 }, (_, i) => (i * 7919) % 251));
  const base = () => sharp(noise, { raw: { width: 64, height: 48, channels: 3 } });
  samples = {
    png: await base().png().toBuffer(),
    jpeg: await base().jpeg().toBuffer(),
    webp: await base().webp().toBuffer(),
    gif: await base().gif().toBuffer(),
    pdf: makePdf(['Jane Doe', 'Engineer', 'Led a team of 5']),
  };
});

/** The outcome of a check: 'ok' or the refusal code. Anything but an AppError fails the property. */
async function verdict(check: () => Promise<unknown>): Promise<string> {
  try {
    await check();
    return 'ok';
  } catch (e) {
    expect(e, `not a coded refusal: ${String(e)}`).toBeInstanceOf(AppError);
    expect(REFUSALS.has((e as AppError).code), (e as AppError).code).toBe(true);
    expect((e as AppError).message.length).toBeGreaterThan(0);
    return (e as AppError).code;
  }
}
/** The bytes as a received upload: a file, as the upload middlewares leave it. */
function received(bytes: Buffer, filename: string) {
  const path = join(tmpdir(), `fuzz-upload-${process.pid}-${++serial}`);
  writeFileSync(path, bytes);
  return { path, size: bytes.length, filename };
}
let serial = 0;
const checked = async (bytes: Buffer, filename: string, check: (file: ReturnType<typeof received>) => Promise<unknown>) => {
  const file = received(bytes, filename);
  try {
    return await verdict(() => check(file));
  } finally {
    rmSync(file.path, { force: true });
  }
};
const asImage = (bytes: Buffer, filename = 'x.png') => checked(bytes, filename, (f) => requireImage(f, MAX_PIXELS));
const asPdf = (bytes: Buffer, filename = 'x.pdf') => checked(bytes, filename, (f) => requirePdf(f));

const kind = fc.constantFrom<'png' | 'jpeg' | 'webp' | 'gif'>('png', 'jpeg', 'webp', 'gif');
const MAGIC = [Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('ffd8ffe0', 'hex'), Buffer.from('GIF89a'), Buffer.from('RIFF\0\0\0\0WEBP'), Buffer.from('%PDF-1.7\n')];

describe('upload sniffing (fast-check)', () => {
  it('refuses random bytes, with or without a real magic number in front, with a code', async () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 4096 }).map((a) => Buffer.from(a)),
      fc.tuple(fc.constantFrom(...MAGIC), fc.uint8Array({ maxLength: 2048 })).map(([m, a]) => Buffer.concat([m, Buffer.from(a)])),
    );
    await fc.assert(
      fc.asyncProperty(bytes, async (b) => {
        expect(await asImage(b)).not.toBe('ok');
        const pdf = await asPdf(b);
        // A PDF is typed by its magic number alone; the review itself copes with an unreadable one.
        if (!b.subarray(0, 5).equals(Buffer.from('%PDF-'))) expect(pdf).not.toBe('ok');
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a real image cut short (before its last 16 bytes), whatever its format', async () => {
    await fc.assert(
      fc.asyncProperty(kind, fc.double({ min: 0, max: 1, noNaN: true }), async (k, f) => {
        const full = samples[k];
        const cut = full.subarray(0, Math.floor(f * (full.length - 16)));
        expect(await asImage(cut), `${k} cut at ${cut.length}/${full.length}`).not.toBe('ok');
      }),
      { numRuns: 120 },
    );
  });

  it('never crashes on a real image or PDF with flipped bytes, and accepts only what decodes', async () => {
    const flips = fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 8 });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<'png' | 'jpeg' | 'webp' | 'gif' | 'pdf'>('png', 'jpeg', 'webp', 'gif', 'pdf'), flips, async (k, fl) => {
        const b = Buffer.from(samples[k]);
        for (const [at, x] of fl) b[at % b.length]! ^= x;
        const v = await asImage(b);
        if (v === 'ok') expect((await sharp(b).metadata()).width).toBeGreaterThan(0);
        await asPdf(b);
      }),
      { numRuns: 150 },
    );
  });

  it('judges by the bytes only: the file name never changes the verdict', async () => {
    const names = fc.oneof(fc.constantFrom('a.png', 'a.pdf', 'a.exe', 'a', '.htaccess', '../../etc/passwd', 'a.png.exe'), fc.string({ maxLength: 40 }));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<'png' | 'jpeg' | 'webp' | 'gif' | 'pdf'>('png', 'jpeg', 'webp', 'gif', 'pdf'), names, async (k, name) => {
        const b = samples[k];
        expect(await asImage(b, name)).toBe(k === 'pdf' ? 'UNSUPPORTED_MEDIA_TYPE' : 'ok');
        expect(await asPdf(b, name)).toBe(k === 'pdf' ? 'ok' : 'UNSUPPORTED_MEDIA_TYPE');
      }),
      { numRuns: 60 },
    );
  });
});

describe('bad uploads over HTTP (fast-check)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let token: string;
  let userId: string;
  beforeAll(async () => {
    server = await startTestServer({ TOOL_RATE_PER_MINUTE: '100000' });
    const me = await signUp(server.url, 'Sniff', 'fuzzupload');
    token = me.token;
    userId = me.user.id;
    await gqlOk(server.url, 'mutation { startTrial { plan } }', {}, token);
  });
  afterAll(() => server?.close());

  it('refuses random, truncated and mistyped files on GraphQL and REST with a code, keeping nothing', async () => {
    const bad = fc.oneof(
      fc.uint8Array({ minLength: 1, maxLength: 3000 }).map((a) => ({ bytes: Buffer.from(a), forImage: true, forPdf: a[0] !== 0x25 })),
      fc
        .tuple(kind, fc.double({ min: 0.05, max: 0.9, noNaN: true }))
        .map(([k, f]) => ({ bytes: samples[k].subarray(0, Math.floor(f * samples[k].length)), forImage: true, forPdf: true })),
      kind.map((k) => ({ bytes: samples[k], forImage: false, forPdf: true })),
      fc.constant(null).map(() => ({ bytes: samples.pdf, forImage: true, forPdf: false })),
    );
    const declared = fc.record({
      name: fc.constantFrom('photo.png', 'resume.pdf', 'x.jpg', 'noext'),
      type: fc.constantFrom('image/png', 'application/pdf', 'application/octet-stream', 'text/html'),
    });
    const dir = (sub: string) => {
      try {
        return readdirSync(join(server.config.dataDir, sub));
      } catch {
        return [];
      }
    };
    await fc.assert(
      fc.asyncProperty(bad, declared, async ({ bytes, forImage, forPdf }, d) => {
        if (forImage) {
          const r = await gqlUpload(
            server.url,
            'mutation($image: Upload!) { removeBackground(image: $image) { id } }',
            {},
            { image: { data: bytes, filename: d.name, type: d.type } },
            token,
          );
          expect(REFUSALS.has(String(r.errors?.[0]?.extensions?.code)), JSON.stringify(r)).toBe(true);
          const form = new FormData();
          form.append('image', new Blob([new Uint8Array(bytes)], { type: d.type }), d.name);
          const res = await fetch(`${server.url}/api/ai/remove-image-background`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
          const body = (await res.json()) as { success: boolean; code: string };
          expect(res.status).toBeOneOf([400, 413, 415]);
          expect(body.success).toBe(false);
          expect(REFUSALS.has(body.code), body.code).toBe(true);
        }
        if (forPdf) {
          const form = new FormData();
          form.append('resume', new Blob([new Uint8Array(bytes)], { type: d.type }), d.name);
          const res = await fetch(`${server.url}/api/ai/resume-review`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
          const body = (await res.json()) as { success: boolean; code: string };
          expect(res.status).toBeOneOf([400, 413, 415]);
          expect(REFUSALS.has(body.code), body.code).toBe(true);
        }
        expect(dir('uploads')).toEqual([]);
      }),
      { numRuns: 25 },
    );
    expect(await server.app.services.db.job.count({ where: { userId } })).toBe(0);
  });
});

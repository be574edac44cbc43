// Heavy work before limits (docs/security-testing.md, the row of that name): REST
// remove-image-object read up to 4 × 10 MB into memory before checking the plan (12 requests from a
// FREE user: API 476 → 957 MB, all 403), GraphQL multipart read every file before any resolver ran,
// and uploads were decoded before the rate limit. Identity, plan, request rate and running jobs are
// checked before an upload is read: the refusal comes while the client is still sending, and the
// rest of the body is discarded, never kept.
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlOk, signUp, spawnApiProcess } from '../helpers/server.js';

const MB = 1024 * 1024;
// No workers: jobs stay queued, so they count against MAX_CONCURRENT_JOBS.
const ENV = { UPLOAD_IDLE_TIMEOUT_MS: '8000', TOOL_RATE_PER_MINUTE: '3', MAX_CONCURRENT_JOBS: '2' };
const REMOVE_OBJECT = 'mutation($image: Upload!, $object: String!, $mask: Upload) { removeObject(image: $image, object: $object, mask: $mask) { id } }';
const REMOVE_BACKGROUND = 'mutation($image: Upload!) { removeBackground(image: $image) { id } }';
const REVIEW_RESUME = 'mutation($resume: Upload!) { reviewResume(resume: $resume) { id } }';

let api: Awaited<ReturnType<typeof spawnApiProcess>>;
beforeAll(async () => {
  api = await spawnApiProcess(ENV);
});
afterAll(() => api?.stop());

const premiumUser = async (tag: string) => {
  const u = await signUp(api.url, 'Prem', tag);
  await gqlOk(api.url, 'mutation { startTrial { plan } }', {}, u.token);
  return u;
};

interface Part {
  name: string;
  value?: string;
  file?: { filename: string; type: string; size: number };
}

/** A multipart body cut after `sendOfFile` bytes of its last (file) part; `total` is its full length. */
function multipartHead(boundary: string, parts: Part[], sendOfFile: number): { head: Buffer; total: number } {
  let text = '';
  let fileSize = 0;
  for (const p of parts) {
    text += `--${boundary}\r\n`;
    if (p.file) {
      text += `Content-Disposition: form-data; name="${p.name}"; filename="${p.file.filename}"\r\nContent-Type: ${p.file.type}\r\n\r\n`;
      fileSize = p.file.size;
    } else text += `Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`;
  }
  const head = Buffer.concat([Buffer.from(text), Buffer.alloc(sendOfFile, 0x89)]);
  return { head, total: Buffer.byteLength(text) + fileSize + Buffer.byteLength(`\r\n--${boundary}--\r\n`) };
}

/**
 * Sends the head of a POST that announces `total` body bytes and waits for the answer without
 * sending the rest: only a server that answers before reading the body answers at all.
 */
function answerBeforeBody(path: string, headers: Record<string, string>, head: Buffer, total: number, timeoutMs = 4000) {
  const { hostname, port } = new URL(api.url);
  return new Promise<{ status: number; body: any; ms: number }>((resolve, reject) => {
    const started = Date.now();
    const socket = connect(Number(port), hostname);
    let data = Buffer.alloc(0);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms while the body was unsent (${head.length} of ${total} bytes sent)`));
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) return;
      const lines = data.subarray(0, end).toString().split('\r\n');
      const length = Number(/^content-length:\s*(\d+)/im.exec(lines.join('\n'))?.[1] ?? -1);
      if (length < 0 || data.length < end + 4 + length) return;
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: Number(lines[0]!.split(' ')[1]), body: JSON.parse(data.subarray(end + 4, end + 4 + length).toString()), ms: Date.now() - started });
    });
    socket.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    const head1 = [`POST ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, `Content-Length: ${total}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)].join('\r\n');
    socket.write(`${head1}\r\n\r\n`);
    socket.write(head);
  });
}

const BOUNDARY = 'admission-boundary-7f3a';
const TEN_MB_FILE = { filename: 'photo.png', type: 'image/png', size: 10 * MB - 4096 };

/** A REST tool request whose 10 MB file has barely started. */
const restHead = (fields: Part[], fileField: string) => multipartHead(BOUNDARY, [...fields, { name: fileField, file: TEN_MB_FILE }], 64 * 1024);

/** A GraphQL multipart request (operations, map, then the file) whose 10 MB file has barely started. */
const graphqlHead = (query: string, variables: Record<string, unknown>, fileVar: string) =>
  multipartHead(
    BOUNDARY,
    [
      { name: 'operations', value: JSON.stringify({ query, variables: { ...variables, [fileVar]: null } }) },
      { name: 'map', value: JSON.stringify({ 0: [`variables.${fileVar}`] }) },
      { name: '0', file: TEN_MB_FILE },
    ],
    64 * 1024,
  );

const headers = (token?: string) => ({
  'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
  'apollo-require-preflight': 'true',
  ...(token ? { Authorization: `Bearer ${token}` } : {}),
});

describe('limits before uploads are read', () => {
  it("refuses a FREE user's premium tools while the 10 MB file is still being sent (REST and GraphQL)", async () => {
    const free = await signUp(api.url, 'Free', 'admit-free');
    for (const [path, fields, file] of [
      ['/api/ai/remove-image-object', [{ name: 'object', value: 'cup' }], 'image'],
      ['/api/ai/remove-image-background', [], 'image'],
      ['/api/ai/resume-review', [], 'resume'],
    ] as const) {
      const { head, total } = restHead([...fields], file);
      const r = await answerBeforeBody(path, headers(free.token), head, total);
      expect(r, path).toMatchObject({ status: 403, body: { success: false, code: 'PREMIUM_REQUIRED' } });
    }
    for (const [query, variables, fileVar] of [
      [REMOVE_OBJECT, { object: 'cup', mask: null }, 'image'],
      [REMOVE_BACKGROUND, {}, 'image'],
      [REVIEW_RESUME, {}, 'resume'],
    ] as const) {
      const { head, total } = graphqlHead(query, variables, fileVar);
      const r = await answerBeforeBody('/graphql', headers(free.token), head, total);
      expect(r.status, query).toBe(200);
      expect(r.body.errors?.[0]?.extensions?.code, query).toBe('PREMIUM_REQUIRED');
      expect(r.body.data).toBeNull();
    }
    // Signed out: asked to sign in, before the file.
    const { head, total } = graphqlHead(REMOVE_BACKGROUND, {}, 'image');
    expect((await answerBeforeBody('/graphql', headers(), head, total)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('refuses past the request rate and the running-jobs cap before reading (so before decoding) the upload', async () => {
    const GENERATE = 'mutation { generateImage(input: { description: "a quiet harbour" }) { id } }';
    const CANCEL = 'mutation($id: ID!) { cancelJob(id: $id) { phase } }';
    // Rate: three requests in the minute (each job cancelled, so the cap is not what refuses).
    const busy = await premiumUser('admit-rate');
    for (let i = 0; i < 3; i++) {
      const { generateImage } = await gqlOk(api.url, GENERATE, {}, busy.token);
      await gqlOk(api.url, CANCEL, { id: generateImage.id }, busy.token);
    }
    const rest = restHead([], 'image');
    const refusedRest = await answerBeforeBody('/api/ai/remove-image-background', headers(busy.token), rest.head, rest.total);
    expect(refusedRest).toMatchObject({ status: 429, body: { success: false, code: 'RATE_LIMITED' } });
    expect(refusedRest.body.message).toMatch(/Too many requests\. Please wait \d+ s/);
    const gq = graphqlHead(REMOVE_BACKGROUND, {}, 'image');
    const refusedGql = await answerBeforeBody('/graphql', headers(busy.token), gq.head, gq.total);
    expect(refusedGql.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');

    // Running jobs: two queued jobs (the cap), one request left in the rate window.
    const full = await premiumUser('admit-cap');
    for (let i = 0; i < 2; i++) await gqlOk(api.url, GENERATE, {}, full.token);
    const obj = restHead([{ name: 'object', value: 'cup' }], 'image');
    const capped = await answerBeforeBody('/api/ai/remove-image-object', headers(full.token), obj.head, obj.total);
    expect(capped).toMatchObject({ status: 429, body: { success: false, code: 'RATE_LIMITED' } });
    expect(capped.body.message).toMatch(/already have 2 jobs running/);
    const objGql = graphqlHead(REMOVE_OBJECT, { object: 'cup', mask: null }, 'image');
    const cappedGql = await answerBeforeBody('/graphql', headers(full.token), objGql.head, objGql.total);
    expect(cappedGql.body.errors?.[0]).toMatchObject({ path: ['removeObject'], extensions: { code: 'RATE_LIMITED' } });
  });

  it("keeps the API's memory flat under 12 parallel 2 × 10 MB GraphQL and 4 × 10 MB REST uploads from a FREE user", async () => {
    const free = await signUp(api.url, 'Free', 'admit-mem');
    const file = new Blob([new Uint8Array(10 * MB - 4096)], { type: 'image/png' });
    const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${api.child.pid}/status`, 'utf8'))![1]) / 1024;
    const peakDuring = async (work: () => Promise<unknown>) => {
      const base = rss();
      let peak = base;
      const sampler = setInterval(() => (peak = Math.max(peak, rss())), 10);
      try {
        await work();
      } finally {
        clearInterval(sampler);
      }
      return { base, growth: Math.max(peak, rss()) - base };
    };

    const graphql = await peakDuring(() =>
      Promise.all(
        Array.from({ length: 12 }, async () => {
          const form = new FormData();
          form.append('operations', JSON.stringify({ query: REMOVE_OBJECT, variables: { image: null, mask: null, object: 'cup' } }));
          form.append('map', JSON.stringify({ 0: ['variables.image'], 1: ['variables.mask'] }));
          form.append('0', file, 'image.png');
          form.append('1', file, 'mask.png');
          const res = await fetch(`${api.url}/graphql`, { method: 'POST', headers: { authorization: `Bearer ${free.token}`, 'apollo-require-preflight': 'true' }, body: form });
          expect(((await res.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe('PREMIUM_REQUIRED');
        }),
      ),
    );
    const rest = await peakDuring(() =>
      Promise.all(
        Array.from({ length: 12 }, async () => {
          const form = new FormData();
          form.append('object', 'cup');
          for (const name of ['image', 'mask', 'extra1', 'extra2']) form.append(name, file, `${name}.png`);
          const res = await fetch(`${api.url}/api/ai/remove-image-object`, { method: 'POST', headers: { authorization: `Bearer ${free.token}` }, body: form });
          expect(res.status).toBe(403);
          expect(((await res.json()) as { code: string }).code).toBe('PREMIUM_REQUIRED');
        }),
      ),
    );
    console.log(`API RSS: GraphQL ${graphql.base.toFixed(0)} MB +${graphql.growth.toFixed(0)} MB, REST ${rest.base.toFixed(0)} MB +${rest.growth.toFixed(0)} MB`);
    expect(graphql.growth, 'GraphQL: 12 × 20 MB arrived').toBeLessThan(100);
    expect(rest.growth, 'REST: 12 × 40 MB arrived').toBeLessThan(100);
    // And the API still answers.
    expect((await gqlOk(api.url, '{ me { id } }', {}, free.token)).me.id).toBe(free.user.id);
  });
});

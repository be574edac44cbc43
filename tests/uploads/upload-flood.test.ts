// An upload flood from one admitted user (docs/security-testing.md, "Upload flood from one admitted
// user"): 24 concurrent removeObject requests with two 10 MB images each, from a trial (Premium)
// user, all passed admission (none had become a job yet), each file was read into memory, and the
// API went from 456 to 1,081 MB RSS and stayed there. Admission now counts the user's requests
// already receiving files (and the process's), and files go to bounded temporary files, never
// memory.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlOk, gqlUpload, signUp, spawnApiProcess, waitFor } from '../helpers/server.js';

const MB = 1024 * 1024;
const REMOVE_OBJECT = 'mutation($image: Upload!, $object: String!, $mask: Upload) { removeObject(image: $image, object: $object, mask: $mask) { id } }';

// No workers: the admitted jobs stay queued and count against MAX_CONCURRENT_JOBS (3).
let api: Awaited<ReturnType<typeof spawnApiProcess>>;
beforeAll(async () => {
  api = await spawnApiProcess({ TOOL_RATE_PER_MINUTE: '100' });
});
afterAll(() => api?.stop());

const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${api.child.pid}/status`, 'utf8'))![1]) / 1024;

/** A real PNG just under 10 MB: noise does not compress. */
async function tenMegabytePng(): Promise<Buffer> {
  const side = 1800;
  const png = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  expect(png.length).toBeGreaterThan(9 * MB);
  expect(png.length).toBeLessThan(10 * MB);
  return png;
}

describe('an upload flood from one admitted user', () => {
  it('keeps the API within 100 MB of its baseline and brings it back within 50 MB a minute later', async () => {
    const user = await signUp(api.url, 'Flooder', 'flood');
    await gqlOk(api.url, 'mutation { startTrial { plan } }', {}, user.token);
    const png = new Blob([new Uint8Array(await tenMegabytePng())], { type: 'image/png' });
    // Warm: the first upload loads the image library; a baseline taken before it would count its code.
    const small = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    const warm = await gqlUpload<{ removeBackground: { id: string } }>(
      api.url,
      'mutation($image: Upload!) { removeBackground(image: $image) { id } }',
      {},
      { image: { data: small, filename: 'warm.png' } },
      user.token,
    );
    await gqlOk(api.url, 'mutation($id: ID!) { cancelJob(id: $id) { phase } }', { id: warm.data!.removeBackground.id }, user.token);
    const base = rss();
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, rss())), 10);
    const answers = await Promise.all(
      Array.from({ length: 24 }, async () => {
        const form = new FormData();
        form.append('operations', JSON.stringify({ query: REMOVE_OBJECT, variables: { image: null, mask: null, object: 'cup' } }));
        form.append('map', JSON.stringify({ 0: ['variables.image'], 1: ['variables.mask'] }));
        form.append('0', png, 'image.png');
        form.append('1', png, 'mask.png');
        const res = await fetch(`${api.url}/graphql`, { method: 'POST', headers: { authorization: `Bearer ${user.token}`, 'apollo-require-preflight': 'true' }, body: form });
        const body = (await res.json()) as { data?: { removeObject?: { id: string } } | null; errors?: { extensions: { code: string } }[] };
        return body.data?.removeObject ? 'job' : body.errors?.[0]?.extensions.code;
      }),
    );
    clearInterval(sampler);
    peak = Math.max(peak, rss());
    const counts = answers.reduce<Record<string, number>>((m, a) => ({ ...m, [String(a)]: (m[String(a)] ?? 0) + 1 }), {});
    console.log(`upload flood: API RSS ${base.toFixed(0)} MB, peak +${(peak - base).toFixed(0)} MB; answers ${JSON.stringify(counts)}`);
    // As many jobs as the user may run at once; the rest told why.
    expect(counts).toEqual({ job: 3, RATE_LIMITED: 21 });
    expect(peak - base, 'RSS growth during the flood (MB)').toBeLessThan(100);
    // Every received file is gone with its request (the API's folder for them is named by its pid).
    const incoming = readdirSync(tmpdir()).filter((d) => d.startsWith(`atelier-uploads-${api.child.pid}-`));
    expect(incoming).toHaveLength(1);
    await waitFor(() => readdirSync(join(tmpdir(), incoming[0]!)).length === 0, 5_000, 'the received files to be removed');
    const settle = Date.now();
    await waitFor(() => rss() - base < 50, 60_000, 'RSS back within 50 MB of its baseline');
    console.log(`upload flood: back within 50 MB after ${((Date.now() - settle) / 1000).toFixed(1)} s (now ${rss().toFixed(0)} MB)`);
  });
});

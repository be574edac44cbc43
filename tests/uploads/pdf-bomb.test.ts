// Hostile PDFs sent to resume review (docs/security-testing.md, "PDF decompression bomb…"): a Flate
// decompression bomb, a bomb inside a bomb, thousands of pages, a flood of text, a file that is
// merely slow. Each is refused with a coded message, quickly and in bounded memory, through GraphQL
// and REST; the worker (in this process) keeps its event loop turning, so it keeps its queue locks,
// and the next ordinary resume completes.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followJob, gqlOk, gqlUpload, signUp, startStack } from '../helpers/server.js';
import { deflatedSpaces, makeBombPdf, makePdf, SAMPLE_RESUME } from '../helpers/pdf.js';

type Stack = Awaited<ReturnType<typeof startStack>>;
let stack: Stack;
let premium: { token: string };
/** zlib data of 1 GiB of spaces: about 1 MB. */
let gigabyteOfSpaces: Buffer;

const MB = 1024 * 1024;

beforeAll(async () => {
  stack = await startStack({ LOCAL_STREAM_DELAY_MS: '0', TOOL_RATE_PER_MINUTE: '1000' });
  premium = await signUp(stack.url, 'Prem', 'bomb');
  await gqlOk(stack.url, 'mutation { startTrial { plan } }', {}, premium.token);
  gigabyteOfSpaces = await deflatedSpaces(1024 * MB);
}, 120_000);
afterAll(() => stack?.close());

/** Resident memory (MB) of every process below this one, by /proc. */
function descendantsRssMb(): number {
  const parent = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(d), Number(fields[1]));
      rss.set(Number(d), (Number(fields[21]) * 4096) / MB);
    } catch {
      // gone meanwhile
    }
  }
  const below = (pid: number): boolean => {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) if (p === process.pid) return true;
    return false;
  };
  let total = 0;
  for (const [pid, mb] of rss) if (below(pid)) total += mb;
  return total;
}

const ownKb = (field: 'VmHWM' | 'VmRSS') => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync('/proc/self/status', 'utf8'))![1]);

/**
 * Runs `work` and reports what it cost this process (the API and the worker) and its
 * children: peak memory growth, the longest event-loop stall, and the time taken.
 */
async function measured<T>(work: () => Promise<T>) {
  writeFileSync('/proc/self/clear_refs', '5'); // VmHWM starts again from VmRSS
  const rssBefore = ownKb('VmRSS');
  let childrenPeakMb = 0;
  const sampler = setInterval(() => (childrenPeakMb = Math.max(childrenPeakMb, descendantsRssMb())), 40);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = performance.now();
  try {
    const result = await work();
    return {
      result,
      ms: Math.round(performance.now() - started),
      ownGrowthMb: Math.round((ownKb('VmHWM') - rssBefore) / 1024),
      childrenPeakMb: Math.round(childrenPeakMb),
      stallMs: Math.round(loop.max / 1e6),
    };
  } finally {
    loop.disable();
    clearInterval(sampler);
  }
}

async function reviewByGraphql(s: Stack, pdf: Buffer) {
  const r = await gqlUpload(
    s.url,
    'mutation($resume: Upload!) { reviewResume(resume: $resume) { id } }',
    {},
    { resume: { data: pdf, filename: 'cv.pdf', type: 'application/pdf' } },
    premium.token,
  );
  expect(r.errors).toBeUndefined();
  const id = r.data!.reviewResume.id as string;
  const last = (await followJob(s.url, premium.token, id, 150_000)).at(-1)!;
  const row = await s.server.app.services.db.job.findUniqueOrThrow({ where: { id } });
  return { phase: last.phase, message: last.message ?? '', errorCode: row.errorCode };
}

async function reviewByRest(s: Stack, pdf: Buffer) {
  const form = new FormData();
  form.append('resume', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'cv.pdf');
  const res = await fetch(`${s.url}/api/ai/resume-review`, { method: 'POST', headers: { authorization: `Bearer ${premium.token}` }, body: form });
  return { status: res.status, body: (await res.json()) as { success: boolean; message: string; content: string } };
}

/** Memory this process may gain (API + worker: uploads, parsing) and its children may hold (one bounded reader). */
const OWN_GROWTH_MB = 300;
const CHILDREN_MB = 700;
const STALL_MS = 1000;

describe('hostile PDFs for resume review', () => {
  it('refuses a Flate bomb (1 GiB of spaces in 1 MB) quickly, in bounded memory, by GraphQL and REST; the next resume completes', async () => {
    const pdf = makeBombPdf(gigabyteOfSpaces);
    expect(pdf.length).toBeLessThan(2 * MB);

    const g = await measured(() => reviewByGraphql(stack, pdf));
    console.info('flate bomb via GraphQL:', { ...g, result: undefined });
    expect(g.result).toMatchObject({ phase: 'FAILED', errorCode: 'PAYLOAD_TOO_LARGE' });
    expect(g.result.message).toMatch(/too large to read: its compressed content unpacks to more than \d+ MB/);
    expect(g.ms).toBeLessThan(15_000);
    expect(g.ownGrowthMb).toBeLessThan(OWN_GROWTH_MB);
    expect(g.childrenPeakMb).toBeLessThan(CHILDREN_MB);
    expect(g.stallMs).toBeLessThan(STALL_MS);

    const r = await measured(() => reviewByRest(stack, pdf));
    console.info('flate bomb via REST:', { ...r, result: undefined });
    expect(r.result.body).toMatchObject({ success: false });
    expect(r.result.body.message).toMatch(/too large to read/);
    expect(r.ms).toBeLessThan(15_000);
    expect(r.ownGrowthMb).toBeLessThan(OWN_GROWTH_MB);
    expect(r.childrenPeakMb).toBeLessThan(CHILDREN_MB);
    expect(r.stallMs).toBeLessThan(STALL_MS);

    const ok = await reviewByRest(stack, makePdf(SAMPLE_RESUME));
    expect(ok).toMatchObject({ status: 200, body: { success: true } });
    expect(ok.body.content).toContain('# Resume Review');
  }, 120_000);

  it('refuses a bomb inside a bomb (FlateDecode twice: 1 GiB of spaces in a few KB) at the memory ceiling', async () => {
    const pdf = makeBombPdf(gigabyteOfSpaces, { extraLayers: 1 });
    expect(pdf.length).toBeLessThan(64 * 1024);
    const g = await measured(() => reviewByGraphql(stack, pdf));
    console.info('nested bomb via GraphQL:', { ...g, result: undefined });
    expect(g.result).toMatchObject({ phase: 'FAILED', errorCode: 'PAYLOAD_TOO_LARGE' });
    expect(g.result.message).toMatch(/too large to read: reading it needs more than \d+ MB of memory/);
    expect(g.ms).toBeLessThan(15_000);
    expect(g.ownGrowthMb).toBeLessThan(OWN_GROWTH_MB);
    expect(g.childrenPeakMb).toBeLessThan(CHILDREN_MB);
    expect(g.stallMs).toBeLessThan(STALL_MS);
    expect(await reviewByGraphql(stack, makePdf(SAMPLE_RESUME))).toMatchObject({ phase: 'COMPLETED' });
  }, 120_000);

  it('refuses a PDF of 5,000 pages, saying how many a resume may have', async () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `Page ${i + 1}: shipped the thing, measured the result.`);
    const g = await measured(() => reviewByGraphql(stack, makePdf(lines, 1)));
    console.info('5,000 pages via GraphQL:', { ...g, result: undefined });
    expect(g.result).toMatchObject({ phase: 'FAILED', errorCode: 'PAYLOAD_TOO_LARGE' });
    expect(g.result.message).toMatch(/5,000 pages/);
    expect(g.ms).toBeLessThan(15_000);
    expect(g.stallMs).toBeLessThan(STALL_MS);
  }, 120_000);

  it('refuses a PDF holding far more text than a resume', async () => {
    // 6,000 lines of 77 characters in 1-point type on 10 pages: about 460,000 characters.
    const lines = Array.from({ length: 6000 }, (_, i) => `${String(i).padStart(5, '0')} Led a team that delivered the project on time and under budget, again.`);
    const g = await measured(() => reviewByRest(stack, makePdf(lines, 600, 1)));
    console.info('flood of text via REST:', { ...g, result: undefined });
    expect(g.result.body).toMatchObject({ success: false });
    expect(g.result.body.message).toMatch(/more text than a resume/);
    expect(g.ms).toBeLessThan(15_000);
    expect(g.stallMs).toBeLessThan(STALL_MS);
  }, 120_000);

  it('stops reading a PDF that takes longer than the time bound', async () => {
    // 40 pages showing the same 64 MB of spaces: within the bounds on unpacked bytes, pages
    // and text, but 2.5 GB to read through. The bound leaves a real resume's read (a new reader
    // process, started on a busy 2-core machine) room to finish afterwards.
    const own = await startStack({ LOCAL_STREAM_DELAY_MS: '0', PDF_READ_TIMEOUT_MS: '3000' });
    try {
      const pdf = makeBombPdf(await deflatedSpaces(64 * MB), { pages: 40 });
      const g = await measured(() => reviewByGraphql(own, pdf));
      console.info('slow PDF via GraphQL:', { ...g, result: undefined });
      expect(g.result).toMatchObject({ phase: 'FAILED', errorCode: 'PAYLOAD_TOO_LARGE' });
      expect(g.result.message).toMatch(/took too long to read/);
      expect(g.ms).toBeLessThan(7_000);
      expect(g.childrenPeakMb).toBeLessThan(CHILDREN_MB);
      expect(g.stallMs).toBeLessThan(STALL_MS);
      const after = await reviewByGraphql(own, makePdf(SAMPLE_RESUME));
      expect(after, after.message).toMatchObject({ phase: 'COMPLETED' });
    } finally {
      await own.close();
    }
  }, 120_000);
});

// The REST mirror of the text tools (product §7) and resume review uploads, over real HTTP.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countWords } from '../../worker/providers/text/local/words.js';
import { parseTitles } from '../../worker/tools/blog-titles/offline-writer.js';
import { followJob, gqlOk, gqlUpload, signUp, startStack, waitFor } from '../helpers/server.js';
import { makePdf, SAMPLE_RESUME } from '../helpers/pdf.js';

let stack: Awaited<ReturnType<typeof startStack>>;
let free: { token: string };
let premium: { token: string };

beforeAll(async () => {
  stack = await startStack({ LOCAL_STREAM_DELAY_MS: '0' });
  free = await signUp(stack.url, 'Free', 'free');
  premium = await signUp(stack.url, 'Prem', 'prem');
  await gqlOk(stack.url, 'mutation { startTrial { plan } }', {}, premium.token);
});
afterAll(() => stack.close());

async function post(path: string, token: string | undefined, body: unknown) {
  const res = await fetch(`${stack.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function postFile(path: string, token: string, field: string, data: Buffer, filename: string, type = 'application/pdf') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)], { type }), filename);
  const res = await fetch(`${stack.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const uploadsLeft = () => {
  try {
    return readdirSync(join(stack.config.dataDir, 'uploads')).length;
  } catch {
    return 0;
  }
};

describe('REST text tools', () => {
  it('writes an article synchronously: {success, content, message}', async () => {
    const { status, body } = await post('/api/ai/generate-article', free.token, { prompt: 'Write an article about tidal energy in Medium', length: 1200 });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(typeof body.message).toBe('string');
    const words = countWords(body.content);
    expect(words).toBeGreaterThanOrEqual(800);
    expect(words).toBeLessThanOrEqual(1200);
    expect(body.content.toLowerCase()).toContain('tidal energy');
  });

  it('writes blog titles from the composed prompt', async () => {
    const { body } = await post('/api/ai/generate-blog-title', free.token, { prompt: 'Generate a blog title for the keyword kayaking in the category Travel' });
    expect(body.success).toBe(true);
    const titles = parseTitles(body.content);
    expect(titles).toHaveLength(10);
    expect(titles.every((t) => t.toLowerCase().includes('kayaking'))).toBe(true);
  });

  it('answers 401 without a token and success:false with the message for bad input', async () => {
    expect((await post('/api/ai/generate-article', undefined, { prompt: 'x', length: 800 })).status).toBe(401);
    const blank = await post('/api/ai/generate-article', free.token, { prompt: '  ', length: 800 });
    expect(blank).toMatchObject({ status: 400, body: { success: false, message: 'Please enter a topic for the article', code: 'BAD_USER_INPUT' } });
    const badLength = await post('/api/ai/generate-article', free.token, { prompt: 'Write an article about x in Short', length: 999 });
    expect(badLength.body).toMatchObject({ success: false, code: 'BAD_USER_INPUT' });
  });
});

describe('resume review', () => {
  it('needs the Premium plan (and keeps no upload of a FREE user)', async () => {
    const before = uploadsLeft();
    const rest = await postFile('/api/ai/resume-review', free.token, 'resume', makePdf(SAMPLE_RESUME), 'cv.pdf');
    expect(rest).toMatchObject({ status: 403, body: { success: false, code: 'PREMIUM_REQUIRED' } });
    expect(rest.body.message).toMatch(/Premium plan/);
    const gqlRes = await gqlUpload(
      stack.url,
      'mutation($resume: Upload!) { reviewResume(resume: $resume) { id } }',
      {},
      { resume: { data: makePdf(SAMPLE_RESUME), filename: 'cv.pdf' } },
      free.token,
    );
    expect(gqlRes.errors?.[0]?.extensions?.code).toBe('PREMIUM_REQUIRED');
    expect(uploadsLeft()).toBe(before);
  });

  it('reviews a real PDF over REST and deletes the upload afterwards', async () => {
    const { status, body } = await postFile('/api/ai/resume-review', premium.token, 'resume', makePdf(SAMPLE_RESUME), 'jordan.pdf');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.content).toContain('# Resume Review');
    expect(body.content).toMatch(/Score: \d+\/100/);
    expect(uploadsLeft()).toBe(0);
  });

  it('tells a PDF that is not a resume so, instead of scoring it (product §2; a MIME specification got 23/100)', async () => {
    const spec = makePdf([
      'Network Working Group N. Freed',
      'Request for Comments: 2045 Innosoft',
      'Multipurpose Internet Mail Extensions (MIME) Part One: Format of Internet Message Bodies',
      'Status of this Memo',
      'This document specifies an Internet standards track protocol for the Internet community, and requests discussion and suggestions for improvements.',
      'Abstract',
      'STD 11, RFC 822, defines a message representation protocol specifying considerable detail about US-ASCII message headers, and leaves the message content, or message body, as flat US-ASCII text.',
      'This set of documents, collectively called the Multipurpose Internet Mail Extensions, or MIME, redefines the format of messages to allow for textual message bodies in character sets other than US-ASCII.',
      'Table of Contents 1. Introduction 2. Definitions, Conventions, and Generic BNF Grammar 3. MIME Header Fields 4. MIME-Version Header Field',
      'Content-Type: text/plain; charset=us-ascii (Plain text) 1234 5678 90',
    ]);
    const { status, body } = await postFile('/api/ai/resume-review', premium.token, 'resume', spec, 'rfc2045.pdf');
    // The job ends FAILED with the reason (the REST mirror answers a failed job 502).
    expect([status, body.success, body.code]).toEqual([502, false, 'FAILED']);
    expect(body.message).toMatch(/^This PDF does not look like a resume: it has none of a resume's usual sections/);
    expect(uploadsLeft()).toBe(0);
  });

  it('reviews through GraphQL upload + jobProgress with the Reading/Analyzing/Generating steps', async () => {
    // Workers start once the subscriber listens, so it sees every step.
    const own = await startStack({ LOCAL_STREAM_DELAY_MS: '0' }, { workersLater: true });
    const r = await gqlUpload(
      own.url,
      'mutation($resume: Upload!) { reviewResume(resume: $resume) { id kind } }',
      {},
      { resume: { data: makePdf(SAMPLE_RESUME), filename: 'cv.pdf', type: 'application/pdf' } },
      premium.token,
    );
    expect(r.errors).toBeUndefined();
    const following = followJob(own.url, premium.token, r.data!.reviewResume.id);
    await waitFor(() => own.server.app.services.pubsub.listenerCount() > 0, 5000, 'subscriber');
    await own.startWorkers();
    const events = await following;
    await own.close();
    const last = events.at(-1)!;
    expect(last).toMatchObject({ phase: 'COMPLETED', creation: { type: 'RESUME_REVIEW' } });
    expect(events.map((e) => e.delta).join('')).toBe(last.creation!.content);
    const messages = events.map((e) => e.message).filter(Boolean);
    expect(messages).toEqual(expect.arrayContaining(['Reading the resume', 'Analyzing', 'Generating the report']));
    expect(uploadsLeft()).toBe(0);
  });

  it('refuses what is not a PDF by its bytes, whatever its name or header', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a30000000049454e44ae426082', 'hex');
    const renamed = await postFile('/api/ai/resume-review', premium.token, 'resume', png, 'resume.pdf', 'application/pdf');
    expect(renamed).toMatchObject({ status: 415, body: { success: false, code: 'UNSUPPORTED_MEDIA_TYPE' } });
    // Says what is wrong with the file (it said "please upload a .pdf file" of a file named .pdf).
    expect(renamed.body.message).toBe(
      '“resume.pdf” is not a PDF: its contents are a PNG image, whatever its name says. Please save or export your resume as PDF and upload that file.',
    );
    const text = await postFile('/api/ai/resume-review', premium.token, 'resume', Buffer.from('just text, not a pdf'), 'resume.pdf');
    expect(text.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(text.body.message).toMatch(/^“resume\.pdf” is not a PDF: its contents are not a PDF document, whatever its name says\./);
    const none = await postFile('/api/ai/resume-review', premium.token, 'other', Buffer.from('%PDF'), 'x.pdf');
    expect(none.body).toMatchObject({ success: false, message: 'Please select a resume file first' });
    expect(uploadsLeft()).toBe(0);
  });

  it('refuses a file over the size limit with 413', async () => {
    const big = Buffer.concat([makePdf(SAMPLE_RESUME), Buffer.alloc(stack.config.UPLOAD_MAX_BYTES + 10, 0x20)]);
    const rest = await postFile('/api/ai/resume-review', premium.token, 'resume', big, 'big.pdf');
    expect(rest).toMatchObject({ status: 413, body: { success: false, code: 'PAYLOAD_TOO_LARGE' } });
    const g = await gqlUpload(stack.url, 'mutation($resume: Upload!) { reviewResume(resume: $resume) { id } }', {}, { resume: { data: big, filename: 'big.pdf' } }, premium.token);
    expect(g.errors?.[0]?.extensions?.code).toBe('PAYLOAD_TOO_LARGE');
    expect(uploadsLeft()).toBe(0);
  });
});

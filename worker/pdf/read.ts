// Reads a user's PDF in a child process of its own (reader-process.mjs), so that a hostile
// file (a decompression bomb, thousands of pages, a flood of text) costs a bounded amount:
// the child's memory is watched and it is killed past the ceiling, it is killed past the
// time bound, and its own checks refuse too many unpacked bytes, pages or characters.
// The worker's event loop never runs pdf.js, so its lock renewals and events go on. One PDF
// is read at a time per worker process, so the memory bound holds per process.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AppError, ErrorCode } from '../../server/shared/platform/errors.js';

/** What the reader process checks itself. */
export interface PdfLimits {
  maxPages: number;
  maxChars: number;
  /** What the file's zlib streams may unpack to, in all. */
  maxInflatedBytes: number;
}

export interface PdfReadLimits extends PdfLimits {
  timeoutMs: number;
  memoryMb: number;
}

export interface PdfRead {
  text: string;
  pages: number;
  /** Peak resident memory of the reader process, as sampled (0 where /proc is unavailable). */
  peakMb: number;
  ms: number;
}

/** Why the reader refused a PDF, and what it answers (reader-process.mjs). */
type Refusal = { reason: 'inflated' } | { reason: 'pages'; pages: number } | { reason: 'text' } | { reason: 'unreadable'; detail: string };
type ReaderAnswer = { text: string; pages: number } | { refusal: Refusal } | { failure: string };

const AGAIN = 'Please export your resume again as an ordinary text PDF (File → Save as PDF) and retry.';
const count = (n: number) => n.toLocaleString('en-US');

function refusalError(r: Refusal, limits: PdfReadLimits): AppError {
  switch (r.reason) {
    case 'inflated':
      return new AppError(
        ErrorCode.PAYLOAD_TOO_LARGE,
        `This PDF is too large to read: its compressed content unpacks to more than ${Math.round(limits.maxInflatedBytes / 2 ** 20)} MB. ${AGAIN}`,
        { limit: 'inflated-bytes' },
      );
    case 'pages':
      return new AppError(
        ErrorCode.PAYLOAD_TOO_LARGE,
        `This PDF has ${count(r.pages)} pages; a resume can have at most ${count(limits.maxPages)}. Please upload just your resume.`,
        { limit: 'pages' },
      );
    case 'text':
      return new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `This PDF holds more text than a resume (over ${count(limits.maxChars)} characters). Please upload just your resume.`, {
        limit: 'characters',
      });
    case 'unreadable':
      return new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, `This PDF could not be read (${r.detail}). Please export it again and retry.`);
  }
}

const tooMuchMemory = (limits: PdfReadLimits) =>
  new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `This PDF is too large to read: reading it needs more than ${limits.memoryMb} MB of memory. ${AGAIN}`, { limit: 'memory' });
const tooSlow = (limits: PdfReadLimits) =>
  new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `This PDF took too long to read (over ${Math.round(limits.timeoutMs / 100) / 10} s). ${AGAIN}`, { limit: 'time' });

/** Resident memory of a process in MB, or 0 where /proc cannot tell (then only V8's heap limit and the time bound hold). */
function residentMb(pid: number | undefined): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'latin1'));
    return kb ? Number(kb[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

const entry = fileURLToPath(new URL('./reader-process.mjs', import.meta.url));
const WATCH_EVERY_MS = 20;

function readInChild(bytes: Uint8Array, limits: PdfReadLimits, signal: AbortSignal): Promise<PdfRead> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    // The JS heap gets half the ceiling (V8 stops there); buffers are caught by the watch.
    const heapMb = Math.max(64, Math.floor(limits.memoryMb / 2));
    const child = fork(entry, [], {
      execArgv: [`--max-old-space-size=${heapMb}`],
      // No secrets for a process that parses hostile bytes.
      env: { NODE_ENV: process.env.NODE_ENV ?? 'production' },
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    let answer: ReaderAnswer | undefined;
    let verdict: unknown;
    let peakMb = 0;
    const stop = (why: unknown) => {
      if (answer || verdict) return;
      verdict = why;
      child.kill('SIGKILL');
    };
    const watch = setInterval(() => {
      const mb = residentMb(child.pid);
      peakMb = Math.max(peakMb, mb);
      if (mb > limits.memoryMb) stop(tooMuchMemory(limits));
    }, WATCH_EVERY_MS);
    const timer = setTimeout(() => stop(tooSlow(limits)), limits.timeoutMs);
    const onAbort = () => stop(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    child.on('message', (m: ReaderAnswer) => {
      answer = m;
      child.kill('SIGKILL'); // it exits by itself; this only makes sure
    });
    let ended = false;
    const end = (code: number | null, sig: NodeJS.Signals | null) => {
      if (ended) return;
      ended = true;
      clearInterval(watch);
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      const ms = Math.round(performance.now() - started);
      if (answer) {
        if ('refusal' in answer) return reject(refusalError(answer.refusal, limits));
        if ('failure' in answer) return reject(new Error(`PDF reader failed: ${answer.failure}`));
        return resolve({ ...answer, peakMb: Math.round(peakMb), ms });
      }
      if (verdict) return reject(verdict);
      // V8 stopped at its heap limit (it aborts the process).
      if (/heap out of memory|allocation failed/i.test(stderr)) return reject(tooMuchMemory(limits));
      reject(new Error(`PDF reader exited (${code ?? sig}) without answering: ${stderr.slice(-500)}`));
    };
    child.on('close', end);
    child.on('error', (e) => {
      stop(e);
      if (child.pid === undefined) end(null, null); // never started: no 'close' to wait for
    });
    child.send({ bytes, limits: { maxPages: limits.maxPages, maxChars: limits.maxChars, maxInflatedBytes: limits.maxInflatedBytes } }, (e) => e && stop(e));
  });
}

let tail: Promise<unknown> = Promise.resolve();

/** Reads a PDF's text within `limits`, or throws a coded AppError saying what to do. */
export function readPdfText(bytes: Uint8Array, limits: PdfReadLimits, signal: AbortSignal): Promise<PdfRead> {
  // One reader at a time: the next one starts when this one has ended.
  const run = tail.then(() => {
    signal.throwIfAborted();
    return readInChild(bytes, limits, signal);
  });
  tail = run.catch(() => undefined);
  // A job cancelled while waiting for its turn ends now.
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    run.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

// Uploaded files as this API process receives them: into temporary files (never into memory: a flood
// of admitted 10 MB uploads held the API's memory up), with a size limit and an idle limit.
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Request, Response } from 'express';
import { AppError, ErrorCode } from '../shared/platform/errors.js';
import { refusalBody } from '../http/request-errors.js';

/** A received file: in a temporary file of this process (removed when its request ends). */
export interface UploadedFile {
  path: string;
  size: number;
  filename: string;
}

let incoming: Promise<string> | undefined;
/** This process's folder for files being received, under the OS's temporary folder; removed at exit. */
export function incomingDir(): Promise<string> {
  if (!incoming) {
    incoming = mkdtemp(join(tmpdir(), `atelier-uploads-${process.pid}-`));
    void incoming.then((dir) => process.once('exit', () => rmSync(dir, { recursive: true, force: true })));
  }
  return incoming;
}

/** Removes received files (a request's, once it has ended); a file already gone is no error. */
export const removeReceived = (paths: Iterable<string>) => Promise.all([...paths].map((p) => rm(p, { force: true })));

export const tooLarge = (maxBytes: number) =>
  new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `The file is too large: the limit is ${Math.floor(maxBytes / (1024 * 1024))} MB`, { maxBytes });

export const stalledMessage = (idleMs: number) => `The upload stalled: nothing arrived for ${Math.round(idleMs / 1000)} s. Please check your connection and try again.`;

/**
 * Calls onIdle once when the request sends no bytes for idleMs (from now, then from each
 * chunk); returns the function that stops watching. Call it once the body is piped into
 * its parser: the 'data' listener it adds starts the flow (it never resumes a paused one).
 */
export function watchIdle(req: Request, idleMs: number, onIdle: () => void): () => void {
  let lastData = Date.now();
  let immediate: NodeJS.Immediate | undefined;
  const check = () => {
    // Data that arrived while the event loop was busy is read in the poll phase, after
    // timers: look again once it has had its turn, so a busy server does not call it a stall.
    immediate = setImmediate(() => {
      const quietFor = Date.now() - lastData;
      if (quietFor < idleMs) return void (timer = setTimeout(check, idleMs - quietFor));
      stop();
      onIdle();
    });
  };
  let timer = setTimeout(check, idleMs);
  const onData = () => {
    lastData = Date.now();
  };
  function stop() {
    clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
    req.off('data', onData);
    req.off('close', stop);
  }
  req.on('data', onData);
  req.once('close', stop);
  return stop;
}

/**
 * Reads the rest of a refused request's body and throws it away, so a client still sending reads
 * the answer: a connection closed under it meets EPIPE or a reset instead (docs/security-testing.md,
 * "A refused upload cannot be read"). Past maxBytes more the connection is closed.
 */
export function drainRefused(req: Request, maxBytes: number): void {
  let read = 0;
  const onData = (chunk: Buffer) => {
    read += chunk.length;
    if (read <= maxBytes) return;
    req.off('data', onData);
    req.socket.destroy();
  };
  req.unpipe();
  req.on('data', onData);
  req.resume();
}

/** Refuses a stalled upload with 408 and closes the connection (the rest of its body will not come). */
export function answerStalled(req: Request, res: Response, idleMs: number): void {
  req.unpipe();
  if (res.headersSent) {
    req.socket.destroy();
    return;
  }
  res
    .status(408)
    .set('Connection', 'close')
    .json(refusalBody(ErrorCode.BAD_USER_INPUT, stalledMessage(idleMs)));
}

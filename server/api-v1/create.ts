// POST /api/v1/<tool>: starts a tool's job and answers 202 with it (docs/api-v1.md). The body is the
// tool's input as JSON, or multipart text fields beside its files (the REST mirror's field names);
// ToolService.start checks it as GraphQL's mutation would. With an Idempotency-Key, the job's id
// is chosen first and the key reserved with it (idempotency.ts), so a repeat answers that job.
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import type { AuthedRequest } from '../rest.js';
import { AppError, ErrorCode } from '../shared/platform/errors.js';
import { parseRestUploads, removeRestUploads, restFile } from '../uploads/rest.js';
import { creationSource, SOURCE_CREATION_FIELD, type Tool } from '../shared/tools/tool.js';
import type { ToolFiles, ToolService } from '../tools/tool.service.js';
import type { Job, JobService } from '../modules/job/job.service.js';
import type { Config } from '../shared/platform/config.js';
import { fingerprintOf, idempotencyKeyOf, type IdempotencyKeys, type IdempotencyRecord } from './idempotency.js';
import { withStatus } from './problem.js';
import type { JobJson } from './representations.js';
import { API_V1 } from '../shared/jobs/job-json.js';
import { formFieldsToInput } from './tool-schemas.js';

export interface CreateDeps {
  tools: ToolService;
  jobs: JobService;
  idempotency: IdempotencyKeys;
  config: Pick<Config, 'UPLOAD_MAX_BYTES' | 'UPLOAD_IDLE_TIMEOUT_MS'>;
  /** The job as the API answers it. */
  jobJson: (job: Job, userId: string) => Promise<JobJson>;
}

/** How long a repeat waits for the job of a first request still being started. */
const REPLAY_WAIT_MS = 10_000;

/** A repeat found the key reserved (by an earlier or a concurrent request). */
class Repeat extends Error {
  constructor(
    readonly existing: IdempotencyRecord,
    readonly fingerprint: string,
  ) {
    super('idempotent repeat');
  }
}

const hasBody = (req: Request) => req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** Only JSON objects and multipart bodies are tool input; anything else is refused with what to send. */
function checkBody(req: Request, multipart: boolean): void {
  if (multipart) return;
  if (hasBody(req) && !req.is('application/json')) throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Send the input as application/json, or as multipart/form-data with files');
  if (req.body !== undefined && (req.body === null || typeof req.body !== 'object' || Array.isArray(req.body))) {
    throw new AppError(ErrorCode.BAD_USER_INPUT, "The body must be a JSON object of the tool's input fields");
  }
}

function answer(res: Response, status: number, job: JobJson, replayed: boolean): void {
  if (replayed) res.set('Idempotent-Replayed', 'true');
  res.status(status).location(job.links.self).json(job);
}

/** Its route holds an API key to the generate scope (ToolService.start checks it again). */
export async function createJob(deps: CreateDeps, tool: Tool, req: AuthedRequest, res: Response): Promise<void> {
  const key = idempotencyKeyOf(req.headers['idempotency-key']);
  const multipart = Boolean(req.is('multipart/form-data'));
  checkBody(req, multipart);
  const userId = req.user.id;
  const fields = tool.uploads.map((u) => u.field);
  let parsing: Promise<void> | undefined;
  const parse = () => (parsing ??= parseRestUploads(req, res, fields, deps.config.UPLOAD_MAX_BYTES, deps.config.UPLOAD_IDLE_TIMEOUT_MS));
  const body = () => (multipart ? { ...(req.body as Record<string, unknown> | undefined) } : ((req.body as Record<string, unknown> | undefined) ?? {}));
  const fingerprint = () =>
    fingerprintOf({
      method: req.method,
      path: `${API_V1}${tool.api.path}`,
      encoding: multipart ? 'multipart' : 'json',
      body: body(),
      files: fields.flatMap((field) => {
        const file = restFile(req, field);
        return file ? [{ field, path: file.path, filename: file.filename }] : [];
      }),
    });
  const replay = async (existing: IdempotencyRecord, given: string) => answer(res, 202, await replayed(deps, userId, key!, existing, given), true);

  let release = () => {};
  try {
    const existing = key ? await deps.idempotency.get(userId, key) : null;
    if (existing) {
      // A repeat: its body is read to compare it (a multipart one too), and nothing starts.
      if (multipart) await parse();
      return await replay(existing, await fingerprint());
    }
    const jobId = randomUUID();
    let reserved: IdempotencyRecord | undefined;
    const reserve = async () => {
      if (!key || reserved) return;
      const record = { fingerprint: await fingerprint(), jobId };
      const other = await deps.idempotency.reserve(userId, key, record);
      if (other) throw new Repeat(other, record.fingerprint);
      reserved = record;
    };
    const withUploads = fields.length > 0;
    // A multipart body's fingerprint needs its files: a tool that takes some reads them only when
    // ToolService.start allows it (plan, rate, running jobs), and reserves the key then.
    if (multipart && !withUploads) await parse();
    const files = async (): Promise<ToolFiles> => {
      release = await deps.jobs.receiveUploads(req.user);
      await parse();
      await reserve();
      return Object.fromEntries(fields.map((f) => [f, restFile(req, f)]));
    };
    const input = () => (multipart ? formFieldsToInput(tool, body()) : body());
    // An image tool's picture may be a creation of the caller's instead of a file (docs/api-v1.md, "Sending a creation").
    const sourceCreationId = creationSource(tool) ? () => body()[SOURCE_CREATION_FIELD] : undefined;
    let job: Job;
    try {
      if (!(multipart && withUploads)) await reserve();
      job = await deps.tools.start(tool.kind, req.user, { input, files: withUploads ? files : undefined, jobId, apiKey: req.apiKey, sourceCreationId });
    } catch (e) {
      // The key was reserved by an earlier or a concurrent request (found here, or once the files were read).
      if (e instanceof Repeat) return await replay(e.existing, e.fingerprint);
      // Nothing was started: the key may be used again (a job that exists, even failed, keeps it).
      if (reserved && !(await deps.jobs.get(jobId, userId))) await deps.idempotency.release(userId, key!, reserved);
      throw e;
    }
    answer(res, 202, await deps.jobJson(job, userId), false);
  } finally {
    release();
    await removeRestUploads(req);
  }
}

/** The job a key was first used for, once it exists; refused when this request is not the same. */
async function replayed(deps: CreateDeps, userId: string, key: string, existing: IdempotencyRecord, fingerprint: string): Promise<JobJson> {
  if (existing.fingerprint !== fingerprint) {
    throw withStatus(ErrorCode.BAD_USER_INPUT, 'This Idempotency-Key was already used with a different request: use a new key for a new job', 422, { field: 'Idempotency-Key' });
  }
  const deadline = Date.now() + REPLAY_WAIT_MS;
  for (;;) {
    const job = await deps.jobs.get(existing.jobId, userId);
    if (job) return deps.jobJson(job, userId);
    // The first request is still starting its job, or failed before it existed (then the key was given back).
    const now = await deps.idempotency.get(userId, key);
    if (now?.jobId !== existing.jobId) {
      throw withStatus(ErrorCode.BAD_USER_INPUT, 'The first request with this Idempotency-Key did not start a job: send the request again', 409, { field: 'Idempotency-Key' });
    }
    if (Date.now() > deadline) {
      throw withStatus(ErrorCode.BAD_USER_INPUT, 'A request with this Idempotency-Key is still being processed: try again in a moment', 409, { field: 'Idempotency-Key' });
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

// The OpenAPI document's fixed components: the job, creation, usage and problem objects the jobs
// API answers (representations.ts, usage.ts, problem.ts), its parameters, headers and refusals.
import { CreationType, JobPhase } from '../shared/db/generated/enums.js';
import { ErrorCode } from '../shared/platform/errors.js';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../shared/platform/constants.js';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from './idempotency.js';
import { TITLES } from './problem.js';
import type { JsonSchema } from './tool-schemas.js';

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const nullable = (schema: JsonSchema) => ({ anyOf: [schema, { type: 'null' }] });
const dateTime = { type: 'string', format: 'date-time' };
const object = (properties: Record<string, JsonSchema>, description?: string, optional: string[] = []) => ({
  type: 'object',
  ...(description ? { description } : {}),
  properties,
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
});

const STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'];

export const SCHEMAS: Record<string, JsonSchema> = {
  JobStatus: { type: 'string', enum: STATUSES, description: 'queued → running → completed, failed or cancelled' },
  JobPhase: { type: 'string', enum: Object.values(JobPhase), description: 'The finer state: running is ANALYZING, PROCESSING then FINALIZING' },
  CreationType: { type: 'string', enum: Object.values(CreationType) },
  ErrorCode: { type: 'string', enum: Object.values(ErrorCode), description: "The same codes as GraphQL's extensions.code" },
  JobError: object({ code: { type: 'string', description: 'Why it failed, e.g. PROVIDER_UNAVAILABLE' }, message: { type: 'string' } }),
  JobLinks: object({
    self: { type: 'string', description: 'GET: the job' },
    events: { type: 'string', description: 'GET: its events as Server-Sent Events' },
    cancel: { type: 'string', description: 'POST: cancels it' },
  }),
  Creation: object(
    {
      id: { type: 'string', format: 'uuid' },
      object: { type: 'string', const: 'creation' },
      type: ref('CreationType'),
      prompt: { type: 'string' },
      content: { type: 'string', description: "Markdown for text tools; the image's URL for image tools (signed for a while until published)" },
      published: { type: 'boolean' },
      like_count: { type: 'integer', minimum: 0 },
      provider: { type: 'string', description: 'Which provider made it, e.g. "openai" or "local"' },
      note: nullable({
        type: 'string',
        description: 'What to look at closely in this result: it passed its checks but may not convince (a large fill, an edge between two objects); null for a plain success',
      }),
      batch: { type: 'array', items: { type: 'string', format: 'uuid' }, description: 'The other creations the same request made (several pictures)' },
      job_id: nullable({ type: 'string', format: 'uuid' }),
      created_at: dateTime,
    },
    'A result: one of your creations',
  ),
  Job: object(
    {
      id: { type: 'string', format: 'uuid' },
      object: { type: 'string', const: 'job' },
      tool: { type: 'string', description: "The tool's kind, e.g. article" },
      status: ref('JobStatus'),
      phase: ref('JobPhase'),
      percent: { type: 'integer', minimum: 0, maximum: 100 },
      message: nullable({ type: 'string' }),
      error: nullable(ref('JobError')),
      creation: nullable(ref('Creation')),
      created_at: dateTime,
      started_at: nullable(dateTime),
      finished_at: nullable(dateTime),
      links: ref('JobLinks'),
    },
    'A tool run: queued at once, worked on by a worker; creation is set once completed',
  ),
  CreationList: object({
    object: { type: 'string', const: 'list' },
    data: { type: 'array', items: ref('Creation') },
    has_more: { type: 'boolean' },
    next_cursor: nullable({ type: 'string' }),
  }),
  Usage: object({
    object: { type: 'string', const: 'usage' },
    plan: { type: 'string', enum: ['FREE', 'PREMIUM'] },
    month: { type: 'string', pattern: '^\\d{4}-\\d{2}$', description: 'The calendar month counted (UTC)' },
    quota: object({
      text: object({ used: { type: 'integer', minimum: 0 }, limit: nullable({ type: 'integer', minimum: 0 }) }, 'Text generations this month; limit null: unlimited'),
    }),
    jobs: object({
      running: { type: 'integer', minimum: 0 },
      max_concurrent: { type: 'integer', minimum: 1 },
      this_month: object(Object.fromEntries([...STATUSES, 'total'].map((s) => [s, { type: 'integer', minimum: 0 }]))),
    }),
    rate_limits: object({ tool_requests_per_minute: { type: 'integer', minimum: 1 } }),
  }),
  Problem: object(
    {
      type: { type: 'string', format: 'uri', description: 'One URI per code (urn:atelier:problem:…)' },
      title: { type: 'string' },
      status: { type: 'integer' },
      detail: { type: 'string', description: 'What went wrong, for a person' },
      code: ref('ErrorCode'),
      field: { type: 'string', description: 'The input field, header or parameter at fault, when one is' },
    },
    'An error (RFC 9457 problem details)',
    ['field'],
  ),
  JobProgressEvent: object(
    { job_id: { type: 'string', format: 'uuid' }, status: ref('JobStatus'), phase: ref('JobPhase'), percent: { type: 'integer' }, message: nullable({ type: 'string' }) },
    'The data of a `progress` event',
  ),
  JobDeltaEvent: object(
    {
      job_id: { type: 'string', format: 'uuid' },
      offset: { type: 'integer', minimum: 0, description: 'Where delta goes: text = text.slice(0, offset) + delta' },
      delta: { type: 'string' },
    },
    'The data of a `delta` event (text tools)',
  ),
};

export const PARAMETERS = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Any unique string (a UUID): sent again with the same request within 24 hours, it answers with the same job (header Idempotent-Replayed: true) instead of starting another; with a different request it is refused (422)',
    schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
  },
  JobId: { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
  LastEventId: {
    name: 'Last-Event-ID',
    in: 'header',
    required: false,
    description: 'The id of the last event received: the stream resumes after it, without repeating or losing text',
    schema: { type: 'string' },
  },
  First: { name: 'first', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT } },
  After: { name: 'after', in: 'query', required: false, description: "The previous page's next_cursor", schema: { type: 'string' } },
};

const integerHeader = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });

export const HEADERS = {
  'RateLimit-Limit': integerHeader('Requests the most restrictive limit met allows in its window'),
  'RateLimit-Remaining': integerHeader('Requests left in that window'),
  'RateLimit-Reset': integerHeader("Seconds until the window's oldest request leaves it"),
  'RateLimit-Policy': { description: 'The limit and its window in seconds, e.g. 20;w=60', schema: { type: 'string' } },
  'Retry-After': integerHeader('Seconds to wait before trying again'),
  Location: { description: "The job's URL", schema: { type: 'string' } },
  'Idempotent-Replayed': { description: 'true: this is the job an earlier request with the same Idempotency-Key started', schema: { type: 'string', enum: ['true'] } },
};

const headerRef = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });

/** The RateLimit-* headers, on every answer of a limited route. */
export const RATE_LIMIT = Object.fromEntries((['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy'] as const).map((h) => [h, headerRef(h)]));

const problem = (description: string, headers: Record<string, unknown> = {}) => ({
  description,
  ...(Object.keys(headers).length ? { headers } : {}),
  content: { 'application/problem+json': { schema: ref('Problem') } },
});

/** Refusals by status; each says which codes it carries. */
export const RESPONSES = {
  BadRequest: problem(`${TITLES.BAD_USER_INPUT}: BAD_USER_INPUT (field names the input at fault)`),
  Unauthorized: problem('No API key, or one that is not valid or was revoked: UNAUTHENTICATED'),
  Forbidden: problem('The key lacks the scope this needs (FORBIDDEN), or the tool needs the Premium plan (PREMIUM_REQUIRED)'),
  NotFound: problem('No such job or route: NOT_FOUND'),
  Conflict: problem('A request with this Idempotency-Key is still being started, or did not start a job: BAD_USER_INPUT'),
  PayloadTooLarge: problem('A file or body over the limit: PAYLOAD_TOO_LARGE'),
  UnsupportedMediaType: problem('A body that is not JSON or multipart, or a file of a type the tool does not take: UNSUPPORTED_MEDIA_TYPE'),
  UnprocessableContent: problem('This Idempotency-Key was used with a different request: BAD_USER_INPUT'),
  TooManyRequests: problem('Too many requests, too many jobs running or event streams open (RATE_LIMITED), or the monthly quota is spent (QUOTA_EXCEEDED)', {
    'Retry-After': headerRef('Retry-After'),
    ...RATE_LIMIT,
  }),
  ServiceUnavailable: problem('A dependency is down: SERVICE_UNAVAILABLE or PROVIDER_UNAVAILABLE; try again in a moment'),
};

export const responseRef = (name: keyof typeof RESPONSES) => ({ $ref: `#/components/responses/${name}` });
export const parameterRef = (name: keyof typeof PARAMETERS) => ({ $ref: `#/components/parameters/${name}` });
export { headerRef };

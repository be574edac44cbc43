// Configuration is read and validated once, here (docs/architecture.md).
import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_FREE_TEXT_QUOTA,
  JOB_TIMEOUT_MS_DEFAULT,
  MAX_CONCURRENT_JOBS_DEFAULT,
  TOOL_RATE_PER_MINUTE_DEFAULT,
  LIKE_RATE_PER_MINUTE_DEFAULT,
  API_KEY_RATE_PER_MINUTE_DEFAULT,
  UPLOAD_MAX_BYTES_DEFAULT,
  UPLOAD_IDLE_TIMEOUT_MS_DEFAULT,
  UPLOAD_MAX_CONCURRENT_DEFAULT,
  HTTP_KEEP_ALIVE_TIMEOUT_MS_DEFAULT,
  SHUTDOWN_DELAY_MS_DEFAULT,
  SHUTDOWN_GRACE_MS_DEFAULT,
  WORKER_DRAIN_GRACE_MS_DEFAULT,
  FILE_URL_TTL_SECONDS_DEFAULT,
  IMAGE_MAX_PIXELS_DEFAULT,
  PDF_READ_TIMEOUT_MS_DEFAULT,
  PDF_READ_MEMORY_MB_DEFAULT,
  AUTH_ATTEMPTS_PER_IP_PER_MINUTE,
  MESSAGE_RATE_PER_HOUR_DEFAULT,
  EMAIL_RATE_PER_HOUR_DEFAULT,
  WS_MAX_CONNECTIONS_PER_USER_DEFAULT,
  WS_MAX_SUBSCRIPTIONS_PER_CONNECTION_DEFAULT,
  WS_MAX_SUBSCRIPTIONS_PER_ADDRESS_DEFAULT,
  WS_REAUTH_INTERVAL_MS_DEFAULT,
  SSE_MAX_STREAMS_PER_USER_DEFAULT,
  SSE_MAX_STREAMS_PER_API_KEY_DEFAULT,
  SSE_MAX_STREAMS_PER_PROCESS_DEFAULT,
  WEBHOOK_TIMEOUT_MS_DEFAULT,
  WEBHOOK_RETRY_DELAYS_MS_DEFAULT,
  WEBHOOK_CONCURRENCY,
  WEBHOOK_ACCOUNT_SLOTS_DEFAULT,
} from './constants.js';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off']).transform((v) => ['true', '1', 'yes', 'on'].includes(v));
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

/** A SHA-256 as 64 hexadecimal digits (as `sha256sum` prints it), kept in lower case. */
const sha256 = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, 'a SHA-256: 64 hexadecimal digits, as sha256sum prints it')
  .transform((v) => v.toLowerCase());

/** host:port (or [v6-address]:port; the port defaults to 26379) items, comma-separated. */
const SENTINEL_LIST = /^\s*(\[[0-9a-fA-F:.]+\]|[\w.-]+)(:\d{1,5})?\s*(,\s*(\[[0-9a-fA-F:.]+\]|[\w.-]+)(:\d{1,5})?\s*)*$/;

function parseSentinels(list: string): { host: string; port: number }[] {
  return list.split(',').map((item) => {
    const [, host, port] = /^\s*\[?([^\]]+?)\]?(?::(\d+))?\s*$/.exec(item)!;
    return { host: host!, port: port ? Number(port) : 26379 };
  });
}

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().default('postgresql://127.0.0.1:5432/atelier'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  /** Prefix of every Redis key (queues and pub/sub channels), so several deployments can share one Redis. */
  REDIS_PREFIX: z.string().default('atelier'),
  /**
   * Redis behind Sentinel: the Sentinels (host:port, comma-separated) and the name they know the
   * master by. Every connection then asks them where the master is, and follows it when they fail
   * over; REDIS_URL still gives the data connections' user, password, database and TLS
   * (rediss://), not their address (docs/deployment.md#redis-sentinel-and-managed-redis).
   */
  REDIS_SENTINELS: optionalString.pipe(
    z.string().regex(SENTINEL_LIST, 'a comma-separated list of host:port, e.g. 10.0.0.1:26379,10.0.0.2:26379').transform(parseSentinels).optional(),
  ),
  REDIS_SENTINEL_NAME: optionalString,
  /** The Sentinels' own password (`requirepass` in sentinel.conf), when they ask for one. */
  REDIS_SENTINEL_PASSWORD: optionalString,
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_SECRET: optionalString,
  CLERK_PUBLISHABLE_KEY: optionalString,
  CLERK_SECRET_KEY: optionalString,
  CLERK_JWT_KEY: optionalString,
  /** Clerk's Backend API (profiles); only changed to point at a test server. */
  CLERK_API_URL: optionalString,
  /** Origins whose session tokens are accepted (the token's `azp`), comma-separated; unset: any. */
  CLERK_AUTHORIZED_PARTIES: optionalString,
  /** Svix signing secret (whsec_…) of the Clerk webhook endpoint: enables POST /api/webhooks/clerk. */
  CLERK_WEBHOOK_SIGNING_SECRET: optionalString,
  OPENAI_API_KEY: optionalString,
  /** An OpenAI-compatible API's base URL, ending in its version (…/v1); a bare host gets /v1. */
  OPENAI_BASE_URL: optionalString,
  TEXT_MODEL: z.string().default('gpt-4o-mini'),
  /** The image generator's key and base URL; unset, the text ones are used. */
  IMAGE_API_KEY: optionalString,
  IMAGE_BASE_URL: optionalString,
  IMAGE_MODEL: z.string().default('gpt-image-1'),
  CLOUDINARY_URL: optionalString,
  /**
   * Screening what is published (docs/screening.md): which classifier (auto: OpenAI's moderation
   * endpoint with an OpenAI key of OpenAI's own, else nsfwjs offline), the score at or above which
   * a picture is held or blurred, which of the two, and the operator's word list.
   */
  SCREENING_PROVIDER: z.enum(['auto', 'nsfwjs', 'openai']).default('auto'),
  SCREENING_THRESHOLD: z.coerce.number().min(0).max(1).default(0.7),
  SCREENING_MODE: z.enum(['hold', 'blur']).default('hold'),
  SCREENING_WORDS_FILE: optionalString,
  /** OpenAI's moderation endpoint: only changed to point at a test server or a proxy. */
  SCREENING_OPENAI_BASE_URL: z.string().default('https://api.openai.com/v1'),
  SCREENING_OPENAI_MODEL: z.string().default('omni-moderation-latest'),
  /** ClipDrop (text-to-image, remove-background, cleanup): serves the image tools when set. */
  CLIPDROP_API_KEY: optionalString,
  CLIPDROP_BASE_URL: z.string().default('https://clipdrop-api.co'),
  /** An IOPaint server (LaMa, MI-GAN…) that fills the embedded object remover's holes: e.g. http://127.0.0.1:8080. */
  IOPAINT_URL: optionalString,
  /**
   * Learned model files the operator places (docs/learned-models.md): the folder searched for
   * them by their published names (unset: DATA_DIR/models), or each file's own path, and the
   * SHA-256 of a file that is not one of the published files the docs list (an own export).
   */
  MODELS_DIR: optionalString,
  INPAINT_MODEL_PATH: optionalString,
  INPAINT_MODEL_SHA256: optionalString.pipe(sha256.optional()),
  UPSCALE_MODEL_PATH: optionalString,
  UPSCALE_MODEL_SHA256: optionalString.pipe(sha256.optional()),
  /**
   * Self-hosted engines (docs/engines.md). Each is used when its variable is set; with ENGINE_AUTODETECT
   * on (the default), a worker also looks for them on their default local addresses at start-up
   * (ComfyUI 127.0.0.1:8188, AUTOMATIC1111/Forge 127.0.0.1:7860, Ollama 127.0.0.1:11434).
   */
  ENGINE_AUTODETECT: z
    .enum(['true', 'false', '1', '0', 'on', 'off'])
    .default('true')
    .transform((v) => v === 'true' || v === '1' || v === 'on'),
  /** ComfyUI's address, e.g. http://127.0.0.1:8188, and the checkpoint its text-to-image workflow loads (unset: the first it lists). */
  COMFYUI_URL: optionalString,
  COMFYUI_CHECKPOINT: optionalString,
  /** AUTOMATIC1111 / Forge's address (started with --api), e.g. http://127.0.0.1:7860. */
  SD_WEBUI_URL: optionalString,
  /** Ollama's address, e.g. http://127.0.0.1:11434, and the chat model to use (unset: the first chat model it has). */
  OLLAMA_URL: optionalString,
  OLLAMA_MODEL: optionalString,
  /** Stripe billing (Checkout, Customer Portal, webhooks) when STRIPE_SECRET_KEY is set; else the demo billing. */
  STRIPE_SECRET_KEY: optionalString,
  /** The webhook endpoint's signing secret (whsec_…) for POST /api/webhooks/stripe. */
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** The recurring Price of the Premium plan (price_…). */
  STRIPE_PRICE_PREMIUM: optionalString,
  /** Stripe's API address; only changed to point at a test server. */
  STRIPE_API_URL: optionalString,
  /** Where Checkout and the Portal send the browser back (this app's public origin, e.g. https://studio.example.com). */
  PUBLIC_URL: optionalString,
  /**
   * Account e-mail (docs/email.md): the SMTP server to send through, as nodemailer reads a URL
   * (smtp://user:pass@host:587, smtps://… for TLS from the start; query options such as
   * ?requireTLS=true go to nodemailer). Unset: every message is written to DATA_DIR/outbox.
   */
  SMTP_URL: optionalString,
  /** The From of account e-mail: an address, or "Name <address>". */
  MAIL_FROM: z.string().default('Atelier <no-reply@localhost>'),
  /**
   * Comma-separated e-mail addresses whose accounts are ADMIN (docs/moderation.md, "Roles"),
   * once the address is verified; compared without case.
   */
  ADMIN_EMAILS: z.string().default(''),
  /** The source repository "Star us" and the GitHub links open; unset: package.json's "repository", else they are hidden. */
  PROJECT_REPOSITORY_URL: optionalString,
  /** The blog the navigation's "Blog" link opens; unset: no Blog link. */
  BLOG_URL: optionalString,
  /** The deployment's own accounts the social links open (cards, banner, footer); each unset one is not shown. */
  INSTAGRAM_URL: optionalString,
  YOUTUBE_URL: optionalString,
  LINKEDIN_URL: optionalString,
  /** S3-compatible storage (AWS S3, Cloudflare R2, MinIO): the file store when S3_BUCKET is set. */
  S3_BUCKET: optionalString,
  /** The service's endpoint (R2, MinIO); unset: AWS S3 in S3_REGION. */
  S3_ENDPOINT: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Path-style addressing (MinIO, most self-hosted services). */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Public base URL (bucket website or CDN) of published files; unset: the bucket's own URL. */
  S3_PUBLIC_URL: optionalString,
  FREE_TEXT_QUOTA: z.coerce.number().int().min(0).default(DEFAULT_FREE_TEXT_QUOTA),
  /** Jobs of one tool queue one worker process runs at once (the embedded image models: one at a time whatever this says). */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
  /**
   * The tools a worker process runs queues for: a pool. Comma-separated tool kinds or groups of
   * the catalogue (`output:text`, `output:image`: every tool of that output; docs/deployment.md,
   * "Worker pools"). Unset or empty: every tool. Each name is checked against the catalogue when
   * the worker starts (worker/tools/catalogue.ts).
   */
  WORKER_TOOLS: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9-]+(:[a-z0-9-]+)?(\s*,\s*[a-z0-9-]+(:[a-z0-9-]+)?)*$/, 'a comma-separated list of tool kinds or groups, e.g. article,blog-titles or output:image')
      .transform((v) => [...new Set(v.split(',').map((k) => k.trim()))])
      .optional(),
  ),
  /** Whether this worker process also delivers webhooks (every pool does unless told not to). */
  WORKER_WEBHOOKS: bool.default(true),
  /** Longest a job may run before it fails. */
  JOB_TIMEOUT_MS: z.coerce.number().int().min(1000).default(JOB_TIMEOUT_MS_DEFAULT),
  /** BullMQ lock, renewed every half of it: a worker that dies has its job re-queued within about 1.5 × this. */
  JOB_LOCK_MS: z.coerce.number().int().min(1000).default(10_000),
  /** A live job untouched this long that BullMQ no longer runs is failed by the workers' sweep. */
  JOB_REAP_AFTER_MS: z.coerce.number().int().min(1000).default(120_000),
  MAX_CONCURRENT_JOBS: z.coerce.number().int().min(1).default(MAX_CONCURRENT_JOBS_DEFAULT),
  TOOL_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(TOOL_RATE_PER_MINUTE_DEFAULT),
  LIKE_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(LIKE_RATE_PER_MINUTE_DEFAULT),
  /** Requests per API key per minute, on GraphQL, REST and the WebSocket (docs/api-keys.md). */
  API_KEY_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(API_KEY_RATE_PER_MINUTE_DEFAULT),
  /** Sign-in and sign-up attempts per client address per minute. */
  AUTH_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(AUTH_ATTEMPTS_PER_IP_PER_MINUTE),
  /** Contact messages, feedback and newsletter sign-ups per client address per hour; each executed field counts (aliases too). */
  MESSAGE_RATE_PER_HOUR: z.coerce.number().int().min(1).default(MESSAGE_RATE_PER_HOUR_DEFAULT),
  /** Requests for account e-mail (password reset, verification, change of address) per client address per hour (docs/email.md). */
  EMAIL_RATE_PER_HOUR: z.coerce.number().int().min(1).default(EMAIL_RATE_PER_HOUR_DEFAULT),
  /** Pause between chunks the offline writer streams, so text appears as it is written. */
  LOCAL_STREAM_DELAY_MS: z.coerce.number().int().min(0).default(12),
  /** Largest uploaded file; the uploadLimits query tells browsers (a GraphQL Int, so below 2 GiB). */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(2 ** 31 - 1)
    .default(UPLOAD_MAX_BYTES_DEFAULT),
  /** An upload (GraphQL or REST) that sends no bytes for this long is refused with 408 and its connection closed. */
  UPLOAD_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(UPLOAD_IDLE_TIMEOUT_MS_DEFAULT),
  /** Requests one API process receives files for at once; past it, SERVICE_UNAVAILABLE before any file is read. */
  UPLOAD_MAX_CONCURRENT: z.coerce.number().int().min(1).default(UPLOAD_MAX_CONCURRENT_DEFAULT),
  /**
   * A private image's URL is signed for between half of this and this (seconds); a published
   * one may be cached this long, so an unpublished or deleted image can outlive it in caches by that much.
   */
  FILE_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(FILE_URL_TTL_SECONDS_DEFAULT),
  /** Largest image (width × height) we decode: a decompression bomb stops here. */
  IMAGE_MAX_PIXELS: z.coerce.number().int().min(1).default(IMAGE_MAX_PIXELS_DEFAULT),
  /** A resume PDF is read in a process of its own, killed past this time or resident memory. */
  PDF_READ_TIMEOUT_MS: z.coerce.number().int().min(100).default(PDF_READ_TIMEOUT_MS_DEFAULT),
  PDF_READ_MEMORY_MB: z.coerce.number().int().min(128).default(PDF_READ_MEMORY_MB_DEFAULT),
  GRAPHQL_INTROSPECTION: bool.default(true),
  /** Adds the runNoopJob mutation and its worker, for the pipeline benchmark only. */
  ENABLE_NOOP_TOOL: bool.default(false),
  /** When set, /metrics answers only requests bearing this token. */
  METRICS_TOKEN: optionalString,
  /** When set, a worker serves its own /metrics on this port. */
  WORKER_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  CORS_ORIGINS: optionalString,
  /** Which proxies' X-Forwarded-For to believe (Express 'trust proxy': loopback, uniquelocal, addresses, a hop count). */
  TRUST_PROXY: z.string().default('loopback'),
  /** Open WebSocket connections one signed-in user may hold on one API process (4029 past it). */
  WS_MAX_CONNECTIONS_PER_USER: z.coerce.number().int().min(1).default(WS_MAX_CONNECTIONS_PER_USER_DEFAULT),
  /** Subscriptions one socket may hold, and one client address across its sockets, on one API process (RATE_LIMITED past them). */
  WS_MAX_SUBSCRIPTIONS_PER_CONNECTION: z.coerce.number().int().min(1).default(WS_MAX_SUBSCRIPTIONS_PER_CONNECTION_DEFAULT),
  WS_MAX_SUBSCRIPTIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(WS_MAX_SUBSCRIPTIONS_PER_ADDRESS_DEFAULT),
  /** How often the users behind open sockets are re-read: a deleted user's sockets close (4403) within this. */
  WS_REAUTH_INTERVAL_MS: z.coerce.number().int().min(100).default(WS_REAUTH_INTERVAL_MS_DEFAULT),
  /**
   * Open event streams (GET /api/v1/jobs/{id}/events) on one API process: per signed-in user, per
   * API key, and in all; past any of them 429 RATE_LIMITED with Retry-After (docs/api-v1.md).
   */
  SSE_MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).default(SSE_MAX_STREAMS_PER_USER_DEFAULT),
  SSE_MAX_STREAMS_PER_API_KEY: z.coerce.number().int().min(1).default(SSE_MAX_STREAMS_PER_API_KEY_DEFAULT),
  SSE_MAX_STREAMS_PER_PROCESS: z.coerce.number().int().min(1).default(SSE_MAX_STREAMS_PER_PROCESS_DEFAULT),
  BODY_LIMIT: z.string().default('1mb'),
  /**
   * Graceful drain (docs/deployment.md#rolling-deploys-and-drain). On SIGTERM an API answers /readyz
   * with 503 at once and keeps serving for SHUTDOWN_DELAY_MS (so a balancer polling readiness stops
   * sending it new work), then stops accepting connections, closes its WebSockets with 1012 and ends
   * its event streams, and lets in-flight requests finish for up to SHUTDOWN_GRACE_MS.
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(SHUTDOWN_DELAY_MS_DEFAULT),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(SHUTDOWN_GRACE_MS_DEFAULT),
  /** On SIGTERM a worker takes no new job and gives its running ones this long to finish; then it puts them back in their queue for another worker. */
  WORKER_DRAIN_GRACE_MS: z.coerce.number().int().min(0).max(3_600_000).default(WORKER_DRAIN_GRACE_MS_DEFAULT),
  /** How long an idle keep-alive connection stays open: longer than any client or proxy in front keeps its own. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(HTTP_KEEP_ALIVE_TIMEOUT_MS_DEFAULT),
  /**
   * Webhook targets on loopback, private, link-local and other non-public addresses are refused
   * (when saved and at every delivery) unless this is on: a deployment whose receivers are on its
   * own network, or the tests (docs/webhooks.md).
   */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: bool.default(false),
  /** How long a webhook delivery waits for the receiver (connecting, sending, its whole answer). */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(WEBHOOK_TIMEOUT_MS_DEFAULT),
  /**
   * How many of a worker process's WEBHOOK_CONCURRENCY delivery slots one account's deliveries may
   * hold at once; its other deliveries wait without holding one (docs/webhooks.md, "Fairness").
   */
  WEBHOOK_ACCOUNT_SLOTS: z.coerce.number().int().min(1).max(WEBHOOK_CONCURRENCY).default(WEBHOOK_ACCOUNT_SLOTS_DEFAULT),
  /** The waits before each retry of a failed webhook delivery, in ms, comma-separated (one retry each; the first attempt is immediate). */
  WEBHOOK_RETRY_DELAYS_MS: optionalString
    .pipe(
      z
        .string()
        .regex(/^\d+(\s*,\s*\d+)*$/, 'a comma-separated list of milliseconds, e.g. 5000,300000')
        .transform((v) => v.split(',').map((n) => Number(n.trim())))
        .optional(),
    )
    .transform((v) => v ?? WEBHOOK_RETRY_DELAYS_MS_DEFAULT),
  /** How long a signed-in user's row is reused between requests (0: read it every time). */
  USER_CACHE_TTL_MS: z.coerce.number().int().min(0).default(5000),
});

export type Config = z.infer<typeof schema> & {
  identityProvider: 'clerk' | 'builtin';
  dataDir: string;
  /** Where learned model files are looked for: MODELS_DIR, else DATA_DIR/models (docs/learned-models.md). */
  modelsDir: string;
};

/** libpq falls back to the OS user when a URL names none; node-postgres does not, so do it here. */
export function withDefaultUser(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (!url.username) url.username = process.env.PGUSER ?? userInfo().username;
  return url.toString();
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const c = parsed.data;
  const problems = [
    ...baseUrlProblem('OPENAI_BASE_URL', c.OPENAI_BASE_URL),
    ...baseUrlProblem('IMAGE_BASE_URL', c.IMAGE_BASE_URL),
    ...baseUrlProblem('CLIPDROP_BASE_URL', c.CLIPDROP_BASE_URL),
    ...baseUrlProblem('SCREENING_OPENAI_BASE_URL', c.SCREENING_OPENAI_BASE_URL),
    ...baseUrlProblem('IOPAINT_URL', c.IOPAINT_URL),
    ...baseUrlProblem('COMFYUI_URL', c.COMFYUI_URL),
    ...baseUrlProblem('SD_WEBUI_URL', c.SD_WEBUI_URL),
    ...baseUrlProblem('OLLAMA_URL', c.OLLAMA_URL),
    ...baseUrlProblem('CLERK_API_URL', c.CLERK_API_URL),
    ...baseUrlProblem('S3_ENDPOINT', c.S3_ENDPOINT),
    ...baseUrlProblem('S3_PUBLIC_URL', c.S3_PUBLIC_URL),
    ...baseUrlProblem('STRIPE_API_URL', c.STRIPE_API_URL),
    ...baseUrlProblem('PUBLIC_URL', c.PUBLIC_URL),
    ...linkProblem('PROJECT_REPOSITORY_URL', c.PROJECT_REPOSITORY_URL),
    ...linkProblem('BLOG_URL', c.BLOG_URL),
    ...linkProblem('INSTAGRAM_URL', c.INSTAGRAM_URL),
    ...linkProblem('YOUTUBE_URL', c.YOUTUBE_URL),
    ...linkProblem('LINKEDIN_URL', c.LINKEDIN_URL),
    ...redisProblems(c),
    ...smtpProblems(c),
    ...(c.SCREENING_PROVIDER === 'openai' && !c.OPENAI_API_KEY ? ['SCREENING_PROVIDER: openai needs OPENAI_API_KEY'] : []),
    ...(c.STRIPE_SECRET_KEY && !(c.STRIPE_WEBHOOK_SECRET && c.STRIPE_PRICE_PREMIUM)
      ? ['STRIPE_SECRET_KEY: Stripe billing also needs STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_PREMIUM']
      : []),
  ];
  if (problems.length) throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return {
    ...c,
    OPENAI_BASE_URL: c.OPENAI_BASE_URL && apiBaseUrl(c.OPENAI_BASE_URL),
    IMAGE_BASE_URL: c.IMAGE_BASE_URL && apiBaseUrl(c.IMAGE_BASE_URL),
    CLIPDROP_BASE_URL: c.CLIPDROP_BASE_URL.replace(/\/+$/, ''),
    SCREENING_OPENAI_BASE_URL: apiBaseUrl(c.SCREENING_OPENAI_BASE_URL),
    SCREENING_WORDS_FILE: c.SCREENING_WORDS_FILE && resolve(c.SCREENING_WORDS_FILE),
    IOPAINT_URL: c.IOPAINT_URL?.replace(/\/+$/, ''),
    COMFYUI_URL: c.COMFYUI_URL?.replace(/\/+$/, ''),
    SD_WEBUI_URL: c.SD_WEBUI_URL?.replace(/\/+$/, ''),
    OLLAMA_URL: c.OLLAMA_URL?.replace(/\/+$/, ''),
    S3_PUBLIC_URL: c.S3_PUBLIC_URL?.replace(/\/+$/, ''),
    DATABASE_URL: withDefaultUser(c.DATABASE_URL),
    PROJECT_REPOSITORY_URL: c.PROJECT_REPOSITORY_URL ?? packageRepositoryUrl(),
    identityProvider: c.CLERK_SECRET_KEY || c.CLERK_JWT_KEY ? 'clerk' : 'builtin',
    dataDir: resolve(c.DATA_DIR),
    modelsDir: resolve(c.MODELS_DIR ?? join(c.DATA_DIR, 'models')),
    INPAINT_MODEL_PATH: c.INPAINT_MODEL_PATH && resolve(c.INPAINT_MODEL_PATH),
    UPSCALE_MODEL_PATH: c.UPSCALE_MODEL_PATH && resolve(c.UPSCALE_MODEL_PATH),
  };
}

/** A base URL we call: http(s), no credentials in it (they belong in the key variables). */
function baseUrlProblem(name: string, raw: string | undefined): string[] {
  if (!raw) return [];
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return [`${name}: "${raw}" is not a URL (expected e.g. https://api.example.com/v1)`];
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return [`${name}: must start with https:// or http://`];
  if (u.username || u.password) return [`${name}: must not hold credentials; set the key variable instead`];
  if (u.search || u.hash) return [`${name}: must not have a query or fragment`];
  return [];
}

/** REDIS_URL a redis:// or rediss:// URL; Sentinel settings that make sense together. */
function redisProblems(c: Pick<z.infer<typeof schema>, 'REDIS_URL' | 'REDIS_SENTINELS' | 'REDIS_SENTINEL_NAME' | 'REDIS_SENTINEL_PASSWORD'>): string[] {
  const problems: string[] = [];
  let u: URL | null = null;
  try {
    u = new URL(c.REDIS_URL);
  } catch {
    problems.push('REDIS_URL: is not a URL (expected e.g. redis://127.0.0.1:6379, or rediss://user:password@host:6380 for TLS)');
  }
  if (u && u.protocol !== 'redis:' && u.protocol !== 'rediss:') problems.push('REDIS_URL: must start with redis:// or rediss:// (TLS)');
  if (u && !/^\/?\d*$/.test(u.pathname)) problems.push('REDIS_URL: its path may only be a database number, e.g. redis://127.0.0.1:6379/0');
  if (c.REDIS_SENTINELS?.some((s) => s.port < 1 || s.port > 65535)) problems.push('REDIS_SENTINELS: a port must be between 1 and 65535');
  if (c.REDIS_SENTINELS && !c.REDIS_SENTINEL_NAME)
    problems.push("REDIS_SENTINELS: also set REDIS_SENTINEL_NAME, the master's name in the Sentinels' configuration (e.g. mymaster)");
  if (!c.REDIS_SENTINELS && (c.REDIS_SENTINEL_NAME || c.REDIS_SENTINEL_PASSWORD)) problems.push('REDIS_SENTINEL_NAME: only used with REDIS_SENTINELS (the Sentinels to ask)');
  return problems;
}

/**
 * SMTP_URL an smtp:// or smtps:// URL. With real mail, PUBLIC_URL is required: the links in
 * account e-mail must not take their host from a request's Host header, which a caller chooses
 * (docs/email.md, "Links").
 */
function smtpProblems(c: Pick<z.infer<typeof schema>, 'SMTP_URL' | 'PUBLIC_URL'>): string[] {
  if (!c.SMTP_URL) return [];
  let u: URL;
  try {
    u = new URL(c.SMTP_URL);
  } catch {
    return ['SMTP_URL: is not a URL (expected e.g. smtp://user:password@smtp.example.com:587)'];
  }
  if (u.protocol !== 'smtp:' && u.protocol !== 'smtps:') return ['SMTP_URL: must start with smtp:// or smtps:// (TLS from the start)'];
  if (!c.PUBLIC_URL) return ["SMTP_URL: also set PUBLIC_URL, the site's origin the links in account e-mail start with"];
  return [];
}

/** A link shown to visitors: an http(s) address with no credentials in it. */
function linkProblem(name: string, raw: string | undefined): string[] {
  if (!raw) return [];
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return [`${name}: "${raw}" is not a URL (expected e.g. https://example.com/page)`];
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return [`${name}: must start with https:// or http://`];
  if (u.username || u.password) return [`${name}: must not hold credentials`];
  return [];
}

/**
 * A package.json "repository" as a web address: { url } or a string, with git+ and .git
 * dropped and the owner/name and github:owner/name shorthands on GitHub. Anything else: undefined.
 */
export function repositoryWebUrl(repository: unknown): string | undefined {
  const raw = typeof repository === 'string' ? repository : (repository as { url?: unknown } | null)?.url;
  if (typeof raw !== 'string' || raw.trim() === '') return undefined;
  const shorthand = /^(?:github:)?([\w.-]+\/[\w.-]+)$/.exec(raw.trim());
  const url = (shorthand ? `https://github.com/${shorthand[1]}` : raw.trim()).replace(/^git\+/, '').replace(/\.git$/, '');
  return /^https?:\/\//.test(url) && linkProblem('repository', url).length === 0 ? url : undefined;
}

/** This project's own repository setting (package.json "repository"), when it has one. */
function packageRepositoryUrl(): string | undefined {
  try {
    const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../package.json'), 'utf8')) as { repository?: unknown };
    return repositoryWebUrl(pkg.repository);
  } catch {
    return undefined;
  }
}

/**
 * An OpenAI-compatible base URL as the SDK wants it: no trailing slash, and /v1 added to a
 * bare host (https://api.openai.com, http://localhost:11434), which otherwise 404s at job
 * time. A URL with a path (Gemini's …/v1beta/openai) is kept as it is.
 */
export function apiBaseUrl(raw: string): string {
  const u = new URL(raw);
  const path = u.pathname.replace(/\/+$/, '');
  return `${u.origin}${path === '' ? '/v1' : path}`;
}

/** Where a URL points, without its credentials: safe to log. */
export function describeUrl(raw: string): string {
  try {
    const u = new URL(raw);
    return `${u.protocol}//${u.hostname}:${u.port || (u.protocol.startsWith('redis') ? 6379 : 5432)}${u.pathname}`;
  } catch {
    return '(unparseable URL)';
  }
}

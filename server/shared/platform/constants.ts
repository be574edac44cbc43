// Every number of the product spec (§9) and of docs/jobs-and-events.md lives here.

// Article word counts and ranges (§9) sit with the other domain names in server/shared/platform/domain.ts.

export const DEFAULT_FREE_TEXT_QUOTA = 10;
/** Days of Premium a trial gives, with no card (product §1). */
export const TRIAL_DAYS = 14;

/** Built-in accounts. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
export const NAME_MAX_LENGTH = 80;
export const EMAIL_MAX_LENGTH = 254;

/** Pagination. */
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

/** Feedback form (product §3). */
export const FEEDBACK_CATEGORIES = ['general_feedback', 'ui/ux_feedback', 'responsiveness_issue', 'website_experience', 'website_issue', 'report_an issue', 'other'] as const;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const MESSAGE_MAX_LENGTH = 5000;
export const SUBJECT_MAX_LENGTH = 200;

/** Open WebSocket connections per signed-in user per API process (WS_MAX_CONNECTIONS_PER_USER). */
export const WS_MAX_CONNECTIONS_PER_USER_DEFAULT = 20;
/** Subscriptions one WebSocket may hold at once (a page needs a handful), and one client address across its sockets. */
export const WS_MAX_SUBSCRIPTIONS_PER_CONNECTION_DEFAULT = 100;
export const WS_MAX_SUBSCRIPTIONS_PER_ADDRESS_DEFAULT = 1000;
/** How often each API process re-reads the users behind its open sockets (a user deleted in the database is noticed). */
export const WS_REAUTH_INTERVAL_MS_DEFAULT = 30_000;
/**
 * Open event streams (GET /api/v1/jobs/{id}/events) per API process: per signed-in user, per API
 * key (below the user's, so one key cannot take them all), and in all (docs/api-v1.md).
 */
export const SSE_MAX_STREAMS_PER_USER_DEFAULT = 20;
export const SSE_MAX_STREAMS_PER_API_KEY_DEFAULT = 10;
export const SSE_MAX_STREAMS_PER_PROCESS_DEFAULT = 500;

/** How long /readyz waits for each dependency. */
export const READINESS_TIMEOUT_MS = 1500;
/**
 * How long closing a process's connections (Postgres, Redis, queues) may take once it has
 * drained, before it exits anyway: its whole shutdown may last its drain (below) plus this.
 */
export const SHUTDOWN_TIMEOUT_MS = 10_000;
/** Graceful drain (docs/deployment.md#rolling-deploys-and-drain): an API's readiness-fails-first window, and how long its in-flight requests may take. */
export const SHUTDOWN_DELAY_MS_DEFAULT = 0;
export const SHUTDOWN_GRACE_MS_DEFAULT = 10_000;
/** How long a stopping worker lets its running jobs finish before it puts them back in their queue. */
export const WORKER_DRAIN_GRACE_MS_DEFAULT = 30_000;

/** Jobs (docs/architecture.md, §3). */
export const JOB_TIMEOUT_MS_DEFAULT = 120_000;
export const MAX_CONCURRENT_JOBS_DEFAULT = 3;
export const TOOL_RATE_PER_MINUTE_DEFAULT = 20;
/** Like toggles one user may make per minute: far above a person clicking, far below a script. */
export const LIKE_RATE_PER_MINUTE_DEFAULT = 60;
/** Requests one API key may make per minute, on every transport (the user's own limits apply too). */
export const API_KEY_RATE_PER_MINUTE_DEFAULT = 600;
/** Keys one user may hold at once (revoked keys do not count). */
export const API_KEYS_MAX_ACTIVE = 20;
/** How long an API key's name may be. */
export const API_KEY_NAME_MAX_LENGTH = 60;
/** How long a job's streamed text stays in Redis for late subscribers. */
export const JOB_TEXT_TTL_SECONDS = 60 * 60;
/** Transient provider errors: retries with exponential backoff and jitter (worker/retry.ts). */
export const PROVIDER_RETRIES = 3;
export const PROVIDER_RETRY_BASE_MS = 500;
export const PROVIDER_RETRY_MAX_MS = 8_000;
/** The longest wait a service's Retry-After may impose on one retry (a longer one is cut to this). */
export const PROVIDER_RETRY_AFTER_MAX_MS = 30_000;

/** Tool inputs. */
export const TOPIC_MAX_LENGTH = 200;
export const KEYWORD_MAX_LENGTH = 100;
export const IMAGE_DESCRIPTION_MAX_LENGTH = 1000;
export const UPLOAD_MAX_BYTES_DEFAULT = 10 * 1024 * 1024;
/** An upload that sends nothing for this long is refused (408) and its connection closed. */
export const UPLOAD_IDLE_TIMEOUT_MS_DEFAULT = 30_000;
/**
 * A multipart request refused before its end (too many files, malformed) is read and thrown away up
 * to this many more bytes, so its client, still sending, reads the answer; past it the connection
 * is closed.
 */
export const REFUSED_UPLOAD_DRAIN_BYTES = 64 * 1024 * 1024;
/** Idle keep-alive connections are kept this long: above the 60 s idle timeout of common load balancers. */
export const HTTP_KEEP_ALIVE_TIMEOUT_MS_DEFAULT = 65_000;
/** Requests one API process receives files for at once (each file goes to a temporary file, not memory). */
export const UPLOAD_MAX_CONCURRENT_DEFAULT = 16;
/** How long a private image's signed URL works at most (and how long caches keep a published one). */
export const FILE_URL_TTL_SECONDS_DEFAULT = 3600;
export const RESUME_TEXT_MAX_CHARS = 40_000;
/** Bounds on reading a resume PDF (worker/pdf): pages, characters, what its zlib streams unpack to. */
export const PDF_MAX_PAGES = 50;
export const PDF_MAX_TEXT_CHARS = 200_000;
export const PDF_MAX_INFLATED_BYTES = 128 * 1024 * 1024;
/** Time and memory one PDF reader process may take (PDF_READ_TIMEOUT_MS, PDF_READ_MEMORY_MB). */
export const PDF_READ_TIMEOUT_MS_DEFAULT = 20_000;
export const PDF_READ_MEMORY_MB_DEFAULT = 512;
export const IMAGE_MAX_PIXELS_DEFAULT = 40_000_000;
export const OBJECT_NAME_MAX_LENGTH = 40;
export const GENERATED_IMAGE_SIZE = 1024;
/** The image tool's advanced options (docs/engines.md, "Advanced image options"): pictures per request, negative prompt and language lengths, the seed's range (a GraphQL Int). */
export const IMAGE_COUNT_MAX = 4;
export const NEGATIVE_PROMPT_MAX_LENGTH = 500;
export const IMAGE_SEED_MAX = 2_147_483_647;
export const LANGUAGE_MAX_LENGTH = 40;

/**
 * Sign-in and sign-up attempts per client address per minute. Sign-in guesses for one e-mail:
 * refused past 10 per (address, e-mail) in 15 minutes (a success starts that count again);
 * past 10 failures for the e-mail from anywhere, each attempt from an address that has not
 * signed in to it waits 250 ms more, at most 2 s; past 30, addresses that have never signed in
 * to it are refused for 15 minutes (a guesser spread over many addresses gets ~30 guesses per
 * quarter hour), while the owner's known addresses keep working.
 */
export const AUTH_ATTEMPTS_PER_IP_PER_MINUTE = 30;
export const SIGN_IN_ATTEMPTS_PER_ADDRESS_AND_EMAIL = 10;
export const SIGN_IN_EMAIL_WINDOW_MS = 15 * 60_000;
export const SIGN_IN_SLOWDOWN_AFTER_FAILURES = 10;
export const SIGN_IN_SLOWDOWN_STEP_MS = 250;
export const SIGN_IN_SLOWDOWN_MAX_MS = 2000;
export const SIGN_IN_REFUSE_AFTER_FAILURES = 30;
export const SIGN_IN_COOLDOWN_SECONDS = 15 * 60;
/** Checks of a signed-in account's current password (changePassword, deleteAccount), each counted, per SIGN_IN_EMAIL_WINDOW_MS. */
export const PASSWORD_CHECKS_PER_ACCOUNT = 10;
/** An address that signed in to an e-mail skips that e-mail's slow-down and cool-down for this long. */
export const SIGN_IN_KNOWN_ADDRESS_TTL_SECONDS = 30 * 24 * 60 * 60;

/** Contact messages, feedback and newsletter sign-ups per client address per hour (MESSAGE_RATE_PER_HOUR). */
export const MESSAGE_RATE_PER_HOUR_DEFAULT = 20;

/**
 * Account e-mail (docs/email.md): how long each kind of link works, and the requests for one
 * (reset, verification, change) per client address per hour (EMAIL_RATE_PER_HOUR) and per
 * address written to per hour, whether or not it has an account.
 */
export const PASSWORD_RESET_TTL_MS = 60 * 60_000;
export const EMAIL_VERIFY_TTL_MS = 48 * 60 * 60_000;
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60_000;
export const EMAIL_RATE_PER_HOUR_DEFAULT = 20;
export const EMAILS_PER_ADDRESS_PER_HOUR = 3;

/** Webhooks (docs/webhooks.md). */
export const WEBHOOK_ENDPOINTS_PER_USER = 10;
export const WEBHOOK_URL_MAX_LENGTH = 2000;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;
/** How long a delivery waits for its receiver's answer (WEBHOOK_TIMEOUT_MS). */
export const WEBHOOK_TIMEOUT_MS_DEFAULT = 10_000;
/**
 * The waits before each retry (WEBHOOK_RETRY_DELAYS_MS): the first attempt is immediate, then
 * the Standard Webhooks schedule, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (about 28 h in all).
 */
export const WEBHOOK_RETRY_DELAYS_MS_DEFAULT = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000];
/** The most of a receiver's answer we read; the log keeps a shorter excerpt. */
export const WEBHOOK_RESPONSE_MAX_BYTES = 64 * 1024;
export const WEBHOOK_RESPONSE_EXCERPT_CHARS = 200;
/** Deliveries one worker process makes at once (they wait on the network, not the CPU). */
export const WEBHOOK_CONCURRENCY = 16;
/**
 * Of those, how many one account's deliveries may hold at once (WEBHOOK_ACCOUNT_SLOTS): a quarter,
 * so receivers that never answer hold at most this many slots each for WEBHOOK_TIMEOUT_MS.
 */
export const WEBHOOK_ACCOUNT_SLOTS_DEFAULT = Math.max(1, Math.floor(WEBHOOK_CONCURRENCY / 4));
/** A delivery whose account holds all its slots waits this long, doubled each time it waits again, up to the most (with jitter). */
export const WEBHOOK_ACCOUNT_WAIT_FIRST_MS = 250;
export const WEBHOOK_ACCOUNT_WAIT_MAX_MS = 5000;
/** "Send test event" presses one user may make per minute. */
export const WEBHOOK_TEST_RATE_PER_MINUTE = 10;
/** Deliveries the log query returns at most. */
export const WEBHOOK_DELIVERIES_PAGE_MAX = 100;

/**
 * Environment defaults for the API and worker processes, read by the C library when a process
 * starts: glibc's malloc keeps at most 2 arenas, so memory freed by native code (image models,
 * libvips checking uploads) is reused instead of spread over per-thread arenas (12 MP photo:
 * worker peak 1.53 → 1.42 GB, idle −45 MB; API, 24 × 2 × 10 MB upload flood: baseline −50 MB,
 * growth +40 → +8–17 MB).
 */
export const PROCESS_ENV: Record<string, string> = { MALLOC_ARENA_MAX: '2' };

/** Batches and chains (docs/batches.md): pictures in one batch, image steps in one chain. */
export const BATCH_MAX_PICTURES = 50;
export const CHAIN_MAX_STEPS = 3;

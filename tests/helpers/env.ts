// Every test process talks to the test database and its own Redis key prefix.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://127.0.0.1:5432/atelier_test';

process.env.DATABASE_URL = TEST_DATABASE_URL;
process.env.REDIS_PREFIX = `atelier-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
process.env.JWT_SECRET = 'test-secret-for-integration-tests-only-0123456789';
// A data directory of the file's own, unless one is given from outside: files that share a
// process (vitest.config.ts, the server project) each get a new one, as each process did.
const given = ((globalThis as { atelierGivenDataDir?: string }).atelierGivenDataDir ??= process.env.DATA_DIR ?? '');
process.env.DATA_DIR = given || mkdtempSync(join(tmpdir(), 'atelier-test-'));
process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'silent';
process.env.NODE_ENV = 'test';
process.env.PORT = '0';
process.env.HOST = '127.0.0.1';
// A self-hosted engine a developer runs on this machine must not change what the tests see; the engine tests turn it on.
process.env.ENGINE_AUTODETECT ??= 'false';
// Test files share one database but not one Redis prefix: from a stack's prefix, another
// file's queued jobs look abandoned. tests/jobs/job-reaper.test.ts calls the sweep itself.
process.env.JOB_REAP_AFTER_MS ??= String(60 * 60 * 1000);

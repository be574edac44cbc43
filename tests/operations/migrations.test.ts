// Migrations apply offline through the WebAssembly schema engine and are recorded in
// _prisma_migrations exactly as `prisma migrate deploy` records them.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { dropDatabase, ensureDatabase } from '../../server/shared/db/database.js';
import { applyMigrations, diffDatamodels, MIGRATIONS_DIR, SCHEMA_PATH, SNAPSHOT_PATH } from '../../server/shared/db/migrations.js';
import { openSchemaEngine } from '../../server/shared/db/schema-engine.js';
import { TEST_DATABASE_URL } from '../helpers/env.js';
import { withDefaultUser } from '../../server/shared/platform/config.js';

const base = withDefaultUser(TEST_DATABASE_URL);
const dbUrl = (name: string) => Object.assign(new URL(base), { pathname: `/${name}` }).toString();
const suffix = `${process.pid}_${Date.now()}`;
const fromFolder = dbUrl(`atelier_mig_folder_${suffix}`);
const fromSnapshot = dbUrl(`atelier_mig_snapshot_${suffix}`);

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The schema of a database as pg_dump prints it, without the migrations bookkeeping. */
function schemaDump(url: string): string {
  const out = execFileSync('pg_dump', ['--schema-only', '--no-owner', '--no-privileges', '--exclude-table=_prisma_migrations', url], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((l) => !l.startsWith('--') && !l.startsWith('\\') && l.trim() !== '')
    .join('\n');
}

afterAll(async () => {
  await dropDatabase(fromFolder);
  await dropDatabase(fromSnapshot);
});

describe('offline migrations', () => {
  const folders = readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

  it('applies every migration to an empty database and records each like prisma migrate deploy', async () => {
    const applied = await applyMigrations(fromFolder);
    expect(applied).toEqual(folders);
    const rows = await query<{ migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null; logs: string | null; applied_steps_count: number }>(
      fromFolder,
      'SELECT migration_name, checksum, finished_at, rolled_back_at, logs, applied_steps_count FROM _prisma_migrations ORDER BY migration_name',
    );
    expect(rows.map((r) => r.migration_name)).toEqual(folders);
    for (const row of rows) {
      const sql = readFileSync(join(MIGRATIONS_DIR, row.migration_name, 'migration.sql'));
      expect(row.checksum).toBe(createHash('sha256').update(sql).digest('hex'));
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.rolled_back_at).toBeNull();
      expect(row.logs).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
    const tables = await query<{ tablename: string }>(fromFolder, "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1");
    expect(tables.map((t) => t.tablename)).toEqual(
      [
        'ApiKey',
        'AuditEntry',
        'Batch',
        'BillingEvent',
        'ContactMessage',
        'Creation',
        'EmailToken',
        'Feedback',
        'Job',
        'Like',
        'NewsletterSubscriber',
        'Report',
        'Subscription',
        'UsageCounter',
        'User',
        'WebhookDelivery',
        'WebhookEndpoint',
        '_prisma_migrations',
      ].sort(),
    );
  });

  it('applies nothing the second time', async () => {
    expect(await applyMigrations(fromFolder)).toEqual([]);
  });

  it('keeps the snapshot equal to schema.prisma (no schema change without a migration)', () => {
    expect(readFileSync(SNAPSHOT_PATH, 'utf8')).toBe(readFileSync(SCHEMA_PATH, 'utf8'));
  });

  it('builds from the migrations folder exactly the database schema.prisma describes', async () => {
    await ensureDatabase(fromSnapshot);
    const schema = { path: SCHEMA_PATH, content: readFileSync(SCHEMA_PATH, 'utf8') };
    const script = await diffDatamodels(null, schema, fromSnapshot);
    const { engine, close } = await openSchemaEngine(fromSnapshot, schema);
    try {
      await engine.dbExecute({ datasourceType: { tag: 'url', url: fromSnapshot }, script });
    } finally {
      await close();
    }
    // Functions are the migrations' own (Prisma's schema cannot describe them): these, and nothing else.
    const functions = await query<{ proname: string }>(fromFolder, "SELECT proname FROM pg_proc WHERE pronamespace = 'public'::regnamespace ORDER BY 1");
    expect(functions.map((f) => f.proname)).toEqual(['enqueue_job']);
    await query(fromFolder, 'DROP FUNCTION "enqueue_job"');
    expect(schemaDump(fromFolder)).toBe(schemaDump(fromSnapshot));
  });
});

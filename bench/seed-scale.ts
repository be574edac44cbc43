// Seeds a bench database at scale in a few SQL statements (INSERT … SELECT generate_series),
// never row by row. Ids are derived from indexes (md5 → uuid), so a later call can grow the
// same data set: users [0, users), public creations [0, creations), each with `likesPer`
// likes from distinct users, and one private creation per four public ones.
//
// The viewer (`viewerId`) likes every third public creation on top of those, so likedByMe
// is true on a third of any page.
import { createHash } from 'node:crypto';
import pg from 'pg';

export interface ScaleSpec {
  users: number;
  /** Public creations in total after this call. */
  creations: number;
  /** Likes per public creation (plus the viewer's). */
  likesPer: number;
}

const userId = (expr: string) => `md5('bench-user-' || (${expr}))::uuid`;
const creationId = (expr: string) => `md5('bench-creation-' || (${expr}))::uuid`;
/** The viewer is not one of the `users`, so its likes never collide with theirs. */
export const VIEWER_ID_SQL = userId(`'viewer'`);
/** The id seed user `j` (or 'viewer') gets: md5('bench-user-' || j)::uuid, as the SQL computes it. */
export function benchUserId(j: number | 'viewer'): string {
  const h = createHash('md5').update(`bench-user-${j}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Newest creation; creation i is i seconds older, so the feed order is the index order. */
const NEWEST = `TIMESTAMP '2026-01-01 00:00:00'`;

export interface Seeded {
  viewerId: string;
  users: number;
  creations: number;
  privateCreations: number;
  likes: number;
  seconds: number;
}

/**
 * Grows the data set from whatever an earlier call made (`from`) to `spec`. Foreign-key
 * triggers are off for this session only (session_replication_role), as pg_restore does:
 * the ids are consistent by construction, and checking 1M of them would dominate the run.
 */
export async function seedScale(databaseUrl: string, spec: ScaleSpec, from: { users: number; creations: number } = { users: 0, creations: 0 }): Promise<Seeded> {
  const t0 = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`SET session_replication_role = replica; SET synchronous_commit = off`);
    if (from.users === 0) {
      await client.query(`
        INSERT INTO "User" (id, "authProvider", "externalId", email, "firstName", "updatedAt")
        VALUES (${VIEWER_ID_SQL}, 'local', 'bench-viewer', 'viewer@bench.test', 'Viewer', now())`);
    }
    if (spec.users > from.users) {
      await client.query(
        `INSERT INTO "User" (id, "authProvider", "externalId", email, "firstName", "updatedAt")
         SELECT ${userId('j')}, 'local', 'bench-' || j, 'bench-' || j || '@bench.test',
                CASE WHEN j % 10 = 0 THEN NULL ELSE 'Maker' || j END, now()
         FROM generate_series($1::int, $2::int - 1) j`,
        [from.users, spec.users],
      );
    }
    if (spec.creations > from.creations) {
      const [lo, hi] = [from.creations, spec.creations];
      // Public images, each with likesPer likes (+1 from the viewer on every third).
      await client.query(
        `INSERT INTO "Creation" (id, "userId", type, prompt, content, metadata, published, "likeCount", "createdAt")
         SELECT ${creationId('i')}, ${userId('(i * 7) % $3')}, 'IMAGE',
                'Generate an image of bench scene ' || i || ' in the style Realistic', '/files/bench-' || i || '.png',
                '{"provider":"local"}', true, $4 + CASE WHEN i % 3 = 0 THEN 1 ELSE 0 END,
                ${NEWEST} - make_interval(secs => i)
         FROM generate_series($1::int, $2::int - 1) i`,
        [lo, hi, spec.users, spec.likesPer],
      );
      // Private articles in between: the feed must skip them through its index, not a filter.
      await client.query(
        `INSERT INTO "Creation" (id, "userId", type, prompt, content, metadata, published, "createdAt")
         SELECT ${creationId(`'private-' || i`)}, ${userId('(i * 11) % $3')}, 'ARTICLE', 'Write an article about bench ' || i || ' in Short',
                '# Bench ' || i, '{"provider":"local"}', false, ${NEWEST} - make_interval(secs => i * 4 + 2)
         FROM generate_series($1::int, $2::int - 1) i`,
        [Math.ceil(lo / 4), Math.ceil(hi / 4), spec.users],
      );
      // Likers of creation i: users (i*13 + k*step) mod users, distinct for k < likesPer.
      const step = Math.floor(spec.users / spec.likesPer);
      if (step < 1) throw new Error('need at least as many users as likes per creation');
      await client.query(
        `INSERT INTO "Like" ("creationId", "userId", "createdAt")
         SELECT ${creationId('i')}, ${userId('(i * 13 + k * $4) % $3')}, ${NEWEST} - make_interval(secs => i) + make_interval(secs => k + 1)
         FROM generate_series($1::int, $2::int - 1) i, generate_series(0, $5::int - 1) k`,
        [lo, hi, spec.users, step, spec.likesPer],
      );
      await client.query(
        `INSERT INTO "Like" ("creationId", "userId", "createdAt")
         SELECT ${creationId('i')}, ${VIEWER_ID_SQL}, ${NEWEST} - make_interval(secs => i) + make_interval(secs => $3::int + 1)
         FROM generate_series($1::int, $2::int - 1) i WHERE i % 3 = 0`,
        [lo, hi, spec.likesPer],
      );
    }
    // As autovacuum would leave them: statistics, and a visibility map for index-only scans.
    await client.query('VACUUM (ANALYZE) "User", "Creation", "Like"');
    const { rows } = await client.query<{ viewer: string; users: string; pub: string; priv: string; likes: string }>(`
      SELECT ${VIEWER_ID_SQL}::text AS viewer, (SELECT count(*) FROM "User") AS users,
             (SELECT count(*) FROM "Creation" WHERE published) AS pub, (SELECT count(*) FROM "Creation" WHERE NOT published) AS priv,
             (SELECT count(*) FROM "Like") AS likes`);
    const r = rows[0]!;
    return {
      viewerId: r.viewer,
      users: Number(r.users),
      creations: Number(r.pub),
      privateCreations: Number(r.priv),
      likes: Number(r.likes),
      seconds: Math.round((performance.now() - t0) / 100) / 10,
    };
  } finally {
    await client.end();
  }
}

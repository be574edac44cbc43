// Cost growth of the feed: communityFeed(first: 50) latency, first page and a page 90 %
// deep, with 1k, 10k and 100k public creations (10 likes each: 1M likes at 100k), under a
// modest load (10 connections, 10 users), every read through Apollo and the statement (not
// from a kept page). The baseline is the same measurement at 1k.
// EXPLAIN (ANALYZE, BUFFERS) of the feed's own statement at every size shows why it stays
// flat; the plans at the largest size go to bench/results/feed-explain.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { BenchSection } from './stats.js';
import { encodeCursor, FEED_FILTER, pageStatement } from '../server/modules/creation/creation.service.js';
import { benchUserId, seedScale, type Seeded } from './seed-scale.js';
import { freshDatabase, graphqlSpec, measure, once, runChild, startApi, step, viewerTokens, type Measured } from './feed.js';

const PAGE = 50;
/** Latency at the largest size may be at most this many times that at the smallest. */
const FLAT = 1.5;

interface Point {
  seeded: Seeded;
  first: Measured;
  deep: Measured;
  /** Postgres's own time for the statement (EXPLAIN ANALYZE, best of 3), ms, and the buffers it touched. */
  sqlFirstMs: number;
  sqlDeepMs: number;
  buffersFirst: number;
  buffersDeep: number;
}

export interface GrowthResult {
  sizes: number[];
  connections: number;
  seconds: number;
  points: Point[];
  flat: boolean;
  explainFile: string;
}

/** The fastest of three EXPLAIN ANALYZE runs (one run is at the mercy of a busy machine), its plan and pages touched. */
async function explain(client: pg.Client, after: string | null): Promise<{ ms: number; buffers: number; plan: string }> {
  const statement = pageStatement(FEED_FILTER, PAGE, after, benchUserId('viewer'));
  let best = { ms: Infinity, buffers: NaN, plan: '' };
  for (let i = 0; i < 3; i++) {
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.values as unknown[]);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN);
    const buffers = Number(/Buffers: shared hit=(\d+)/.exec(plan)?.[1] ?? NaN);
    if (ms < best.ms) best = { ms, buffers, plan };
  }
  return best;
}

export async function growthBench(sizes: number[], connections: number, seconds: number): Promise<GrowthResult> {
  const url = await freshDatabase(process.env.BENCH_GROWTH_DB ?? 'atelier_bench_growth');
  const api = await startApi(url);
  const tokens = await viewerTokens(api.secret, connections);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const points: Point[] = [];
  let plans = '';
  let from = { users: 0, creations: 0 };
  try {
    for (const size of sizes) {
      const users = 10_000;
      const seeded = await seedScale(url, { users, creations: size, likesPer: 10 }, from);
      from = { users, creations: size };
      step('feed-growth', `${seeded.creations} public creations, ${seeded.likes} likes (seeded in ${seeded.seconds} s)`);
      // The cursor a reader 90 % of the way down would send.
      const { rows } = await client.query<{ createdAt: Date; id: string }>(
        `SELECT "createdAt", id FROM "Creation" WHERE published ORDER BY "createdAt" DESC, id DESC OFFSET $1 LIMIT 1`,
        [Math.floor(size * 0.9)],
      );
      // node-postgres reads timestamp without time zone as local time; the column holds UTC.
      const at = rows[0]!.createdAt;
      const deepCursor = encodeCursor({ id: rows[0]!.id, createdAt: new Date(at.getTime() - at.getTimezoneOffset() * 60_000) });
      // Through Apollo every time: this is about the statement's cost as the data grows, and a
      // kept page (server/graphql/feed-pages/page-cache.ts) would answer without it.
      const firstSpec = graphqlSpec(api.url, { first: PAGE }, tokens, true);
      const deepSpec = graphqlSpec(api.url, { first: PAGE, after: deepCursor }, tokens, true);
      const deepAnswer = await once(deepSpec);
      if (deepAnswer.data.communityFeed.edges.length !== PAGE) throw new Error('the deep page is not a full page');
      const first = await measure(firstSpec, connections, seconds, 1);
      const deep = await measure(deepSpec, connections, seconds, 1);
      const [ef, ed] = [await explain(client, null), await explain(client, deepCursor)];
      points.push({ seeded, first, deep, sqlFirstMs: ef.ms, sqlDeepMs: ed.ms, buffersFirst: ef.buffers, buffersDeep: ed.buffers });
      plans =
        `# communityFeed(first: ${PAGE}) at ${seeded.creations} public creations, ${seeded.likes} likes\n\n` +
        `EXPLAIN (ANALYZE, BUFFERS) of the statement the API sends (CreationService.pageStatement), signed in, ` +
        `measured by \`npm run bench feed-growth\` on ${new Date().toISOString()}.\n\n` +
        `## First page\n\n\`\`\`\n${ef.plan}\n\`\`\`\n\n## A page 90 % deep (cursor after row ${Math.floor(size * 0.9)})\n\n\`\`\`\n${ed.plan}\n\`\`\`\n`;
    }
  } finally {
    await client.end();
    await api.close();
  }
  const dir = resolve(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const explainFile = resolve(dir, 'feed-explain.md');
  writeFileSync(explainFile, plans);
  const [small, large] = [points[0]!, points.at(-1)!];
  const flat = large.first.p50 <= small.first.p50 * FLAT && large.deep.p50 <= small.first.p50 * FLAT;
  return { sizes, connections, seconds, points, flat, explainFile: 'bench/results/feed-explain.md' };
}

export async function feedGrowthSection(): Promise<BenchSection> {
  const sizes = (process.env.BENCH_GROWTH_SIZES ?? '1000,10000,100000').split(',').map(Number);
  const r = await runChild<GrowthResult>('feed-growth.ts', [sizes.join(','), process.env.BENCH_GROWTH_SECONDS ?? '5'], { NODE_ENV: 'production' });
  return {
    result: r,
    markdown: [
      `### Cost growth: communityFeed(first: ${PAGE}), ${r.connections} connections × ${r.seconds} s per page, signed in, every read through Apollo (no kept pages)`,
      '',
      '| public creations | likes | first page req/s | p50 ms | p99 ms | 90 % deep req/s | p50 ms | p99 ms | SQL ms first / deep | buffers first / deep |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...r.points.map(
        (p) =>
          `| ${p.seeded.creations} | ${p.seeded.likes} | ${p.first.perSecond} | ${p.first.p50} | ${p.first.p99} | ${p.deep.perSecond} | ${p.deep.p50} | ${p.deep.p99} | ${p.sqlFirstMs} / ${p.sqlDeepMs} | ${p.buffersFirst} / ${p.buffersDeep} |`,
      ),
      '',
      `Baseline: the first row (${r.points[0]?.seeded.creations} creations). Target: flat — p50 at the largest size, first and deep page, ≤ ${FLAT}× the smallest's first page: ${r.flat ? 'met' : '**missed**'}. SQL ms: EXPLAIN ANALYZE, best of 3; buffers: pages it touched. Plans: ${r.explainFile}.`,
      '',
    ],
  };
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  const result = await growthBench((process.argv[2] ?? '1000,10000,100000').split(',').map(Number), 10, Number(process.argv[3] ?? 5));
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}

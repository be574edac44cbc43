// The baseline of the feed benchmark: the least a server can do to answer
// communityFeed(first: 50) — Express, one node-postgres Pool (as many connections as
// the API's), one SQL statement, the same JSON the GraphQL API returns. A bearer token,
// when sent, is verified (HS256, no database) and gives likedByMe.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import pg from 'pg';
import { verifyToken } from '../server/auth/tokens.js';

/** `timestamp without time zone` holds UTC (as Prisma writes it), not local time. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === 1114 ? (s: string) => new Date(`${s.replace(' ', 'T')}Z`) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** The whole page in one statement: rows, authors, likers (oldest first, comma-separated), likedByMe. */
export const FEED_SQL = `
SELECT c.id, c.type, c.prompt, c.content, c.published, c."likeCount", c."createdAt",
       COALESCE(c.metadata->>'provider', 'unknown') AS provider, u."firstName",
       (SELECT string_agg(l."userId"::text, ',' ORDER BY l."createdAt", l."userId") FROM "Like" l WHERE l."creationId" = c.id) AS likes,
       COALESCE((SELECT true FROM "Like" m WHERE m."creationId" = c.id AND m."userId" = $2::uuid), false) AS "likedByMe"
FROM "Creation" c JOIN "User" u ON u.id = c."userId"
WHERE c.published AND ($3::timestamp IS NULL OR (c."createdAt", c.id) < ($3::timestamp, $4::uuid))
ORDER BY c."createdAt" DESC, c.id DESC
LIMIT $1`;

interface Row {
  id: string;
  type: string;
  prompt: string;
  content: string;
  published: boolean;
  likeCount: number;
  createdAt: Date;
  provider: string;
  firstName: string | null;
  likes: string | null;
  likedByMe: boolean;
}

const cursorOf = (r: Row) => Buffer.from(JSON.stringify([r.createdAt.toISOString(), r.id])).toString('base64url');

export async function startBaseline(databaseUrl: string, secret: Uint8Array, poolSize = 10): Promise<{ url: string; close(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, types });
  const app = express();
  app.use(express.json());
  app.post('/feed', async (req, res) => {
    try {
      const auth = req.headers.authorization;
      const viewer = auth ? await verifyToken(secret, auth.slice('Bearer '.length)) : null;
      const first = Number(req.body?.first ?? 50);
      const after = typeof req.body?.after === 'string' ? (JSON.parse(Buffer.from(req.body.after, 'base64url').toString()) as [string, string]) : null;
      const { rows } = await pool.query<Row>(FEED_SQL, [first + 1, viewer, after?.[0] ?? null, after?.[1] ?? null]);
      const page = rows.slice(0, first);
      res.json({
        data: {
          communityFeed: {
            edges: page.map(({ firstName, likes, ...node }) => ({ cursor: cursorOf(node as Row), node: { ...node, likes: likes ? likes.split(',') : [], user: { firstName } } })),
            pageInfo: { hasNextPage: rows.length > first, endCursor: page.length ? cursorOf(page.at(-1)!) : null },
          },
        },
      });
    } catch (e) {
      res.status(500).json({ error: (e as Error).message });
    }
  });
  const server: Server = createServer(app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/feed`,
    close: async () => {
      await new Promise<void>((r) => server.close(() => r()));
      await pool.end();
    },
  };
}

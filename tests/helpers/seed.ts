import type { Db } from '../../server/shared/db/prisma.js';
import type { CreationType } from '../../server/shared/db/generated/enums.js';

/** Creations made directly in the database, as a finished tool job would save them. */
export async function seedCreations(db: Db, userId: string, n: number, opts: { type?: CreationType; published?: boolean; start?: Date } = {}) {
  const start = opts.start?.getTime() ?? Date.now() - n * 1000;
  const made = [];
  for (let i = 0; i < n; i++) {
    made.push(
      await db.creation.create({
        data: {
          userId,
          type: opts.type ?? 'IMAGE',
          prompt: `Generate an image of test scene ${i} in the style Realistic`,
          content: opts.type && opts.type !== 'IMAGE' ? `# Result ${i}\n\nBody.` : `/files/test-${i}.png`,
          metadata: { provider: 'local' },
          published: opts.published ?? false,
          createdAt: new Date(start + i * 1000),
        },
      }),
    );
  }
  return made;
}

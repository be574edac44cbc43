import { defineConfig } from 'prisma/config';

// The CLI reads the datasource URL from here (Prisma 7). `generate` needs no database.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://127.0.0.1:5432/atelier' },
});

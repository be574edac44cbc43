import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/client.js';

export type Db = PrismaClient;
export { Prisma } from './generated/client.js';
export type { Plan, CreationType, JobPhase } from './generated/enums.js';

export function createDb(databaseUrl: string, max = 10): Db {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max }) });
}

// Runs `prisma generate` so that it also works with no network.
// The prisma CLI insists on its native schema-engine binary being present before it
// starts, and downloads it when missing; generating the client never runs it. Unless
// the caller already chose a binary, point the CLI at prisma/offline-schema-engine, a
// stand-in that only explains itself and fails, so nothing is downloaded and nothing
// pretends to be an engine. Migrations go through `npm run db:migrate` instead.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const stub = fileURLToPath(new URL('./offline-schema-engine', import.meta.url));
const env = { ...process.env };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= stub;
env.PRISMA_HIDE_UPDATE_MESSAGE ??= '1';
const cli = fileURLToPath(new URL('../node_modules/prisma/build/index.js', import.meta.url));
const result = spawnSync(process.execPath, [cli, 'generate', ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(result.status ?? 1);

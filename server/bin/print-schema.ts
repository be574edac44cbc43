// `npm run schema:print`: writes schema.graphql, the SDL the client's code generator reads, and
// client/src/tools/server-tools.ts, what the client's tool catalogue takes from each tool's
// definition (kind, plan, creation type, output). .ci/run fails when either is stale.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { createSchema } from '../graphql/schema.js';
import { inertPubSub } from '../shared/platform/pubsub.js';
import { clientToolsModule } from '../tools/client-tools.js';

const sdl = printSchema(lexicographicSortSchema(await createSchema(inertPubSub)));
writeFileSync(resolve(import.meta.dirname, '../../schema.graphql'), `${sdl}\n`);
console.log('wrote schema.graphql');
writeFileSync(resolve(import.meta.dirname, '../../client/src/tools/server-tools.ts'), clientToolsModule());
console.log('wrote client/src/tools/server-tools.ts');

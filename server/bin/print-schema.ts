// `npm run schema:print`: writes schema.graphql, the SDL the client's code generator reads.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { createSchema } from '../graphql/schema.js';
import { inertPubSub } from '../shared/platform/pubsub.js';

const sdl = printSchema(lexicographicSortSchema(await createSchema(inertPubSub)));
writeFileSync(resolve(import.meta.dirname, '../../schema.graphql'), `${sdl}\n`);
console.log('wrote schema.graphql');

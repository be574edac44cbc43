// `npm run openapi:print` (part of `npm run codegen`): writes openapi.json, the jobs API's OpenAPI
// document as the API serves it at /api/v1/openapi.json with the default tools, and the types
// openapi-typescript makes from it (scripts/openapi-types.ts: the typed client of the tests).
// .ci/run fails when either is stale.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { openApiDocument } from '../api-v1/openapi.js';
import { toolsFor } from '../shared/tools/catalogue.js';
import { OPENAPI_TYPES_FILE, openApiTypes } from '../../scripts/openapi-types.js';

const root = resolve(import.meta.dirname, '../..');
const document = openApiDocument(toolsFor({ ENABLE_NOOP_TOOL: false }));
writeFileSync(resolve(root, 'openapi.json'), `${JSON.stringify(document, null, 2)}\n`);
console.log('wrote openapi.json');
const typesFile = resolve(root, OPENAPI_TYPES_FILE);
mkdirSync(dirname(typesFile), { recursive: true });
writeFileSync(typesFile, await openApiTypes(document));
console.log(`wrote ${OPENAPI_TYPES_FILE}`);

// `npm run deploy:print` (part of `npm run codegen`): writes the worker pools' KEDA ScaledObjects,
// a trigger per tool queue, from the tool catalogue (scripts/keda-scaled-objects.ts;
// docs/deployment.md, "Autoscaling"). .ci/run fails when the file is stale.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SCALED_OBJECTS_FILE, scaledObjectsYaml } from '../../scripts/keda-scaled-objects.js';

writeFileSync(resolve(import.meta.dirname, '../..', SCALED_OBJECTS_FILE), scaledObjectsYaml());
console.log(`wrote ${SCALED_OBJECTS_FILE}`);

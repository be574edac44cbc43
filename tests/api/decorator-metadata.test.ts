// type-graphql reads field types from TypeScript's decorator metadata. This proves our
// toolchain emits it: these fields name no type, so the schema could not be built (or
// would show other types) without it.
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { printSchema } from 'graphql';
import { CreationObject } from '../../server/modules/creation/creation.types.js';
import { createSchema } from '../../server/graphql/schema.js';
import { inertPubSub } from '../../server/shared/platform/pubsub.js';

describe('decorator metadata', () => {
  it('is emitted under the test compiler', () => {
    expect(Reflect.getMetadata('design:type', CreationObject.prototype, 'prompt')).toBe(String);
    expect(Reflect.getMetadata('design:type', CreationObject.prototype, 'published')).toBe(Boolean);
    expect(Reflect.getMetadata('design:type', CreationObject.prototype, 'createdAt')).toBe(Date);
  });

  it('gives the schema the inferred types', async () => {
    const sdl = printSchema(await createSchema(inertPubSub));
    expect(sdl).toMatch(/type Creation \{[^}]*\bprompt: String!/s);
    expect(sdl).toMatch(/type Creation \{[^}]*\bpublished: Boolean!/s);
    expect(sdl).toMatch(/type Creation \{[^}]*\bcreatedAt: DateTimeISO!/s);
  });

  it('is emitted by the runtime loader the server runs under', () => {
    const probe = `
      import 'reflect-metadata';
      import { CreationObject } from './server/modules/creation/creation.types.ts';
      console.log(Reflect.getMetadata('design:type', CreationObject.prototype, 'prompt')?.name);`;
    const out = execFileSync(process.execPath, ['--import', '@swc-node/register/esm-register', '--input-type=module', '-e', probe], {
      encoding: 'utf8',
    });
    expect(out.trim()).toBe('String');
  });
});

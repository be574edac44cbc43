// Who may use the moderation and admin fields (docs/moderation.md, "Roles" and "Admin area"):
// the list of guarded fields is read from the schema itself (each names its access in its
// extensions), so a new admin field is covered by this test as soon as it exists. Also: the
// first account of a fresh instance is ADMIN (one, however many sign up at once), and
// ADMIN_EMAILS makes an address ADMIN once it is verified.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getNamedType, isEnumType, isInputObjectType, isListType, isNonNullType, isObjectType, type GraphQLField, type GraphQLInputType } from 'graphql';
import { createSchema } from '../../server/graphql/schema.js';
import { accessOf } from '../../server/graphql/access.js';
import type { PubSub } from '../../server/shared/platform/pubsub.js';
import { isolatedDatabase } from '../helpers/database.js';
import { gql, gqlOk, signUp, SIGN_UP, startTestServer, waitFor } from '../helpers/server.js';
import { linkIn, outboxMessages } from '../helpers/smtp.js';

const BOSS = `boss-${process.pid}@example.test`;
let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  // A fresh instance: no account yet.
  const url = await isolatedDatabase('moderation_access');
  server = await startTestServer({ DATABASE_URL: url, ADMIN_EMAILS: ` someone@example.test , ${BOSS.toUpperCase()} `, AUTH_RATE_PER_MINUTE: '1000' });
});
afterAll(async () => {
  await server?.close();
});

const ROLE = '{ me { role } }';
const role = async (token: string) => (await gqlOk(server.url, ROLE, {}, token)).me.role as string;

/** A literal of an argument's type that passes validation (the access check comes before any use of it). */
function literal(type: GraphQLInputType): string {
  if (isNonNullType(type)) return literal(type.ofType);
  if (isListType(type)) return `[${literal(type.ofType)}]`;
  if (isEnumType(type)) return type.getValues()[0]!.name;
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).filter((f) => isNonNullType(f.type) && f.defaultValue === undefined);
    return `{ ${fields.map((f) => `${f.name}: ${literal(f.type)}`).join(', ')} }`;
  }
  switch (getNamedType(type).name) {
    case 'ID':
      return '"00000000-0000-4000-8000-000000000000"';
    case 'Int':
    case 'Float':
      return '1';
    case 'Boolean':
      return 'true';
    default:
      return '"a reason"';
  }
}

/** The smallest document that calls a root field: its required arguments, and __typename of an object answer. */
function documentFor(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): string {
  const args = field.args.filter((a) => isNonNullType(a.type) && a.defaultValue === undefined).map((a) => `${a.name}: ${literal(a.type)}`);
  const selection = isObjectType(getNamedType(field.type)) ? ' { __typename }' : '';
  return `${kind} { ${field.name}${args.length ? `(${args.join(', ')})` : ''}${selection} }`;
}

async function guardedFields() {
  const schema = await createSchema({} as PubSub);
  const list: { name: string; kind: 'query' | 'mutation'; access: 'MODERATOR' | 'ADMIN'; document: string }[] = [];
  for (const [kind, type] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      const access = accessOf(field.extensions);
      // The admin area's fields are named admin…: none may be left without an access.
      if (field.name.startsWith('admin')) expect(access, `${field.name} names no access`).not.toBeNull();
      if (access) list.push({ name: field.name, kind, access, document: documentFor(kind, field) });
    }
  }
  const subscriptions = Object.values(schema.getSubscriptionType()?.getFields() ?? {});
  expect(subscriptions.filter((f) => accessOf(f.extensions) || f.name.startsWith('admin'))).toEqual([]);
  return list;
}

describe('roles', () => {
  it('makes exactly one of the first accounts signed up at once ADMIN; later ones are USERs', async () => {
    const first = await Promise.all(['A', 'B', 'C', 'D'].map((n) => signUp(server.url, n, 'first')));
    const roles = await Promise.all(first.map((a) => role(a.token)));
    expect(roles.filter((r) => r === 'ADMIN')).toHaveLength(1);
    expect(roles.filter((r) => r === 'USER')).toHaveLength(3);
    expect(await role((await signUp(server.url, 'Later', 'later')).token)).toBe('USER');
  });

  it('makes an ADMIN_EMAILS address ADMIN once it is verified, whatever its case', async () => {
    const boss = (await gqlOk(server.url, SIGN_UP, { input: { email: BOSS, password: 'Correct-Horse-9', firstName: 'Boss', lastName: 'Person' } })).signUp;
    // Unverified, anyone could have signed up with the address.
    expect(await role(boss.token)).toBe('USER');
    expect((await gql(server.url, '{ adminFigures { users } }', {}, boss.token)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const mail = () => outboxMessages(server.config.dataDir).find((m) => m.parsed.headers.to?.includes(BOSS));
    await waitFor(() => mail() !== undefined, 10_000, 'the verification message');
    const token = linkIn(mail()!.parsed, '/verify-email').searchParams.get('token');
    await gqlOk(server.url, 'mutation($t: String!) { verifyEmail(token: $t) }', { t: token });
    expect(await role(boss.token)).toBe('ADMIN');
    expect((await gqlOk(server.url, '{ adminFigures { users queues { name } } }', {}, boss.token)).adminFigures.users).toBeGreaterThan(0);
  });

  it('lets admins set roles (not their own), and a moderator gets the moderation fields but not the admin-only ones', async () => {
    const admin = (await server.app.services.db.user.findFirstOrThrow({ where: { role: 'ADMIN' } })).id;
    const adminToken = (await import('../../server/auth/tokens.js')).issueToken(server.app.services.tokenSecret, admin);
    const user = await signUp(server.url, 'Mo', 'tobemod');
    const SET = 'mutation($id: ID!, $role: Role!) { adminSetUserRole(id: $id, role: $role) { id role } }';
    expect((await gqlOk(server.url, SET, { id: user.user.id, role: 'MODERATOR' }, await adminToken)).adminSetUserRole).toEqual({ id: user.user.id, role: 'MODERATOR' });
    expect(await role(user.token)).toBe('MODERATOR');
    const own = await gql(server.url, SET, { id: admin, role: 'USER' }, await adminToken);
    expect(own.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'OWN_ACCOUNT' });
    expect((await gqlOk(server.url, '{ adminModerationQueue { total } }', {}, user.token)).adminModerationQueue.total).toBe(0);
    expect((await gqlOk(server.url, '{ adminUsers(search: "tobemod") { id role } }', {}, user.token)).adminUsers).toEqual([{ id: user.user.id, role: 'MODERATOR' }]);
    const log = (await gqlOk(server.url, '{ adminAuditLog { action reason details actor { id } } }', {}, user.token)).adminAuditLog;
    expect(log[0]).toMatchObject({ action: 'user.role', actor: { id: admin } });
    expect(JSON.parse(log[0].details)).toEqual({ from: 'USER', to: 'MODERATOR' });
  });
});

describe('every moderation and admin field', () => {
  it('is refused with FORBIDDEN to a signed-out caller and a plain user, and the admin-only ones to a moderator', async () => {
    const fields = await guardedFields();
    // What the admin area has today; a new field joins the list by naming its access.
    expect(fields.map((f) => f.name)).toEqual(
      expect.arrayContaining([
        'adminModerationQueue',
        'adminUsers',
        'adminAuditLog',
        'adminJobs',
        'adminFailingWebhooks',
        'adminFigures',
        'adminHideCreation',
        'adminRestoreCreation',
        'adminSuspendUser',
        'adminRestoreUser',
        'adminSetUserRole',
      ]),
    );
    const plain = await signUp(server.url, 'Plain', 'plain');
    const mod = await signUp(server.url, 'Moderator', 'mod');
    await server.app.services.db.user.update({ where: { id: mod.user.id }, data: { role: 'MODERATOR' } });
    const callers: [string, string | undefined, (access: string) => boolean][] = [
      ['signed out', undefined, () => true],
      ['a user', plain.token, () => true],
      ['a moderator', mod.token, (access) => access === 'ADMIN'],
    ];
    for (const field of fields) {
      for (const [who, token, refused] of callers) {
        if (!refused(field.access)) continue;
        const r = await gql(server.url, field.document, {}, token);
        expect(
          r.errors?.map((e) => e.extensions?.code),
          `${field.document} by ${who}`,
        ).toEqual(['FORBIDDEN']);
        expect(r.data?.[field.name] ?? null, `${field.name} by ${who}`).toBeNull();
      }
    }
    // Nothing was done by the refused mutations.
    expect(await server.app.services.db.auditEntry.count({ where: { action: { not: 'user.role' } } })).toBe(0);
  });
});

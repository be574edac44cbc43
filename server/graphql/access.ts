// Which root fields need a role (docs/moderation.md, "Admin area"): a field that says
// `@Extensions({ access: 'MODERATOR' | 'ADMIN' })` is refused (FORBIDDEN) to anyone whose role is
// less, signed-out callers included, before its resolver runs. Like api-key-scopes.ts, only the
// root fields are wrapped, once, when the schema is built. The test that every such field refuses
// others reads the same extension (tests/community/moderation-access.test.ts).
import type { GraphQLFieldResolver, GraphQLSchema } from 'graphql';
import type { User } from '../shared/db/generated/client.js';
import type { Config } from '../shared/platform/config.js';
import { requireRole, type Access } from '../modules/moderation/roles.js';

type RoleContext = { user?: User | null; app?: { services?: { config?: Pick<Config, 'ADMIN_EMAILS'> } } } | undefined;

/** The access a root field's extensions ask for, if any. */
export function accessOf(extensions: Readonly<Record<string, unknown>> | null | undefined): Access | null {
  const access = extensions?.access;
  return access === 'MODERATOR' || access === 'ADMIN' ? access : null;
}

function guarded(resolve: GraphQLFieldResolver<unknown, RoleContext>, access: Access): GraphQLFieldResolver<unknown, RoleContext> {
  return (source, args, context, info) => {
    requireRole(context?.user ?? null, context?.app?.services?.config ?? { ADMIN_EMAILS: '' }, access);
    return resolve(source, args, context, info);
  };
}

/** Holds every query and mutation that names an access to it. */
export function guardAccess(schema: GraphQLSchema): GraphQLSchema {
  for (const object of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    for (const field of Object.values(object?.getFields() ?? {})) {
      const access = accessOf(field.extensions);
      if (!access) continue;
      if (object === schema.getSubscriptionType() || !field.resolve) throw new Error(`${field.name}: only queries and mutations with a resolver may name an access`);
      field.resolve = guarded(field.resolve, access);
    }
  }
  return schema;
}

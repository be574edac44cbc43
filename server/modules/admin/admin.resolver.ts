import { Arg, Ctx, Extensions, Int, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import { AdminFiguresObject, AdminJobObject, AdminWebhookEndpointObject } from './admin.types.js';
import type { AdminService } from './admin.service.js';

type AdminContext = Context<{ admin: AdminService }>;

// Admins only (docs/moderation.md, "Admin area"); enforced by server/graphql/access.ts.
const ADMIN = { access: 'ADMIN' } as const;

@Resolver()
export class AdminResolver {
  @Extensions(ADMIN)
  @Query(() => [AdminJobObject], { description: 'Admins: the latest jobs, newest first; failedOnly keeps the failed ones, with their reasons' })
  adminJobs(
    @Arg('first', () => Int, { defaultValue: 50 }) first: number,
    @Arg('failedOnly', () => Boolean, { defaultValue: false }) failedOnly: boolean,
    @Ctx() ctx: AdminContext,
  ): Promise<AdminJobObject[]> {
    return ctx.app.admin.jobs(first, failedOnly);
  }

  @Extensions(ADMIN)
  @Query(() => [AdminWebhookEndpointObject], { description: 'Admins: webhook endpoints whose deliveries failed in the last 7 days, the latest failure first' })
  adminFailingWebhooks(@Arg('first', () => Int, { defaultValue: 50 }) first: number, @Ctx() ctx: AdminContext): Promise<AdminWebhookEndpointObject[]> {
    return ctx.app.admin.failingWebhooks(first);
  }

  @Extensions(ADMIN)
  @Query(() => AdminFiguresObject, { description: 'Admins: storage, content and queue figures, now' })
  adminFigures(@Ctx() ctx: AdminContext): Promise<AdminFiguresObject> {
    return ctx.app.admin.figures();
  }
}

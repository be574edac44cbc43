// The composition root: every module's service, built once per process, and the GraphQL
// context made from them. Nothing under modules/ imports this file (npm run check:cycles).
import type { User } from './auth/identity.js';
import type { Session } from './auth/tokens.js';
import type { Principal } from './auth/api-keys.js';
import type { Context, Services } from './context.js';
import { ApiKeyService } from './modules/api-key/api-key.service.js';
import { AuthService } from './modules/auth/auth.service.js';
import { EmailService } from './modules/email/email.service.js';
import { createMailer } from './mail/mailer.js';
import { createCreationLoaders } from './modules/creation/creation.loaders.js';
import { CreationService } from './modules/creation/creation.service.js';
import { screenerFor } from './shared/screening/screener.js';
import { JobService } from './modules/job/job.service.js';
import { LikeService } from './modules/like/like.service.js';
import { MessageService } from './modules/messages/messages.service.js';
import { UserService } from './modules/user/user.service.js';
import { BillingService } from './modules/billing/billing.service.js';
import { createStorage, type Storage } from './shared/storage/index.js';
import { toolsFor } from './shared/tools/catalogue.js';
import { ToolService } from './tools/tool.service.js';
import { CreationSources } from './tools/source-creation.js';
import { WebhookService } from './modules/webhook/webhook.service.js';
import { WebhookOutbox } from './shared/webhooks/outbox.js';
import { ModerationService } from './modules/moderation/moderation.service.js';
import { AdminService } from './modules/admin/admin.service.js';
import { BatchService } from './modules/batch/batch.service.js';

export interface App {
  services: Services;
  auth: AuthService;
  /** Account e-mail (docs/email.md). */
  email: EmailService;
  users: UserService;
  apiKeys: ApiKeyService;
  billing: BillingService;
  creations: CreationService;
  likes: LikeService;
  messages: MessageService;
  jobs: JobService;
  tools: ToolService;
  webhooks: WebhookService;
  /** Reports, the moderation queue, roles and suspensions, the audit log (docs/moderation.md). */
  moderation: ModerationService;
  /** The admin area's jobs, webhooks and figures (docs/moderation.md, "Admin area"). */
  admin: AdminService;
  /** Batches and chains of image steps (docs/batches.md). */
  batches: BatchService;
  /** The API's view of the file store (also what account deletion removes files from). */
  storage: Storage;
}

export function composeApp(services: Services): App {
  const tools = toolsFor(services.config);
  const imageTypes = tools.filter((t) => t.output === 'image').map((t) => t.creationType);
  // The API's view of the file store: where uploads go, which URL a viewer gets, publishing.
  const storage = createStorage(services.config, services.tokenSecret);
  // Where the webhook events of this process's job ends, publications and test events are queued.
  const outbox = new WebhookOutbox({ db: services.db, queue: () => services.queues.webhooks(), redis: services.redis, log: services.log, config: services.config, storage });
  const jobs = new JobService(services, outbox);
  const billing = new BillingService(services);
  // Account e-mail: SMTP_URL, or the outbox under DATA_DIR (docs/email.md).
  const email = new EmailService(services, createMailer(services.config, services.log));
  const creations = new CreationService(services, imageTypes, storage, outbox, screenerFor(services.config, services.log));
  return {
    services,
    jobs,
    storage,
    // A creation of the caller's may stand for a tool's image (docs/adding-a-tool.md, "Sending a creation to a tool").
    tools: new ToolService(services, jobs, tools, storage, new CreationSources(services, creations, storage)),
    // A new built-in account is sent the link that verifies its address.
    auth: new AuthService(services, (user, origin) => email.afterSignUp(user, origin)),
    email,
    apiKeys: new ApiKeyService(services),
    // An account's paid subscription ends before the account goes (nobody is billed for a deleted account).
    users: new UserService(services, storage, (userId) => billing.endBeforeAccountDeletion(userId)),
    billing,
    creations,
    likes: new LikeService(services),
    messages: new MessageService(services),
    webhooks: new WebhookService(services, outbox),
    moderation: new ModerationService(services, creations),
    admin: new AdminService(
      services,
      tools.map((t) => t.kind),
      storage.name,
    ),
    batches: new BatchService(services, jobs, tools, storage, outbox),
  };
}

export type AppContext = Context<App>;

export function createContext(app: App, who: User | Principal | null, ip = 'unknown', session: Session | null = null): AppContext {
  const { user, apiKey } = who === null ? { user: null, apiKey: null } : 'apiKey' in who ? who : { user: who, apiKey: null };
  return { user, apiKey, ip, session, app, loaders: createCreationLoaders(app.services.db, user?.id ?? null) };
}

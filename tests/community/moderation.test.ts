// Reporting, the moderation queue, hiding and restoring, suspension and the audit log
// (docs/moderation.md), over real HTTP and graphql-ws sockets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, gql, gqlOk, openSocket, signUp, startTestServer, waitFor, wsClient } from '../helpers/server.js';
import { seedCreations } from '../helpers/seed.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ WS_REAUTH_INTERVAL_MS: '600000' });
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.app.services.db;
const code = (r: { errors?: { extensions?: { code?: string } }[] }) => r.errors?.[0]?.extensions?.code;
const reason = (r: { errors?: { extensions?: Record<string, unknown> }[] }) => r.errors?.[0]?.extensions?.reason;

const REPORT = 'mutation($id: ID!, $reason: ReportReason!, $note: String) { reportCreation(creationId: $id, reason: $reason, note: $note) { id reason note resolvedAt } }';
const QUEUE =
  '{ adminModerationQueue(first: 30) { total items { state openReports screening waitingSince creation { id prompt } owner { id email role } reports { reason note } } } }';
const HIDE = 'mutation($id: ID!, $reason: String!) { adminHideCreation(id: $id, reason: $reason) { state openReports creation { id } } }';
const RESTORE = 'mutation($id: ID!) { adminRestoreCreation(id: $id) { state creation { id } } }';
const SUSPEND = 'mutation($id: ID!, $reason: String!) { adminSuspendUser(id: $id, reason: $reason) { id suspendedAt suspendedReason } }';
const RESTORE_USER = 'mutation($id: ID!) { adminRestoreUser(id: $id) { id suspendedAt } }';
const AUDIT = 'query($target: String) { adminAuditLog(first: 20, targetId: $target) { action targetType targetId reason details createdAt actor { id } } }';
const FEED = '{ communityFeed(first: 50) { edges { node { id } } } }';
const ARTICLE = 'mutation($input: GenerateArticleInput!) { generateArticle(input: $input) { id } }';

async function moderator(tag = 'mod') {
  const me = await signUp(server.url, 'Mod', tag);
  await db().user.update({ where: { id: me.user.id }, data: { role: 'MODERATOR' } });
  return me;
}

const feedIds = async (token?: string) =>
  (await gqlOk<{ communityFeed: { edges: { node: { id: string } }[] } }>(server.url, FEED, {}, token)).communityFeed.edges.map((e) => e.node.id);

describe('reporting', () => {
  it('takes one report per viewer and creation with a reason and a note; refuses a second, one’s own, a missing creation, and signed-out viewers', async () => {
    const author = await signUp(server.url, 'Author', 'repauthor');
    const viewer = await signUp(server.url, 'Viewer', 'repviewer');
    const [c] = await seedCreations(db(), author.user.id, 1, { published: true });
    const first = await gqlOk(server.url, REPORT, { id: c!.id, reason: 'SPAM', note: '  buy my stuff  ' }, viewer.token);
    expect(first.reportCreation).toMatchObject({ reason: 'SPAM', note: 'buy my stuff', resolvedAt: null });

    const again = await gql(server.url, REPORT, { id: c!.id, reason: 'OTHER' }, viewer.token);
    expect([code(again), reason(again)]).toEqual(['BAD_USER_INPUT', 'ALREADY_REPORTED']);
    const own = await gql(server.url, REPORT, { id: c!.id, reason: 'OTHER' }, author.token);
    expect([code(own), reason(own)]).toEqual(['BAD_USER_INPUT', 'OWN_CREATION']);
    expect(code(await gql(server.url, REPORT, { id: c!.id, reason: 'OTHER' }))).toBe('UNAUTHENTICATED');
    expect(code(await gql(server.url, REPORT, { id: '00000000-0000-4000-8000-000000000000', reason: 'OTHER' }, viewer.token))).toBe('NOT_FOUND');
    const [unpublished] = await seedCreations(db(), author.user.id, 1, { published: false });
    expect(code(await gql(server.url, REPORT, { id: unpublished!.id, reason: 'OTHER' }, viewer.token))).toBe('NOT_FOUND');
    expect(code(await gql(server.url, REPORT, { id: c!.id, reason: 'NOT_A_REASON' }, viewer.token))).toBe('BAD_USER_INPUT');
    const long = await gql(server.url, REPORT, { id: c!.id, reason: 'OTHER', note: 'x'.repeat(501) }, (await signUp(server.url, 'Long', 'replong')).token);
    expect([code(long), long.errors?.[0]?.extensions?.field]).toEqual(['BAD_USER_INPUT', 'note']);
    expect(await db().report.count({ where: { creationId: c!.id } })).toBe(1);
  });
});

describe('report → queue → hide', () => {
  it('puts a reported creation in the queue; hiding it takes its card out of another viewer’s open gallery at once, and logs who, what and why', async () => {
    const mod = await moderator();
    const author = await signUp(server.url, 'Author', 'hideauthor');
    const viewer = await signUp(server.url, 'Viewer', 'hideviewer');
    const [c, other] = await seedCreations(db(), author.user.id, 2, { published: true });
    expect(await feedIds(viewer.token)).toContain(c!.id);

    // Another viewer's gallery, open: its subscriptions are live.
    const watcher = wsClient(server.url, (await signUp(server.url, 'Watcher', 'hidewatch')).token);
    const removed = collect<{ creationRemoved: string }>(watcher, 'subscription { creationRemoved }');
    const published = collect<{ creationPublished: { id: string } | null }>(watcher, 'subscription { creationPublished { id } }');
    await waitFor(async () => (await server.app.services.pubsub.listenerCount()) >= 2, 5000, 'the subscriptions to listen');

    await gqlOk(server.url, REPORT, { id: c!.id, reason: 'VIOLENT', note: 'gore' }, viewer.token);
    const queue = (await gqlOk(server.url, QUEUE, {}, mod.token)).adminModerationQueue;
    const item = queue.items.find((i: { creation: { id: string } }) => i.creation.id === c!.id);
    expect(item).toMatchObject({ state: 'VISIBLE', openReports: 1, screening: null, owner: { id: author.user.id, role: 'USER' }, reports: [{ reason: 'VIOLENT', note: 'gore' }] });
    expect(queue.items.some((i: { creation: { id: string } }) => i.creation.id === other!.id)).toBe(false);

    const noReason = await gql(server.url, HIDE, { id: c!.id, reason: '  ' }, mod.token);
    expect([code(noReason), reason(noReason)]).toEqual(['BAD_USER_INPUT', 'REASON_REQUIRED']);
    const hidden = await gqlOk(server.url, HIDE, { id: c!.id, reason: 'Graphic violence' }, mod.token);
    expect(hidden.adminHideCreation).toEqual({ state: 'HIDDEN', openReports: 0, creation: { id: c!.id } });

    await waitFor(() => removed.items.some((e) => e.creationRemoved === c!.id), 5000, 'creationRemoved on the open gallery');
    expect(removed.errors).toEqual([]);
    expect(await feedIds(viewer.token)).not.toContain(c!.id);
    expect(await feedIds()).not.toContain(c!.id);
    expect((await gqlOk(server.url, 'query($id: ID!) { creation(id: $id) { id } }', { id: c!.id }, viewer.token)).creation).toBeNull();
    // Its author still has it.
    expect((await gqlOk(server.url, 'query($id: ID!) { creation(id: $id) { id } }', { id: c!.id }, author.token)).creation).toEqual({ id: c!.id });
    // Nobody can like or report it now.
    expect(code(await gql(server.url, 'mutation($id: ID!) { toggleLike(creationId: $id) { id } }', { id: c!.id }, viewer.token))).toBe('NOT_FOUND');
    const queueAfter = (await gqlOk(server.url, QUEUE, {}, mod.token)).adminModerationQueue;
    expect(queueAfter.items.some((i: { creation: { id: string } }) => i.creation.id === c!.id)).toBe(false);

    // Restored: back in the feed, announced to open galleries as a publication is.
    expect((await gqlOk(server.url, RESTORE, { id: c!.id }, mod.token)).adminRestoreCreation).toEqual({ state: 'VISIBLE', creation: { id: c!.id } });
    await waitFor(() => published.items.some((e) => e.creationPublished?.id === c!.id), 5000, 'creationPublished after the restore');
    expect(await feedIds(viewer.token)).toContain(c!.id);

    const log = (await gqlOk(server.url, AUDIT, { target: c!.id }, mod.token)).adminAuditLog;
    expect(log.map((e: { action: string }) => e.action)).toEqual(['creation.restore', 'creation.hide']);
    expect(log[1]).toMatchObject({ targetType: 'creation', targetId: c!.id, reason: 'Graphic violence', actor: { id: mod.user.id } });
    expect(JSON.parse(log[1].details)).toMatchObject({ from: 'VISIBLE', to: 'HIDDEN', reportsResolved: 1, ownerId: author.user.id });
    removed.dispose();
    published.dispose();
    await watcher.dispose();
  });

  it('lists a creation held by screening with its verdict; restoring it makes it VISIBLE and puts it in the gallery', async () => {
    const mod = await moderator('modheld');
    const author = await signUp(server.url, 'Author', 'heldauthor');
    const [c] = await seedCreations(db(), author.user.id, 1, { published: true });
    const verdict = { provider: 'nsfwjs', scores: { Porn: 0.93 }, words: [], ms: 40 };
    await db().creation.update({ where: { id: c!.id }, data: { moderation: 'HELD', screening: verdict } });
    expect(await feedIds()).not.toContain(c!.id);
    const item = (await gqlOk(server.url, QUEUE, {}, mod.token)).adminModerationQueue.items.find((i: { creation: { id: string } }) => i.creation.id === c!.id);
    expect(item).toMatchObject({ state: 'HELD', openReports: 0 });
    expect(JSON.parse(item.screening)).toEqual(verdict);
    expect((await gqlOk(server.url, RESTORE, { id: c!.id }, mod.token)).adminRestoreCreation.state).toBe('VISIBLE');
    expect(await feedIds()).toContain(c!.id);
  });
});

describe('suspension', () => {
  it('closes the account’s open socket, ends its sessions, refuses its jobs, publishing and likes; lifted, it may again; both are in the audit log', async () => {
    const mod = await moderator('modsusp');
    const user = await signUp(server.url, 'Suspect', 'suspect');
    const [c] = await seedCreations(db(), user.user.id, 1, { published: false });
    const socket = await openSocket(server.url, user.token);
    expect(socket.connected).toBe(true);

    expect(code(await gql(server.url, SUSPEND, { id: user.user.id, reason: '' }, mod.token))).toBe('BAD_USER_INPUT');
    const suspended = await gqlOk(server.url, SUSPEND, { id: user.user.id, reason: 'Spam accounts' }, mod.token);
    expect(suspended.adminSuspendUser).toMatchObject({ id: user.user.id, suspendedReason: 'Spam accounts' });

    await waitFor(() => socket.closed.code !== undefined, 5000, 'the suspended user’s socket to close');
    expect(socket.closed.code).toBe(4403);
    expect(socket.closed.reason).toMatch(/^ACCOUNT_SUSPENDED/);
    expect(code(await gql(server.url, '{ me { id } }', {}, user.token))).toBe('UNAUTHENTICATED');

    // Signed in again (after the second the suspension began): it reads why, and starts nothing.
    await new Promise((r) => setTimeout(r, 1100));
    const again = await gqlOk(server.url, 'mutation($e: String!) { signIn(email: $e, password: "Correct-Horse-9") { token } }', { e: user.user.email });
    const token = again.signIn.token as string;
    expect((await gqlOk(server.url, '{ me { suspended suspendedReason } }', {}, token)).me).toEqual({ suspended: true, suspendedReason: 'Spam accounts' });
    const job = await gql(server.url, ARTICLE, { input: { topic: 'tide pools', length: 'SHORT' } }, token);
    expect(code(job)).toBe('ACCOUNT_SUSPENDED');
    expect(await db().job.count({ where: { userId: user.user.id } })).toBe(0);
    const publish = await gql(server.url, 'mutation($id: ID!) { setCreationPublished(id: $id, publish: true) { id } }', { id: c!.id }, token);
    expect(code(publish)).toBe('ACCOUNT_SUSPENDED');
    const [theirs] = await seedCreations(db(), mod.user.id, 1, { published: true });
    expect(code(await gql(server.url, 'mutation($id: ID!) { toggleLike(creationId: $id) { id } }', { id: theirs!.id }, token))).toBe('ACCOUNT_SUSPENDED');
    expect(code(await gql(server.url, REPORT, { id: theirs!.id, reason: 'SPAM' }, token))).toBe('ACCOUNT_SUSPENDED');
    // A socket opened after the suspension stays open (it may still follow the gallery).
    const later = await openSocket(server.url, token);
    expect(later.connected).toBe(true);

    // A moderator acts only on plain users, never on their own account.
    const self = await gql(server.url, SUSPEND, { id: mod.user.id, reason: 'x' }, mod.token);
    expect(reason(self)).toBe('OWN_ACCOUNT');
    const other = await moderator('modother');
    expect(code(await gql(server.url, SUSPEND, { id: other.user.id, reason: 'x' }, mod.token))).toBe('FORBIDDEN');

    expect((await gqlOk(server.url, RESTORE_USER, { id: user.user.id }, mod.token)).adminRestoreUser.suspendedAt).toBeNull();
    expect((await gqlOk(server.url, '{ me { suspended } }', {}, token)).me.suspended).toBe(false);
    expect(code(await gql(server.url, ARTICLE, { input: { topic: 'tide pools', length: 'SHORT' } }, token))).toBeUndefined();

    const log = (await gqlOk(server.url, AUDIT, { target: user.user.id }, mod.token)).adminAuditLog;
    expect(log.map((e: { action: string; reason: string | null }) => [e.action, e.reason])).toEqual([
      ['user.restore', null],
      ['user.suspend', 'Spam accounts'],
    ]);
    expect(log.every((e: { actor: { id: string } }) => e.actor.id === mod.user.id)).toBe(true);
    await Promise.all([socket.client.dispose(), later.client.dispose()]);
  });
});

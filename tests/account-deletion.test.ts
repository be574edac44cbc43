// Deleting an account (issue 16, the account page): only with its password; then its
// creations, likes, files and sessions are gone, and its open socket closes at once.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localFilePath } from '../server/providers/storage/local.js';
import { followJob, gql, gqlOk, signUp, startStack, waitFor, wsClient } from './helpers/server.js';

let stack: Awaited<ReturnType<typeof startStack>>;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const DELETE = 'mutation($password: String!) { deleteAccount(password: $password) }';

describe('deleteAccount', () => {
  it('refuses a wrong password and keeps everything', async () => {
    const { token } = await signUp(stack.url, 'Keep', 'delete');
    const r = await gql(stack.url, DELETE, { password: 'not-the-password' }, token);
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'password' });
    expect((await gqlOk(stack.url, '{ me { id } }', {}, token)).me).not.toBeNull();
  });

  it('with the password, removes creations, likes, files and sessions, and closes open sockets', async () => {
    const { token, user } = await signUp(stack.url, 'Gone', 'delete');
    await gqlOk(stack.url, 'mutation { startTrial { plan } }', {}, token);
    const { generateImage } = await gqlOk(stack.url, 'mutation { generateImage(input: {description: "a lighthouse", style: REALISTIC, publish: true}) { id } }', {}, token);
    const last = (await followJob(stack.url, token, generateImage.id)).at(-1)!;
    expect(last.phase).toBe('COMPLETED');
    const db = stack.server.app.services.db;
    const creation = await db.creation.findUniqueOrThrow({ where: { id: last.creation!.id } });
    await gqlOk(stack.url, 'mutation($id: ID!) { toggleLike(creationId: $id) { likeCount } }', { id: creation.id }, token);
    const path = localFilePath(stack.config.dataDir, creation.file!);
    expect(existsSync(path)).toBe(true);

    let closed: number | undefined;
    const client = wsClient(stack.url, token, { on: { closed: (e) => (closed = (e as CloseEvent).code) } });
    client.subscribe({ query: 'subscription { likeChanged { likeCount } }' }, { next: () => {}, error: () => {}, complete: () => {} });
    await waitFor(() => stack.server.app.services.pubsub.listenerCount() > 0, 5000, 'the subscription');

    expect((await gqlOk(stack.url, DELETE, { password: 'Correct-Horse-9' }, token)).deleteAccount).toBe(true);
    await waitFor(() => closed !== undefined, 5000, 'the socket to close');
    expect(closed).toBe(4403);
    expect((await gql(stack.url, '{ me { id } }', {}, token)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await db.user.count({ where: { id: user.id } })).toBe(0);
    expect(await db.creation.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.like.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.subscription.count({ where: { userId: user.id } })).toBe(0);
    expect(existsSync(path)).toBe(false);
    await client.dispose();
  });
});

// Deleting an account (the account page, product §2): only with its password; then its
// creations, likes, files and sessions are gone, and its open socket closes at once.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localFilePath } from '../../server/shared/storage/local.js';
import { followJob, gql, gqlOk, signUp, startStack, waitFor, wsClient } from '../helpers/server.js';

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

describe('changePassword', () => {
  const CHANGE = 'mutation($c: String!, $n: String!) { changePassword(currentPassword: $c, newPassword: $n) { token } }';

  it('needs the current password and a good new one; then every other session ends and this one goes on', async () => {
    const first = await signUp(stack.url, 'Pass', 'password');
    const other = (await gqlOk(stack.url, 'mutation($e: String!) { signIn(email: $e, password: "Correct-Horse-9") { token } }', { e: first.user.email })).signIn.token as string;
    await new Promise((r) => setTimeout(r, 1100)); // a later second than the tokens' issue times
    let closed: number | undefined;
    const client = wsClient(stack.url, other, { on: { closed: (e) => (closed = (e as CloseEvent).code) } });
    client.subscribe({ query: 'subscription { likeChanged { likeCount } }' }, { next: () => {}, error: () => {}, complete: () => {} });
    await waitFor(() => stack.server.app.services.pubsub.listenerCount() > 0, 5000, 'the subscription');

    const wrong = await gql(stack.url, CHANGE, { c: 'nope', n: 'Brand-New-Horse-7' }, first.token);
    expect(wrong.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'currentPassword' });
    const weak = await gql(stack.url, CHANGE, { c: 'Correct-Horse-9', n: 'short' }, first.token);
    expect(weak.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'newPassword' });

    const { changePassword } = await gqlOk(stack.url, CHANGE, { c: 'Correct-Horse-9', n: 'Brand-New-Horse-7' }, first.token);
    await waitFor(() => closed !== undefined, 5000, 'the other session’s socket to close');
    expect(closed).toBe(4403);
    for (const old of [first.token, other]) {
      const r = await gql(stack.url, '{ me { id } }', {}, old);
      expect(r.errors?.[0]?.message).toMatch(/password was changed/);
    }
    expect((await gqlOk(stack.url, '{ me { id } }', {}, changePassword.token)).me.id).toBe(first.user.id);
    const signIn = 'mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { token } }';
    expect((await gql(stack.url, signIn, { e: first.user.email, p: 'Correct-Horse-9' })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await gqlOk(stack.url, signIn, { e: first.user.email, p: 'Brand-New-Horse-7' })).signIn.token).toBeTruthy();
    await client.dispose();
  });
});

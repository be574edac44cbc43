// Account e-mail (docs/email.md) against a real SMTP server: the verification link at sign-up,
// a forgotten password reset by a link that works once and not after it expires, the same answer
// for an address with no account, a change of address, the limits; and, with no SMTP server,
// the outbox under DATA_DIR.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/shared/platform/config.js';
import { gql, gqlOk, signUp, startTestServer, uniqueEmail, waitFor } from '../helpers/server.js';
import { linkIn, outboxMessages, startSmtpServer } from '../helpers/smtp.js';

const PUBLIC_URL = 'https://studio.example.test';
const ME = '{ me { id email emailVerified } }';
const VERIFY = 'mutation($t: String!) { verifyEmail(token: $t) }';
const FORGOT = 'mutation($e: String!) { requestPasswordReset(email: $e) }';
const RESET = 'mutation($t: String!, $p: String!) { resetPassword(token: $t, newPassword: $p) { token user { id email emailVerified } } }';
const SIGN_IN = 'mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { token } }';
const CHANGE = 'mutation($e: String!, $p: String!) { requestEmailChange(newEmail: $e, password: $p) }';
const CONFIRM = 'mutation($t: String!) { confirmEmailChange(token: $t) { id email emailVerified } }';
const PASSWORD = 'Correct-Horse-9';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: 'Atelier <accounts@studio.example.test>', EMAIL_RATE_PER_HOUR: '1000' });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const reason = (r: { errors?: { extensions?: Record<string, unknown> }[] }) => r.errors?.[0]?.extensions?.reason;

describe('verification at sign-up', () => {
  it('sends a multipart (text + HTML) message whose link verifies the address once', async () => {
    const { token, user } = await signUp(server.url, 'Vera');
    expect((await gqlOk(server.url, ME, {}, token)).me).toMatchObject({ email: user.email, emailVerified: false });
    const mail = await smtp.mailTo(user.email);
    expect(mail.parsed.contentType).toBe('multipart/alternative');
    expect(mail.parsed.parts.map((p) => p.contentType)).toEqual(['text/plain', 'text/html']);
    expect(mail.parsed.headers.from).toContain('accounts@studio.example.test');
    expect(mail.parsed.headers.subject).toMatch(/confirm your e-mail/i);
    const link = linkIn(mail.parsed, '/verify-email');
    expect(link.origin).toBe(PUBLIC_URL);
    expect(mail.parsed.html).toContain(link.href.replace(/&/g, '&amp;'));
    expect(mail.parsed.text).toContain('Vera');
    // The row keeps only the token's hash.
    const rows = await server.app.services.db.emailToken.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(link.searchParams.get('token'));

    expect((await gqlOk(server.url, VERIFY, { t: link.searchParams.get('token') })).verifyEmail).toBe(true);
    expect((await gqlOk(server.url, ME, {}, token)).me.emailVerified).toBe(true);
    const again = await gql(server.url, VERIFY, { t: link.searchParams.get('token') });
    expect(again.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'LINK_USED' });
    // Verified: nothing to resend.
    const resend = await gql(server.url, 'mutation { resendVerificationEmail }', {}, token);
    expect(reason(resend)).toBe('ALREADY_VERIFIED');
  });

  it('resends a new link on request, and refuses a made-up one', async () => {
    const { token, user } = await signUp(server.url, 'Rhea');
    await smtp.mailTo(user.email);
    expect((await gqlOk(server.url, 'mutation { resendVerificationEmail }', {}, token)).resendVerificationEmail).toBe(true);
    const second = await smtp.mailTo(user.email, 1);
    await gqlOk(server.url, VERIFY, { t: linkIn(second.parsed, '/verify-email').searchParams.get('token') });
    expect((await gqlOk(server.url, ME, {}, token)).me.emailVerified).toBe(true);
    expect(reason(await gql(server.url, VERIFY, { t: 'x'.repeat(43) }))).toBe('LINK_INVALID');
    expect(reason(await gql(server.url, VERIFY, { t: 'not a token' }))).toBe('LINK_INVALID');
  });
});

describe('password reset', () => {
  it('e-mails a link that sets a new password once and signs out the other sessions', async () => {
    const { token: oldSession, user } = await signUp(server.url, 'Paz');
    await new Promise((r) => setTimeout(r, 1100)); // a later second than the session's issue time
    expect((await gqlOk(server.url, FORGOT, { e: ` ${user.email.toUpperCase()} ` })).requestPasswordReset).toBe(true);
    const mail = await smtp.mailTo(user.email, 1);
    expect(mail.parsed.headers.subject).toMatch(/reset your atelier password/i);
    expect(mail.parsed.parts.map((p) => p.contentType)).toEqual(['text/plain', 'text/html']);
    const t = linkIn(mail.parsed, '/reset-password').searchParams.get('token')!;

    const weak = await gql(server.url, RESET, { t, p: 'short' });
    expect(weak.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'newPassword' });
    const done = await gqlOk(server.url, RESET, { t, p: 'New-Horse-42' });
    expect(done.resetPassword.user).toMatchObject({ id: user.id, emailVerified: true });
    expect((await gqlOk(server.url, ME, {}, done.resetPassword.token)).me.id).toBe(user.id);
    // The session from before the reset is over; the old password too.
    expect((await gql(server.url, ME, {}, oldSession)).errors?.[0]).toMatchObject({
      message: expect.stringMatching(/password was changed/),
      extensions: { code: 'UNAUTHENTICATED' },
    });
    expect((await gql(server.url, SIGN_IN, { e: user.email, p: PASSWORD })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    await gqlOk(server.url, SIGN_IN, { e: user.email, p: 'New-Horse-42' });

    const twice = await gql(server.url, RESET, { t, p: 'Third-Horse-77' });
    expect(twice.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'LINK_USED' });
    expect(twice.errors?.[0]?.message).toMatch(/already used/);
  });

  it('refuses an expired link, and lets only one of two uses at once through', async () => {
    const { user } = await signUp(server.url, 'Exp');
    await gqlOk(server.url, FORGOT, { e: user.email });
    const t1 = linkIn((await smtp.mailTo(user.email, 1)).parsed, '/reset-password').searchParams.get('token')!;
    await server.app.services.db.emailToken.updateMany({ where: { userId: user.id, purpose: 'RESET_PASSWORD' }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await gql(server.url, RESET, { t: t1, p: 'New-Horse-42' });
    expect(expired.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'LINK_EXPIRED' });
    expect(expired.errors?.[0]?.message).toMatch(/expired/);

    await gqlOk(server.url, FORGOT, { e: user.email });
    const t2 = linkIn((await smtp.mailTo(user.email, 2)).parsed, '/reset-password').searchParams.get('token')!;
    const both = await Promise.all([gql(server.url, RESET, { t: t2, p: 'Race-Horse-1' }), gql(server.url, RESET, { t: t2, p: 'Race-Horse-2' })]);
    expect(both.filter((r) => r.data?.resetPassword).length).toBe(1);
    expect(both.map(reason).filter(Boolean)).toEqual(['LINK_USED']);
  });

  it('answers an address with no account the same, in similar time, and sends nothing', async () => {
    const { user } = await signUp(server.url, 'Known');
    const nobody = uniqueEmail('nobody');
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 3; i++) {
      for (const [k, e] of [
        ['known', user.email],
        ['unknown', nobody],
      ] as const) {
        const start = performance.now();
        const r = await gql(server.url, FORGOT, { e });
        times[k].push(performance.now() - start);
        expect(r).toEqual({ status: 200, data: { requestPasswordReset: true } });
      }
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
    expect(Math.abs(median(times.known) - median(times.unknown))).toBeLessThan(100);
    await smtp.mailTo(user.email, 3);
    // Past the limit for an address, both are refused alike.
    const known = await gql(server.url, FORGOT, { e: user.email });
    const unknown = await gql(server.url, FORGOT, { e: nobody });
    expect(known.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(unknown.errors?.[0]?.message).toBe(known.errors?.[0]?.message);
    expect(smtp.received.some((m) => m.to.includes(nobody))).toBe(false);
  });
});

describe('change of address', () => {
  it('is confirmed at the new address, and the old one is told', async () => {
    const { token, user } = await signUp(server.url, 'Cam');
    const next = uniqueEmail('moved');
    const wrong = await gql(server.url, CHANGE, { e: next, p: 'Wrong-Horse-1' }, token);
    expect(wrong.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'password' });
    expect((await gqlOk(server.url, CHANGE, { e: next, p: PASSWORD }, token)).requestEmailChange).toBe(true);
    const mail = await smtp.mailTo(next);
    const t = linkIn(mail.parsed, '/confirm-email').searchParams.get('token')!;
    // Nothing changes until the link is opened.
    expect((await gqlOk(server.url, ME, {}, token)).me.email).toBe(user.email);
    const confirmed = await gqlOk(server.url, CONFIRM, { t });
    expect(confirmed.confirmEmailChange).toMatchObject({ id: user.id, email: next, emailVerified: true });
    expect((await gqlOk(server.url, ME, {}, token)).me.email).toBe(next);
    // The old address: the verification at sign-up, then the notice (no link in it).
    const notice = await smtp.mailTo(user.email, 1);
    expect(notice.parsed.headers.subject).toMatch(/was changed/);
    expect(notice.parsed.text).toContain(next);
    expect(notice.parsed.text).not.toMatch(/token=/);
    await gqlOk(server.url, SIGN_IN, { e: next, p: PASSWORD });
    expect(reason(await gql(server.url, CONFIRM, { t }))).toBe('LINK_USED');
  });

  it("answers the same for an address another account has, and tells that address's owner only", async () => {
    const { token } = await signUp(server.url, 'Taker');
    const other = await signUp(server.url, 'Owner');
    expect((await gqlOk(server.url, CHANGE, { e: other.user.email, p: PASSWORD }, token)).requestEmailChange).toBe(true);
    const note = await smtp.mailTo(other.user.email, 1);
    expect(note.parsed.headers.subject).toMatch(/someone asked to use your e-mail/i);
    expect(note.parsed.text).not.toMatch(/token=/);
  });
});

describe('the outbox (no SMTP server)', () => {
  it('writes each message under DATA_DIR/outbox and logs one line without its link', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atelier-outbox-'));
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (s: string) => void lines.push(s) });
    const local = await startTestServer({ DATA_DIR: dataDir }, log);
    try {
      const { user } = await signUp(local.url, 'Otto');
      await waitFor(() => outboxMessages(dataDir).length > 0, 10_000, 'the outbox file');
      const [first] = outboxMessages(dataDir);
      expect(first!.parsed.headers.to).toContain(user.email);
      expect(first!.parsed.parts.map((p) => p.contentType)).toEqual(['text/plain', 'text/html']);
      // No PUBLIC_URL: the link starts with the address the request reached the server at.
      const link = linkIn(first!.parsed, '/verify-email');
      expect(link.origin).toBe(local.url);
      const logged = lines.filter((l) => l.includes('outbox'));
      expect(logged).toHaveLength(1);
      expect(JSON.parse(logged[0]!)).toMatchObject({ kind: 'verify-email', file: first!.file });
      expect(lines.join('\n')).not.toContain(link.searchParams.get('token'));
      await gqlOk(local.url, VERIFY, { t: link.searchParams.get('token') });

      await gqlOk(local.url, FORGOT, { e: user.email });
      await waitFor(() => outboxMessages(dataDir).length > 1, 10_000, 'the reset message');
      expect(outboxMessages(dataDir)[1]!.parsed.headers.subject).toMatch(/reset/i);
    } finally {
      await local.close();
    }
  });
});

describe('configuration', () => {
  it('takes an smtp:// or smtps:// SMTP_URL, and only with PUBLIC_URL (links never take the Host header)', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(/also set PUBLIC_URL/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com', PUBLIC_URL })).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465', PUBLIC_URL }).SMTP_URL).toBe('smtps://u:p@mail.example.com:465');
  });
});

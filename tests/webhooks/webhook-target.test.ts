// The target guard on its own (server/shared/webhooks/target.ts, docs/webhooks.md): which
// addresses are refused, and the lookup hook a delivery connects through, with a resolver that
// answers a public address when the URL is saved and 127.0.0.1 when it is delivered (DNS
// rebinding): the delivery is refused and the receiver on 127.0.0.1 hears nothing.
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTarget, guardedLookup, refusalOf, TargetRefused, type ResolveAll } from '../../server/shared/webhooks/target.js';
import { postWebhook } from '../../worker/webhooks/post.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

const PUBLIC_V4 = '93.184.215.14';
const PUBLIC_V6 = '2606:2800:21f:cb07:6820:80da:af6b:8b2c';

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

/** A resolver that gives each answer in turn, then the last one again. */
function answering(...answers: LookupAddress[][]): ResolveAll & { calls: string[] } {
  const calls: string[] = [];
  return Object.assign(
    async (hostname: string) => {
      calls.push(hostname);
      return answers[Math.min(calls.length, answers.length) - 1]!;
    },
    { calls },
  );
}

const v4 = (address: string): LookupAddress => ({ address, family: 4 });
const v6 = (address: string): LookupAddress => ({ address, family: 6 });

describe('refused addresses', () => {
  it('refuses loopback, private, link-local, CGNAT, unspecified, multicast and their IPv4-mapped forms; allows public unicast', () => {
    const refused = [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.251',
      '255.255.255.255',
      '240.0.0.1',
      '198.18.0.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::7f00:1',
      'fec0::1',
    ];
    for (const address of refused) expect(refusalOf(address), address).toMatch(new RegExp(`^${address.replace(/\./g, '\\.')} is `));
    for (const address of [PUBLIC_V4, '8.8.8.8', '172.32.0.1', '100.128.0.1', PUBLIC_V6]) expect(refusalOf(address), address).toBeNull();
  });

  it('judges a saved URL by its host: an address as it is, a name by every address it resolves to', async () => {
    expect(await checkTarget(new URL('http://[::ffff:7f00:1]:9000/x'))).toBe('::ffff:7f00:1 is a loopback address (this machine)');
    expect(await checkTarget(new URL('http://app.localhost/x'))).toBe('app.localhost is this machine (a loopback address)');
    expect(await checkTarget(new URL('https://hooks.example.com/x'), answering([v4(PUBLIC_V4), v6(PUBLIC_V6)]))).toBeNull();
    expect(await checkTarget(new URL('https://mixed.example.com/x'), answering([v4(PUBLIC_V4), v4('10.0.0.7')]))).toBe(
      'mixed.example.com resolves to 10.0.0.7, a private network address',
    );
    const nowhere: ResolveAll = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await checkTarget(new URL('https://not-yet.example.com/x'), nowhere)).toBeNull();
  });
});

describe('the lookup hook a delivery connects through', () => {
  const lookupWith = (resolve: ResolveAll, hostname: string, options: { all?: boolean; family?: number } = {}) =>
    new Promise<{ err: Error | null; address: unknown; family?: number }>((done) =>
      guardedLookup(resolve)(hostname, options, (err, address, family) => done({ err, address, family })),
    );

  it('hands the socket exactly the addresses it checked, in the form asked', async () => {
    const resolve = answering([v4(PUBLIC_V4), v6(PUBLIC_V6)]);
    expect(await lookupWith(resolve, 'hooks.example.com', { all: true })).toEqual({ err: null, address: [v4(PUBLIC_V4), v6(PUBLIC_V6)], family: undefined });
    expect(await lookupWith(resolve, 'hooks.example.com')).toEqual({ err: null, address: PUBLIC_V4, family: 4 });
    expect(await lookupWith(resolve, 'hooks.example.com', { family: 6 })).toEqual({ err: null, address: PUBLIC_V6, family: 6 });
  });

  it('refuses a name that resolves to a refused address at connect time', async () => {
    const { err } = await lookupWith(answering([v4(PUBLIC_V4), v4('127.0.0.1')]), 'rebind.example.com', { all: true });
    expect(err).toBeInstanceOf(TargetRefused);
    expect(err!.message).toBe('rebind.example.com resolves to 127.0.0.1, a loopback address (this machine)');
  });

  it('a name public when saved and loopback when delivered (DNS rebinding) is refused, and nothing reaches 127.0.0.1', async () => {
    const rebinding = answering([v4(PUBLIC_V4)], [v4('127.0.0.1')]);
    const url = `http://rebind.example.com:${receiver.port}/hook`;
    expect(await checkTarget(new URL(url), rebinding)).toBeNull();
    const result = await postWebhook(url, '{}', {}, { timeoutMs: 2000, maxBytes: 65_536, excerptChars: 200, allowPrivate: false, resolve: rebinding });
    expect(result).toMatchObject({
      status: null,
      error: 'Refused: rebind.example.com resolves to 127.0.0.1, a loopback address (this machine). Webhooks can only go to public internet addresses.',
    });
    expect(rebinding.calls).toEqual(['rebind.example.com', 'rebind.example.com']);
    expect(receiver.received).toEqual([]);
  });

  it('a name that resolved nowhere when saved and to this machine when delivered is refused too, and nothing reaches 127.0.0.1', async () => {
    const calls: string[] = [];
    // Saved while its name had no address (accepted: nothing could be reached through it then).
    const later: ResolveAll = async (hostname) => {
      calls.push(hostname);
      if (calls.length === 1) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return [v4('127.0.0.1')];
    };
    const url = `http://not-yet.example.com:${receiver.port}/hook`;
    expect(await checkTarget(new URL(url), later)).toBeNull();
    const result = await postWebhook(url, '{}', {}, { timeoutMs: 2000, maxBytes: 65_536, excerptChars: 200, allowPrivate: false, resolve: later });
    expect(result).toMatchObject({
      status: null,
      error: 'Refused: not-yet.example.com resolves to 127.0.0.1, a loopback address (this machine). Webhooks can only go to public internet addresses.',
    });
    expect(calls).toEqual(['not-yet.example.com', 'not-yet.example.com']);
    expect(receiver.received).toEqual([]);
  });

  it('with private targets allowed, the same delivery goes through', async () => {
    const result = await postWebhook(
      `http://localhost:${receiver.port}/allowed`,
      '{"a":1}',
      { 'webhook-id': 'msg_1' },
      {
        timeoutMs: 2000,
        maxBytes: 65_536,
        excerptChars: 200,
        allowPrivate: true,
      },
    );
    expect(result).toMatchObject({ status: 200, error: null });
    expect(receiver.received.map((r) => [r.path, r.body, r.headers['webhook-id']])).toEqual([['/allowed', '{"a":1}', 'msg_1']]);
  });
});

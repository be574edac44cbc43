// Where a webhook may be sent (docs/webhooks.md, "Which addresses are refused"). A user names
// the URL, and our worker sends to it from inside our network: without this check anyone could
// make it POST to the metadata service (169.254.169.254), a database's HTTP port or an admin
// page on loopback. Only public unicast addresses are allowed, unless the operator turns on
// WEBHOOK_ALLOW_PRIVATE_TARGETS. The rule is checked when an endpoint is saved, and again at
// every delivery against the very address the socket connects to (the lookup hook below), so a
// name that resolves to a public address when saved and to 127.0.0.1 later (DNS rebinding)
// is refused when it matters. Addresses are classified by ipaddr.js (MIT), not by our own
// CIDR arithmetic.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { RequestOptions } from 'node:http';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** A refused target: the message says which address and why, for the user and the delivery log. */
export class TargetRefused extends Error {
  override readonly name = 'TargetRefused';
}

/** How ipaddr.js's range names read in a sentence. */
const RANGE_WORDS: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address (this is where cloud metadata services live)',
  loopback: 'a loopback address (this machine)',
  carrierGradeNat: 'a carrier-grade NAT address (100.64.0.0/10)',
  private: 'a private network address',
  uniqueLocal: 'a private network address (unique local, fc00::/7)',
  reserved: 'a reserved address',
  rfc6145: 'an IPv4-translated address',
  rfc6052: 'a NAT64 address',
  '6to4': 'a 6to4 tunnel address',
  teredo: 'a Teredo tunnel address',
};

/** Special ranges ipaddr.js 1.x does not name, matched by its own subnetMatch. */
const MORE_IPV4_RANGES = { benchmarking: [ipaddr.IPv4.parseCIDR('198.18.0.0/15')] };
const MORE_IPV6_RANGES = { ipv4Compatible: [ipaddr.IPv6.parseCIDR('::/96')], siteLocal: [ipaddr.IPv6.parseCIDR('fec0::/10')] };
Object.assign(RANGE_WORDS, { benchmarking: 'a benchmarking address', ipv4Compatible: 'an IPv4-compatible address', siteLocal: 'a site-local address' });

/**
 * What kind of address this is when it may not be a webhook target ("a loopback address"), or
 * null for a public unicast address. IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) are judged
 * as the IPv4 address they carry.
 */
export function refusedKindOf(address: string): string | null {
  const bare = address.replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return 'not an IP address';
  const ip = ipaddr.process(bare);
  let range: string = ip.range();
  if (range === 'unicast') range = ip instanceof ipaddr.IPv4 ? ipaddr.subnetMatch(ip, MORE_IPV4_RANGES, 'unicast') : ipaddr.subnetMatch(ip, MORE_IPV6_RANGES, 'unicast');
  return range === 'unicast' ? null : (RANGE_WORDS[range] ?? `a special-purpose address (${range})`);
}

/** "127.0.0.1 is a loopback address (this machine)", or null when the address is allowed. */
export function refusalOf(address: string): string | null {
  const kind = refusedKindOf(address);
  return kind && `${address} is ${kind}`;
}

/** A host that means this machine whatever DNS says (RFC 6761). */
const isLocalhostName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/** A URL's host as an IP address when it is one ([::1] → ::1), else null. */
export function literalAddressOf(hostname: string): string | null {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(bare) ? bare : null;
}

export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

/** Every address the system resolver gives for a name (what a connection would pick from). */
export const resolveAll: ResolveAll = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))));

/**
 * Checks a URL's host before it is saved: why it is refused, or null. An IP address is judged
 * as it is; a name by every address it resolves to now (any refused one refuses it). A name that
 * does not resolve is accepted: nothing can be reached through it now, and each delivery checks
 * again.
 */
export async function checkTarget(url: URL, resolve: ResolveAll = resolveAll): Promise<string | null> {
  const host = url.hostname.toLowerCase();
  const literal = literalAddressOf(host);
  if (literal) return refusalOf(literal);
  if (isLocalhostName(host)) return `${host} is this machine (a loopback address)`;
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    return null;
  }
  const refused = addresses.find((a) => refusedKindOf(a.address));
  return refused ? `${host} resolves to ${refused.address}, ${refusedKindOf(refused.address)!}` : null;
}

type LookupHook = NonNullable<RequestOptions['lookup']>;

/**
 * The lookup a delivery's socket connects through: it resolves the name once, refuses the
 * connection when any address is not public, and hands the socket exactly the addresses it
 * checked (nothing is resolved again between the check and the connect).
 */
export function guardedLookup(resolve: ResolveAll = resolveAll): LookupHook {
  return (hostname, options, callback) => {
    const refuse = (message: string) => (callback as (err: NodeJS.ErrnoException) => void)(new TargetRefused(message));
    if (isLocalhostName(hostname.toLowerCase())) return refuse(`${hostname} is this machine (a loopback address)`);
    resolve(hostname).then(
      (found) => {
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
        const addresses = family ? found.filter((a) => a.family === family) : found;
        const refused = addresses.find((a) => refusedKindOf(a.address));
        if (refused) return refuse(`${hostname} resolves to ${refused.address}, ${refusedKindOf(refused.address)!}`);
        if (!addresses.length) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
        if (options.all) return callback(null, addresses);
        return callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

/**
 * Checks an IP-literal URL at delivery time (a socket connects to a literal without any lookup,
 * so the hook above never sees it); throws TargetRefused.
 */
export function assertLiteralAllowed(url: URL): void {
  const literal = literalAddressOf(url.hostname);
  const why = literal && refusalOf(literal);
  if (why) throw new TargetRefused(why);
}

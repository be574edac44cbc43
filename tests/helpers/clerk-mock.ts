// A local HTTP server speaking Clerk's Backend API as @clerk/backend calls it: GET /v1/jwks
// (the instance's signing keys) and GET /v1/users/{id} (Clerk's user JSON), both behind
// "Authorization: Bearer <secret key>". Session tokens are minted here with the same key,
// and webhook deliveries are signed as Svix signs them. `mode` makes it misbehave: 'down'
// answers 503 as Clerk does during an incident, 'hang' accepts the connection and never answers.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export const CLERK_TEST_SECRET_KEY = 'sk_test_atelier_mock_secret';
/** The page origin tokens are issued to (their `azp`). */
export const CLERK_MOCK_ORIGIN = 'https://app.atelier.test';

export interface ClerkMockUser {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  image_url: string;
}

export interface ClerkMock {
  url: string;
  kid: string;
  mode: 'ok' | 'down' | 'hang';
  users: Map<string, ClerkMockUser>;
  /** Every request's method and path, in order. */
  requests: string[];
  /** A session token for `sub`, signed with the instance key (RS256, kid), as Clerk's Frontend API issues it to a page on CLERK_MOCK_ORIGIN. */
  token(sub: string, claims?: Record<string, unknown>, opts?: { expiresIn?: string; iat?: number }): Promise<string>;
  /** Clerk's Backend API user JSON for a user. */
  userJson(u: ClerkMockUser): Record<string, unknown>;
  close(): Promise<void>;
}

/** Clerk's Backend API user JSON for a user (as GET /v1/users/{id} answers it). */
function clerkUserJson(u: ClerkMockUser) {
  const now = Date.now();
  const emailId = `idn_${u.id.slice(5)}`;
  return {
    object: 'user',
    id: u.id,
    username: null,
    first_name: u.first_name,
    last_name: u.last_name,
    image_url: u.image_url,
    has_image: true,
    primary_email_address_id: u.email ? emailId : null,
    primary_phone_number_id: null,
    primary_web3_wallet_id: null,
    password_enabled: true,
    two_factor_enabled: false,
    totp_enabled: false,
    backup_code_enabled: false,
    email_addresses: u.email
      ? [
          // A secondary address first: the primary one is found by id, not by position.
          {
            id: 'idn_secondary',
            object: 'email_address',
            email_address: `old-${u.email}`,
            reserved: false,
            verification: { status: 'verified', strategy: 'email_code', attempts: 1, expire_at: now + 600_000 },
            linked_to: [],
            created_at: now - 1000,
            updated_at: now - 1000,
          },
          {
            id: emailId,
            object: 'email_address',
            email_address: u.email,
            reserved: false,
            verification: { status: 'verified', strategy: 'email_code', attempts: 1, expire_at: now + 600_000 },
            linked_to: [],
            created_at: now,
            updated_at: now,
          },
        ]
      : [],
    phone_numbers: [],
    web3_wallets: [],
    passkeys: [],
    external_accounts: [],
    saml_accounts: [],
    enterprise_accounts: [],
    public_metadata: {},
    private_metadata: {},
    unsafe_metadata: {},
    external_id: null,
    last_sign_in_at: now,
    banned: false,
    locked: false,
    lockout_expires_in_seconds: null,
    verification_attempts_remaining: 100,
    created_at: now - 86_400_000,
    updated_at: now,
    delete_self_enabled: true,
    create_organization_enabled: true,
    last_active_at: now,
    mfa_enabled_at: null,
    mfa_disabled_at: null,
    legal_accepted_at: null,
    profile_image_url: u.image_url,
  };
}

/** A session token for `sub` signed with the instance key, as Clerk's Frontend API issues it (ClerkMock.token). */
function signClerkToken(privateKey: CryptoKey, kid: string, sub: string, claims: Record<string, unknown> = {}, opts: { expiresIn?: string; iat?: number } = {}): Promise<string> {
  return new SignJWT({ azp: CLERK_MOCK_ORIGIN, sid: `sess_${sub}`, v: 2, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .setSubject(sub)
    .setIssuer('https://clerk.atelier.test')
    .setIssuedAt(opts.iat)
    .setNotBefore(Math.floor(Date.now() / 1000) - 5)
    .setExpirationTime(opts.expiresIn ?? '5m')
    .sign(privateKey);
}

/** Sends a JSON answer. */
function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Clerk's error body: one error with its code and message. */
const clerkError = (code: string, message: string) => ({ errors: [{ code, message, long_message: message, meta: {} }] });

/** Answers one request as the mock's mode says: unanswered, 503, 401 without the secret key, else the routes. */
function handleClerkRequest(mock: ClerkMock, jwk: Record<string, unknown>, req: IncomingMessage, res: ServerResponse) {
  mock.requests.push(`${req.method} ${req.url}`);
  if (mock.mode === 'hang') return; // the socket stays open, unanswered
  if (mock.mode === 'down') return send(res, 503, clerkError('service_unavailable', 'Service unavailable'));
  if (req.headers.authorization !== `Bearer ${CLERK_TEST_SECRET_KEY}`) {
    return send(res, 401, clerkError('authentication_invalid', 'The provided Clerk Secret Key is invalid.'));
  }
  routeClerkRequest(mock, jwk, req, res);
}

/** The Backend API's routes: GET /v1/jwks and GET /v1/users/{id}; anything else is 404. */
function routeClerkRequest(mock: ClerkMock, jwk: Record<string, unknown>, req: IncomingMessage, res: ServerResponse) {
  const path = (req.url ?? '').split('?')[0]!;
  if (req.method === 'GET' && path === '/v1/jwks') return send(res, 200, { keys: [jwk] });
  const user = /^\/v1\/users\/([^/]+)$/.exec(path);
  if (req.method === 'GET' && user) {
    const u = mock.users.get(decodeURIComponent(user[1]!));
    return u ? send(res, 200, clerkUserJson(u)) : send(res, 404, clerkError('resource_not_found', 'not found'));
  }
  send(res, 404, clerkError('resource_not_found', 'not found'));
}

export async function startClerkMock(): Promise<ClerkMock> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = `ins_${randomBytes(6).toString('hex')}`;
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const sockets = new Set<Socket>();

  const mock: ClerkMock = {
    url: '',
    kid,
    mode: 'ok',
    users: new Map(),
    requests: [],
    token: (sub, claims = {}, opts = {}) => signClerkToken(privateKey, kid, sub, claims, opts),
    userJson: clerkUserJson,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };

  const server: Server = createServer((req, res) => handleClerkRequest(mock, jwk, req, res));
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  mock.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return mock;
}

/** A webhook signing secret as Clerk's dashboard shows it: whsec_ + base64 of random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** The Svix headers of a delivery: HMAC-SHA256 over `${id}.${timestamp}.${body}` with the secret's bytes, "v1,<base64>". */
export function svixHeaders(secret: string, body: string, opts: { id?: string; timestamp?: number } = {}) {
  const id = opts.id ?? `msg_${randomBytes(12).toString('hex')}`;
  const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'svix-id': id, 'svix-timestamp': timestamp, 'svix-signature': `v1,${signature}`, 'content-type': 'application/json' };
}

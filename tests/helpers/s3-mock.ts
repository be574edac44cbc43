// A local HTTP server speaking S3's REST API, path-style (/<bucket>/<key>), for the operations
// our S3 storage uses: PutObject, CopyObject (PUT with x-amz-copy-source), GetObject,
// HeadObject and DeleteObject, with S3's XML error bodies. Every request is authenticated as
// S3 does it, by AWS Signature Version 4 — in the Authorization header (the payload hash in
// x-amz-content-sha256 checked against the body) or in a presigned URL's query (X-Amz-Expires
// honoured) — so the real SDK and its presigner run against it. Anonymous GET/HEAD is allowed
// under public/ only, standing for the bucket policy (or R2 public access, or CDN) that makes
// published copies readable and nothing else.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface S3MockOptions {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The prefix anyone may read without signing (the public-read policy). */
  publicPrefix?: string;
  /**
   * The bucket's CORS rule for GET/HEAD: a request whose Origin matches gets
   * Access-Control-Allow-Origin (and `Vary: Origin`); one without Origin gets neither, as from S3.
   */
  corsOrigins?: RegExp;
}

export interface StoredObject {
  body: Buffer;
  contentType: string;
  cacheControl?: string;
  etag: string;
  lastModified: Date;
}

export interface S3Request {
  method: string;
  key: string;
  auth: 'header' | 'presigned' | 'anonymous';
  status: number;
  /** The S3 error code answered, if any. */
  code?: string;
}

export interface S3Mock {
  url: string;
  objects: Map<string, StoredObject>;
  requests: S3Request[];
  /** Moves the server's clock (to check that presigned URLs expire) ; 0 puts it back. */
  travel(offsetMs: number): void;
  close(): Promise<void>;
}

/** S3's answer to a refused request: a status, a code and a message, sent as XML. */
class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding, as SigV4's canonical query string wants it. */
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** 20260101T000000Z → a Date, or null. */
function parseAmzDate(s: string | undefined): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(s ?? '');
  return m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!)) : null;
}

/** The raw query's pairs, decoded (S3 signs them re-encoded, sorted). */
function queryPairs(rawQuery: string): [string, string][] {
  if (!rawQuery) return [];
  return rawQuery.split('&').map((p) => {
    const i = p.indexOf('=');
    const dec = (s: string) => decodeURIComponent(s.replace(/\+/g, '%20'));
    return i < 0 ? [dec(p), ''] : [dec(p.slice(0, i)), dec(p.slice(i + 1))];
  });
}

function canonicalQuery(pairs: [string, string][]): string {
  return pairs
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

function headerValue(req: IncomingMessage, name: string): string {
  const v = req.headers[name];
  const s = Array.isArray(v) ? v.join(',') : (v ?? '');
  return s.trim().replace(/\s+/g, ' ');
}

interface Credential {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
}

function parseCredential(s: string): Credential {
  const [accessKeyId, date, region, service, terminator] = s.split('/');
  if (!accessKeyId || !date || !region || service !== 's3' || terminator !== 'aws4_request') {
    throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed; the Credential is mal-formed.');
  }
  return { accessKeyId, date, region, service };
}

/** What the mock's handlers share: its options, its objects and its clock (moved by `travel`). */
interface S3MockState {
  opts: S3MockOptions;
  objects: Map<string, StoredObject>;
  publicPrefix: string;
  now: () => Date;
}

/** The parts of a SigV4 signature, from the Authorization header or a presigned URL's query. */
interface SignedRequest {
  path: string;
  pairs: [string, string][];
  cred: Credential;
  amzDate: string;
  signedHeaders: string;
  payloadHash: string;
  signature: string;
}

/** Checks a SigV4 signature over the canonical request; the caller has read the request's parts. */
function checkSignature(s: S3MockState, req: IncomingMessage, { path, pairs, cred, amzDate, signedHeaders, payloadHash, signature }: SignedRequest) {
  if (cred.accessKeyId !== s.opts.accessKeyId) throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (cred.region !== s.opts.region) {
    throw new S3Error(400, 'AuthorizationHeaderMalformed', `The authorization header is malformed; the region '${cred.region}' is wrong; expecting '${s.opts.region}'`);
  }
  if (cred.date !== amzDate.slice(0, 8)) throw new S3Error(403, 'SignatureDoesNotMatch', 'The credential date does not match the request date.');
  const names = signedHeaders.split(';');
  if (!names.includes('host')) throw new S3Error(403, 'AccessDenied', 'The host header must be signed.');
  // Every x-amz-* header sent must be signed (S3 refuses unsigned ones).
  for (const h of Object.keys(req.headers)) {
    if (h.startsWith('x-amz-') && !names.includes(h)) throw new S3Error(403, 'AccessDenied', `There were headers present in the request which were not signed: ${h}`);
  }
  const canonicalRequest = [req.method, path, canonicalQuery(pairs), names.map((n) => `${n}:${headerValue(req, n)}\n`).join(''), signedHeaders, payloadHash].join('\n');
  const scope = `${cred.date}/${cred.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${s.opts.secretAccessKey}`, cred.date), cred.region), 's3'), 'aws4_request');
  const expected = Buffer.from(hmac(key, stringToSign).toString('hex'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new S3Error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.');
  }
}

/** Who is asking: a header-signed request, a presigned URL, or nobody (anonymous). */
function authenticate(s: S3MockState, req: IncomingMessage, path: string, pairs: [string, string][], body: Buffer): S3Request['auth'] {
  const authorization = headerValue(req, 'authorization');
  const query = new Map(pairs);
  if (authorization) {
    authenticateHeader(s, req, path, pairs, body, authorization);
    return 'header';
  }
  if (query.has('X-Amz-Signature')) {
    authenticatePresigned(s, req, path, pairs, query);
    return 'presigned';
  }
  return 'anonymous';
}

/** Checks a request signed in its Authorization header: its date, its payload hash and its signature. */
function authenticateHeader(s: S3MockState, req: IncomingMessage, path: string, pairs: [string, string][], body: Buffer, authorization: string) {
  const m = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(authorization);
  if (!m) throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
  const amzDate = headerValue(req, 'x-amz-date');
  const date = parseAmzDate(amzDate);
  if (!date) throw new S3Error(403, 'AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
  if (Math.abs(date.getTime() - s.now().getTime()) > 15 * 60_000) {
    throw new S3Error(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
  }
  const payloadHash = headerValue(req, 'x-amz-content-sha256');
  if (!payloadHash) throw new S3Error(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
  if (payloadHash.startsWith('STREAMING-')) throw new S3Error(501, 'NotImplemented', 'This mock does not take aws-chunked (streaming) payloads.');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) {
    throw new S3Error(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");
  }
  checkSignature(s, req, { path, pairs, cred: parseCredential(m[1]!), amzDate, signedHeaders: m[2]!, payloadHash, signature: m[3]! });
}

/** Checks a presigned URL: its algorithm, date and expiry (X-Amz-Expires) and its signature. */
function authenticatePresigned(s: S3MockState, req: IncomingMessage, path: string, pairs: [string, string][], query: Map<string, string>) {
  if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') throw new S3Error(400, 'AuthorizationQueryParametersError', 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
  const amzDate = query.get('X-Amz-Date') ?? '';
  const date = parseAmzDate(amzDate);
  const expires = Number(query.get('X-Amz-Expires'));
  if (!date || !Number.isInteger(expires) || expires < 1 || expires > 604_800) {
    throw new S3Error(400, 'AuthorizationQueryParametersError', 'X-Amz-Date and X-Amz-Expires (1 to 604800 seconds) are required');
  }
  const cred = parseCredential(query.get('X-Amz-Credential') ?? '');
  const signed = pairs.filter(([k]) => k !== 'X-Amz-Signature');
  checkSignature(s, req, {
    path,
    pairs: signed,
    cred,
    amzDate,
    signedHeaders: query.get('X-Amz-SignedHeaders') ?? '',
    payloadHash: query.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
    signature: query.get('X-Amz-Signature')!,
  });
  if (date.getTime() > s.now().getTime() + 15 * 60_000) throw new S3Error(403, 'AccessDenied', 'Request is not valid yet');
  if (s.now().getTime() > date.getTime() + expires * 1000) throw new S3Error(403, 'AccessDenied', 'Request has expired');
}

/** Answers GET/HEAD with an object's headers (and CORS ones for an allowed Origin), and its body for GET. */
function sendObject(s: S3MockState, req: IncomingMessage, res: ServerResponse, o: StoredObject, withBody: boolean) {
  const origin = headerValue(req, 'origin');
  const cors = origin && s.opts.corsOrigins?.test(origin) ? { 'access-control-allow-origin': origin, vary: 'Origin' } : {};
  res.writeHead(200, {
    ...cors,
    'content-type': o.contentType,
    'content-length': String(o.body.length),
    etag: o.etag,
    'last-modified': o.lastModified.toUTCString(),
    ...(o.cacheControl ? { 'cache-control': o.cacheControl } : {}),
  });
  res.end(withBody ? o.body : undefined);
}

/** A stored object made from a body and its headers, with its MD5 ETag and the mock's time. */
const store = (s: S3MockState, body: Buffer, contentType: string, cacheControl: string | undefined): StoredObject => ({
  body,
  contentType: contentType || 'binary/octet-stream',
  cacheControl: cacheControl || undefined,
  etag: `"${createHash('md5').update(body).digest('hex')}"`,
  lastModified: s.now(),
});

/** GetObject and HeadObject. */
function getObject(s: S3MockState, req: IncomingMessage, res: ServerResponse, key: string) {
  const o = s.objects.get(key);
  if (!o) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
  return sendObject(s, req, res, o, req.method === 'GET');
}

/** PutObject, or CopyObject when x-amz-copy-source is sent (metadata copied, or replaced with REPLACE). */
function putObject(s: S3MockState, req: IncomingMessage, res: ServerResponse, key: string, body: Buffer) {
  const copySource = headerValue(req, 'x-amz-copy-source');
  if (copySource) {
    const source = decodeURIComponent(copySource).replace(/^\//, '');
    const slash = source.indexOf('/');
    const from = s.objects.get(source.slice(slash + 1));
    if (slash < 0 || source.slice(0, slash) !== s.opts.bucket || !from) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
    const replace = headerValue(req, 'x-amz-metadata-directive') === 'REPLACE';
    const copy = replace ? store(s, from.body, headerValue(req, 'content-type'), headerValue(req, 'cache-control')) : { ...from, lastModified: s.now() };
    s.objects.set(key, copy);
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<CopyObjectResult><LastModified>${copy.lastModified.toISOString()}</LastModified><ETag>${xmlEscape(copy.etag)}</ETag></CopyObjectResult>`,
    );
    return;
  }
  const o = store(s, body, headerValue(req, 'content-type'), headerValue(req, 'cache-control'));
  s.objects.set(key, o);
  res.writeHead(200, { etag: o.etag, 'content-length': '0' });
  res.end();
}

/** DeleteObject (204 whether or not the key existed, as S3 answers). */
function deleteObject(s: S3MockState, res: ServerResponse, key: string) {
  s.objects.delete(key);
  res.writeHead(204);
  res.end();
}

/** One request: its bucket and key, who is asking and whether they may, then the object operation. */
async function handle(s: S3MockState, req: IncomingMessage, res: ServerResponse, body: Buffer, record: S3Request): Promise<void> {
  const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split('?', 2);
  const pairs = queryPairs(rawQuery);
  const segments = rawPath.split('/');
  const bucket = decodeURIComponent(segments[1] ?? '');
  const key = decodeURIComponent(segments.slice(2).join('/'));
  record.key = key;
  if (bucket !== s.opts.bucket) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
  record.auth = authenticate(s, req, rawPath, pairs, body);
  if (record.auth === 'anonymous' && !((req.method === 'GET' || req.method === 'HEAD') && key.startsWith(s.publicPrefix))) {
    throw new S3Error(403, 'AccessDenied', 'Access Denied');
  }
  if (!key) throw new S3Error(501, 'NotImplemented', 'Bucket operations are not implemented by this mock.');
  switch (req.method) {
    case 'GET':
    case 'HEAD':
      return getObject(s, req, res, key);
    case 'PUT':
      return putObject(s, req, res, key, body);
    case 'DELETE':
      return deleteObject(s, res, key);
    default:
      throw new S3Error(501, 'NotImplemented', `${req.method} is not implemented by this mock.`);
  }
}

/** Answers a refused request as S3 does: its status, and its XML error body (none for HEAD). */
function sendS3Error(req: IncomingMessage, res: ServerResponse, record: S3Request, e: unknown) {
  const err = e instanceof S3Error ? e : new S3Error(500, 'InternalError', String(e));
  record.status = err.status;
  record.code = err.code;
  const requestId = randomBytes(8).toString('hex').toUpperCase();
  // HEAD answers carry no body: the SDK reads the status alone (404 → NotFound).
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${err.code}</Code><Message>${xmlEscape(err.message)}</Message><Resource>${xmlEscape((req.url ?? '').split('?')[0]!)}</Resource><RequestId>${requestId}</RequestId></Error>`;
  res.writeHead(err.status, { 'content-type': 'application/xml', 'x-amz-request-id': requestId });
  res.end(req.method === 'HEAD' ? undefined : xml);
}

export async function startS3Mock(opts: S3MockOptions): Promise<S3Mock> {
  const objects = new Map<string, StoredObject>();
  const requests: S3Request[] = [];
  let offsetMs = 0;
  const state: S3MockState = { opts, objects, publicPrefix: opts.publicPrefix ?? 'public/', now: () => new Date(Date.now() + offsetMs) };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const record: S3Request = { method: req.method ?? '', key: '', auth: 'anonymous', status: 200 };
      requests.push(record);
      handle(state, req, res, Buffer.concat(chunks), record).then(
        () => (record.status = res.statusCode),
        (e: unknown) => sendS3Error(req, res, record, e),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    objects,
    requests,
    travel: (ms) => void (offsetMs = ms),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// One webhook request (docs/webhooks.md, "Delivery"): a POST of the signed JSON body, on a
// connection of its own whose address went through the target guard (no pooled socket, no
// second DNS answer between the check and the connect), within WEBHOOK_TIMEOUT_MS for the
// whole exchange, reading at most WEBHOOK_RESPONSE_MAX_BYTES of the answer. Redirects are not
// followed. Node's own http/https clients take the lookup hook directly, so no HTTP library is
// needed for it.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { assertLiteralAllowed, guardedLookup, TargetRefused, type ResolveAll } from '../../server/shared/webhooks/target.js';

export interface PostOptions {
  timeoutMs: number;
  maxBytes: number;
  excerptChars: number;
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: no guard at all. */
  allowPrivate: boolean;
  /** How names are resolved (tests give their own). */
  resolve?: ResolveAll;
}

export interface PostResult {
  /** The answer's HTTP status; null when there was none. */
  status: number | null;
  ms: number;
  /** Null when delivered (a 2xx answer within the limits); else why not, as the delivery log shows it. */
  error: string | null;
}

export const USER_AGENT = 'Atelier-Webhooks/1 (+https://www.standardwebhooks.com)';

interface Answer {
  status: number;
  text: string;
  tooLarge: boolean;
}

/** Sends and reads the answer, at most `maxBytes` of it (a longer answer is cut off, and said to be). */
function send(url: URL, body: string, headers: Record<string, string>, options: PostOptions, signal: AbortSignal): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const onAnswer = (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      const cut = () => {
        res.destroy();
        resolve({ status, text: Buffer.concat(chunks).toString('utf8'), tooLarge: true });
      };
      if (Number(res.headers['content-length']) > options.maxBytes) return cut();
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) return cut();
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ status, text: Buffer.concat(chunks).toString('utf8'), tooLarge: false }));
      res.on('error', reject);
    };
    const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': USER_AGENT, ...headers },
        // A connection of its own: every delivery's address is looked up and checked afresh.
        agent: false,
        lookup: options.allowPrivate ? undefined : guardedLookup(options.resolve),
        signal,
      },
      onAnswer,
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A short, single-line excerpt of an answer, for the log. */
const excerptOf = (text: string, chars: number) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > chars ? `${line.slice(0, chars)}…` : line;
};

/** Why a request got no answer, in words. */
function failureOf(e: unknown, url: URL, signal: AbortSignal, timeoutMs: number): string {
  if (e instanceof TargetRefused) return `Refused: ${e.message}. Webhooks can only go to public internet addresses.`;
  if (signal.aborted) return `No answer within ${timeoutMs / 1000} s`;
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `${url.hostname} could not be found (DNS)`;
  if (code === 'ECONNREFUSED') return 'The connection was refused';
  if (code === 'ECONNRESET') return 'The connection was closed before the answer ended';
  return (e as Error).message || String(e);
}

/** POSTs a webhook and says how it went; never throws. */
export async function postWebhook(url: string, body: string, headers: Record<string, string>, options: PostOptions): Promise<PostResult> {
  const target = new URL(url);
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const signal = AbortSignal.timeout(options.timeoutMs);
  let answer: Answer;
  try {
    // A literal address connects without any lookup: checked here instead.
    if (!options.allowPrivate) assertLiteralAllowed(target);
    answer = await send(target, body, headers, options, signal);
  } catch (e) {
    return { status: null, ms: ms(), error: failureOf(e, target, signal, options.timeoutMs) };
  }
  const { status, text, tooLarge } = answer;
  const said = excerptOf(text, options.excerptChars);
  if (tooLarge) return { status, ms: ms(), error: `The answer was larger than ${Math.round(options.maxBytes / 1024)} KB, so it was cut off and the attempt failed` };
  if (status >= 200 && status < 300) return { status, ms: ms(), error: null };
  const redirect = status >= 300 && status < 400 ? ' (redirects are not followed)' : '';
  return { status, ms: ms(), error: `Answered ${status}${redirect}${said ? `: ${said}` : ''}` };
}

// A real SMTP server (smtp-server) on a random port that keeps every message it receives, and a
// small reader of the MIME messages nodemailer writes (multipart/alternative, quoted-printable or
// base64 parts), so the tests read what a mail client would.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { waitFor } from './server.js';

export interface ReceivedMail {
  /** RCPT TO addresses. */
  to: string[];
  raw: string;
  parsed: ParsedMail;
}

/** Plain SMTP on 127.0.0.1 (no STARTTLS offered, no AUTH asked), as SMTP_URL=smtp://127.0.0.1:<port> reaches it. */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, parsed: parseMail(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The next message to `to` after the first `skip` ones (waits for it). */
    async mailTo(to: string, index = 0): Promise<ReceivedMail> {
      const mine = () => received.filter((m) => m.to.includes(to));
      await waitFor(() => mine().length > index, 10_000, `e-mail #${index + 1} to ${to}`);
      return mine()[index]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface MailPart {
  contentType: string;
  body: string;
}

export interface ParsedMail {
  headers: Record<string, string>;
  contentType: string;
  parts: MailPart[];
  text?: string;
  html?: string;
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const at = normalized.indexOf('\n\n');
  const head = at < 0 ? normalized : normalized.slice(0, at);
  const body = at < 0 ? '' : normalized.slice(at + 2);
  const headers: Record<string, string> = {};
  let last = '';
  for (const line of head.split('\n')) {
    if (/^[ \t]/.test(line) && last) headers[last] += ` ${line.trim()}`;
    else {
      const colon = line.indexOf(':');
      last = line.slice(0, colon).trim().toLowerCase();
      headers[last] = line.slice(colon + 1).trim();
    }
  }
  return { headers, body };
}

function decode(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const bytes = body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    default:
      return body;
  }
}

/** Headers, and the leaf parts of a (possibly nested) multipart message, decoded. */
export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitHead(raw);
  const contentType = headers['content-type'] ?? 'text/plain';
  const parts: MailPart[] = [];
  const walk = (type: string, content: string, encoding: string | undefined) => {
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      const sections = content.split(`--${boundary}`).slice(1);
      for (const section of sections) {
        if (section.startsWith('--')) break;
        const inner = splitHead(section.replace(/^\n/, ''));
        walk(inner.headers['content-type'] ?? 'text/plain', inner.body, inner.headers['content-transfer-encoding']);
      }
    } else parts.push({ contentType: type.split(';')[0]!.trim().toLowerCase(), body: decode(content, encoding) });
  };
  walk(contentType, body, headers['content-transfer-encoding']);
  return {
    headers,
    contentType: contentType.split(';')[0]!.trim().toLowerCase(),
    parts,
    text: parts.find((p) => p.contentType === 'text/plain')?.body,
    html: parts.find((p) => p.contentType === 'text/html')?.body,
  };
}

/** The link to `path` (e.g. /reset-password) in a message's text part. */
export function linkIn(mail: ParsedMail, path: string): URL {
  const match = new RegExp(`https?://\\S+${path.replace(/\//g, '\\/')}\\?token=[\\w-]+`).exec(mail.text ?? '');
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return new URL(match[0]);
}

/** The messages in a data directory's outbox (DATA_DIR/outbox), oldest first. */
export function outboxMessages(dataDir: string): { file: string; parsed: ParsedMail }[] {
  const dir = join(dataDir, 'outbox');
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.eml'));
  } catch {
    return [];
  }
  return names.sort().map((n) => ({ file: join(dir, n), parsed: parseMail(readFileSync(join(dir, n), 'utf8')) }));
}

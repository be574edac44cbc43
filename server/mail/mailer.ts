// Account e-mail out of the API (docs/email.md): through SMTP_URL with nodemailer, or, with no
// SMTP server configured, into the outbox, DATA_DIR/outbox, one .eml file per message (the same
// multipart message SMTP would carry), for the operator to read. Either way a message is one
// line in the log, never its link: the link is a password for what it does.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../shared/platform/config.js';
import type { Logger } from '../shared/platform/logger.js';

/** One message: a plain-text and an HTML part of the same content. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What it is for, in the log and the outbox file's name (e.g. "reset-password"). */
  kind: string;
}

export interface Mailer {
  /** "smtp" or "outbox": where messages go. */
  readonly kind: 'smtp' | 'outbox';
  /** Sends (or writes) one message; rejects when it could not. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** The outbox's folder under a data directory (docs/email.md, "The outbox"). */
export const outboxDir = (dataDir: string): string => join(dataDir, 'outbox');

/** SMTP_URL when set, else the outbox. */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'dataDir'>, log: Logger): Mailer {
  return config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM, log) : new OutboxMailer(outboxDir(config.dataDir), config.MAIL_FROM, log);
}

const fields = (from: string, m: MailMessage) => ({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });

class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly transport;

  constructor(
    url: string,
    private readonly from: string,
    private readonly log: Logger,
  ) {
    // nodemailer reads the URL itself (host, port, credentials, smtps:// for TLS from the start,
    // query options such as ?requireTLS=true); STARTTLS is used when the server offers it.
    this.transport = nodemailer.createTransport(url);
  }

  async send(m: MailMessage): Promise<void> {
    const info = await this.transport.sendMail(fields(this.from, m));
    this.log.info({ kind: m.kind, messageId: info.messageId }, 'account e-mail sent');
  }

  close(): void {
    this.transport.close();
  }
}

class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;
  // nodemailer builds the whole message (headers, multipart/alternative, encodings) without sending it.
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly log: Logger,
  ) {}

  async send(m: MailMessage): Promise<void> {
    const info = await this.transport.sendMail(fields(this.from, m));
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    // Sorted by time in a listing; readable by the operator only (a link in it is a credential).
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${m.kind}-${randomBytes(4).toString('hex')}.eml`;
    const file = join(this.dir, name);
    // Written under a hidden name, then renamed: whoever lists the outbox sees whole messages only.
    const partial = join(this.dir, `.${name}.part`);
    await writeFile(partial, info.message as Buffer, { mode: 0o600, flag: 'wx' });
    await rename(partial, file);
    this.log.info({ kind: m.kind, file }, 'account e-mail written to the outbox (no SMTP_URL)');
  }

  close(): void {}
}

// The account e-mails' words (docs/email.md): each a plain-text part and an HTML part saying the
// same, the link in both. Names and addresses are escaped in the HTML.
import type { MailMessage } from './mailer.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Body {
  greeting: string;
  /** Paragraphs before the button. */
  lines: string[];
  /** The link and its button's label; none for a notice. */
  action?: { label: string; url: string };
  /** Paragraphs after it (how long the link works, what to do if it was not you). */
  after: string[];
}

function compose(to: string, kind: string, subject: string, body: Body): MailMessage {
  const text = [
    body.greeting,
    '',
    ...body.lines.flatMap((l) => [l, '']),
    ...(body.action ? [`${body.action.label}: ${body.action.url}`, ''] : []),
    ...body.after.flatMap((l) => [l, '']),
    '— Atelier',
  ].join('\n');
  const p = (l: string) => `<p style="margin:0 0 16px">${escapeHtml(l)}</p>`;
  const button = body.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(body.action.url)}" style="background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(body.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#64748b">Or open this address: <a href="${escapeHtml(body.action.url)}">${escapeHtml(body.action.url)}</a></p>`
    : '';
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px">',
    p(body.greeting),
    ...body.lines.map(p),
    button,
    ...body.after.map(p),
    '<p style="margin:24px 0 0;color:#64748b">— Atelier</p>',
    '</body></html>',
  ].join('');
  return { to, subject, text, html, kind };
}

const hello = (name: string | null) => (name ? `Hello ${name},` : 'Hello,');

export function verificationMessage(to: string, name: string | null, url: string): MailMessage {
  return compose(to, 'verify-email', 'Confirm your e-mail address for Atelier', {
    greeting: hello(name),
    lines: ['Please confirm that this is your e-mail address, so that you can get back into your Atelier account if you forget your password.'],
    action: { label: 'Confirm my e-mail address', url },
    after: ['The link works once, for 48 hours.', 'If you did not create an Atelier account, you can ignore this message.'],
  });
}

export function passwordResetMessage(to: string, name: string | null, url: string): MailMessage {
  return compose(to, 'reset-password', 'Reset your Atelier password', {
    greeting: hello(name),
    lines: ['Someone (hopefully you) asked to reset the password of your Atelier account.'],
    action: { label: 'Choose a new password', url },
    after: [
      'The link works once, for one hour. Setting a new password signs you out everywhere else.',
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ],
  });
}

export function emailChangeMessage(to: string, name: string | null, url: string): MailMessage {
  return compose(to, 'change-email', 'Confirm your new e-mail address for Atelier', {
    greeting: hello(name),
    lines: [`Your Atelier account asked to use this address (${to}) from now on.`],
    action: { label: 'Use this address', url },
    after: ['The link works once, for 24 hours. Until then your account keeps its current address.', 'If you did not ask for this, you can ignore this message.'],
  });
}

/** To the old address, once a change of address is confirmed. */
export function emailChangedNotice(to: string, name: string | null, newAddress: string): MailMessage {
  return compose(to, 'email-changed', 'Your Atelier e-mail address was changed', {
    greeting: hello(name),
    lines: [`The e-mail address of your Atelier account was changed from ${to} to ${newAddress}. Messages about your account now go there.`],
    after: ['If you did not do this, someone else may have your password: reset it at once and contact us.'],
  });
}

/** To an address another account asked to move to, which already has an account: no link, only a note. */
export function emailTakenNotice(to: string): MailMessage {
  return compose(to, 'email-taken', 'Someone asked to use your e-mail address on Atelier', {
    greeting: hello(null),
    lines: [`An Atelier account asked to change its e-mail address to ${to}, which already belongs to an account. Nothing was changed.`],
    after: ['If this was you, sign in with this address instead, or use another address. Otherwise, you can ignore this message.'],
  });
}

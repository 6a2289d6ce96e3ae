// The notification mail of one contact message, for the owner: composed from the stored row and
// handed to SMTP (SMTP_URL), or written as an .eml file into MAIL_DIR when no server is set. When
// and how often it is sent is the outbox's business (server/contact/outbox.ts).
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type StreamTransport from 'nodemailer/lib/stream-transport';
import { escapeMarkup as escapeHtml } from '../../core/escape.ts';
import { formatBerlinTime } from '../../core/format.ts';
import type { ApiContext } from '../context.ts';

// Longer than the slowest send these allow is the outbox's lease (LEASE_MS).
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export interface OutboxRow {
  id: number;
  created_at: string;
  form: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  mail_attempts: number;
}

/** What the mail needs besides the row: where it goes and whom it is from. */
export type MailContext = Pick<ApiContext, 'config' | 'site'>;

const FORM_LABELS: Record<string, string> = { home: 'Startseite', kontakt: 'Kontaktseite', html: 'Formular ohne JavaScript' };

// RFC 5321 mailbox without display name; the contact schema's rule already admits no CR, LF or comma.
const SINGLE_ADDRESS = /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+\.[^\s@<>,;:"()[\]\\]+$/;

/** A user value fit for a header: no control characters, no line breaks. */
function headerText(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim();
}

export function composeMail(row: OutboxRow, context: MailContext): SendMailOptions {
  const addresses = ownerAddresses(context);
  const form = FORM_LABELS[row.form] ?? row.form;
  // As the console says it: "27.11.2026, 15:50 Uhr", Essen's time.
  const received = `${formatBerlinTime(row.created_at)} Uhr`;
  const lines: [string, string][] = [
    ['Name', row.name],
    ['E-Mail', row.email || '–'],
    ['Telefon', row.phone || '–'],
  ];
  const text =
    `Neue Kontaktanfrage über das Formular der ${form}, eingegangen am ${received}.\n\n` +
    lines.map(([label, value]) => `${label}: ${value}`).join('\n') +
    `\n\nNachricht:\n${row.message}\n`;
  const html =
    '<!doctype html><html lang="de"><head><meta charset="utf-8"></head><body>' +
    `<p>Neue Kontaktanfrage über das Formular der ${escapeHtml(form)}, eingegangen am ${escapeHtml(received)}.</p>` +
    '<table>' +
    lines.map(([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`).join('') +
    '</table>' +
    `<p><strong>Nachricht:</strong></p><p>${escapeHtml(row.message).replace(/\r?\n/g, '<br>')}</p>` +
    '</body></html>';
  const replyTo = SINGLE_ADDRESS.test(row.email) ? row.email : undefined;
  return {
    ...addresses,
    ...(replyTo === undefined ? {} : { replyTo }),
    subject: `Neue Kontaktanfrage: ${headerText(row.name)}`,
    date: new Date(row.created_at),
    text,
    html,
  };
}

/** One transport per configuration (tests run several), made on its first mail. */
const smtpTransports = new WeakMap<MailContext['config'], Transporter<SMTPTransport.SentMessageInfo>>();
/**
 * The pooled connection is closed this long after its last mail: a contact mail is rare, and the
 * pool matters only while a burst is queued (the rate's pauses are shorter), so no connection is
 * held open between the messages of a normal day.
 */
const POOL_IDLE_MS = 2_000;
const fileTransports = new WeakMap<MailContext['config'], Transporter<StreamTransport.SentMessageInfo>>();

/**
 * One pooled connection (reused for the next queued mail, closed POOL_IDLE_MS after the last) sending
 * at most `mailsPerSecond` (config.ts, MAILS_PER_SECOND): a flood of messages, already capped
 * (server/contact/cap.ts), goes out at a steady rate a provider accepts; the mails wait in the
 * pool's queue meanwhile, each under its outbox lease.
 */
function smtpTransport(config: MailContext['config'], url: string): Transporter<SMTPTransport.SentMessageInfo> {
  let transport = smtpTransports.get(config);
  if (transport === undefined) {
    transport = nodemailer.createTransport({ url, pool: true, maxConnections: 1, idleTimeout: POOL_IDLE_MS, rateDelta: 1000, rateLimit: config.mailsPerSecond, ...SMTP_TIMEOUTS });
    smtpTransports.set(config, transport);
  }
  return transport;
}

/** Closes the pooled SMTP connection of this configuration's server; its shutdown calls it after the last send. */
export function closeMailPool(config: MailContext['config']): void {
  smtpTransports.get(config)?.close();
  smtpTransports.delete(config);
}

function fileTransport(config: MailContext['config']): Transporter<StreamTransport.SentMessageInfo> {
  let transport = fileTransports.get(config);
  if (transport === undefined) fileTransports.set(config, (transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })));
  return transport;
}

/** Where a mail went: to the SMTP server, addressed to `to`, or into an .eml file of MAIL_DIR. */
export interface MailSent {
  transport: 'smtp' | 'file';
  to: string;
}

/** Sends the row's mail once: to the SMTP server, or into an .eml file of MAIL_DIR. Throws when it fails. */
export async function transmitMail(context: MailContext, row: OutboxRow): Promise<MailSent> {
  return deliverMail(context, composeMail(row, context), `contact-${row.id}-${row.created_at.replace(/[:.]/g, '-')}`);
}

/**
 * Hands a composed mail to the SMTP server, or writes it as `<fileStem>.eml` into MAIL_DIR when no
 * server is set: the one way every mail to the owner goes out (this file's, and the alerts' of
 * server/push/). Throws when it fails.
 */
export async function deliverMail(context: MailContext, mail: SendMailOptions, fileStem: string): Promise<MailSent> {
  const { config } = context;
  const to = String(mail.to);
  if (config.smtpUrl !== null) {
    await smtpTransport(config, config.smtpUrl).sendMail(mail);
    return { transport: 'smtp', to };
  }
  const { message } = await fileTransport(config).sendMail(mail);
  const folder = resolve(config.mailDir);
  await mkdir(folder, { recursive: true });
  // `buffer: true` gives the whole message as bytes, never a stream.
  if (!Buffer.isBuffer(message)) throw new Error('The mail sink returned a stream instead of the message; nothing was written.');
  await writeFile(join(folder, `${fileStem}.eml`), message);
  return { transport: 'file', to };
}

/** The owner's address and the sender of the site's mails (MAIL_TO, MAIL_FROM, else data/site.yaml's); throws without one. */
export function ownerAddresses(context: MailContext): { to: string; from: { name: string; address: string } } {
  const to = context.config.mailTo ?? context.site?.email ?? null;
  const from = context.config.mailFrom ?? context.site?.email ?? null;
  if (to === null || from === null) {
    throw new Error('No mail address is configured: set MAIL_TO and MAIL_FROM, or run "npm run build" so that dist/_server/site.json holds the e-mail address of data/site.yaml. A contact message stays pending until then.');
  }
  return { to, from: { name: context.site?.name ?? 'Website', address: from } };
}

/** How mail goes out, without the password: the SMTP server's host and port, or the folder of .eml files. */
export type MailTransport = { kind: 'smtp'; host: string; port: number } | { kind: 'file'; folder: string };

export function mailTransport(config: Pick<MailContext['config'], 'smtpUrl' | 'mailDir'>): MailTransport {
  if (config.smtpUrl === null) return { kind: 'file', folder: resolve(config.mailDir) };
  try {
    const url = new URL(config.smtpUrl);
    // nodemailer's defaults: 465 for smtps (TLS from the start), 587 otherwise.
    return { kind: 'smtp', host: url.hostname, port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587) };
  } catch {
    return { kind: 'smtp', host: '?', port: 0 };
  }
}

/** How long the go-live check waits for the SMTP server before it says so. */
export const SMTP_PROBE_MS = 10_000;

export type SmtpProbe = { ok: true } | { ok: false; timedOut: boolean; error: string; code: string | null };

/**
 * A real conversation with the SMTP server of `url`, as a send begins: connect, greeting, EHLO, the
 * login when the URL has credentials, QUIT (nodemailer's verify()); nothing is sent. Gives up after
 * `timeoutMs` and says so.
 */
export async function probeSmtp(url: string, timeoutMs: number = SMTP_PROBE_MS): Promise<SmtpProbe> {
  const transport = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
  try {
    const outcome = await Promise.race([transport.verify().then(() => 'ok' as const), timeout]);
    if (outcome === 'timeout') return { ok: false, timedOut: true, error: `no answer within ${timeoutMs / 1000} s`, code: 'ETIMEDOUT' };
    return { ok: true };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return { ok: false, timedOut: false, error: (error as Error).message || String(error), code: typeof code === 'string' ? code : null };
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}

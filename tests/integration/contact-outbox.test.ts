// The mail outbox: nothing is lost when the SMTP server is down, retries follow the backoff,
// the .eml sink without SMTP_URL, missing addresses, giving up, and the retry job.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_RETENTION_DAYS, deleteOldMessages } from '../../server/contact/retention.ts';
import { openDatabase } from '../../server/store/database.ts';
import { mailRetryJobs, retryPending, type OutboxContext } from '../../server/contact/outbox.ts';
import { startServer, type RunningServer } from '../../server/index.ts';
import { featuresFromEnv, type FeatureConfig } from '../../server/config.ts';
import { eventually, freePort, headersOf, partOf, SITE_FACTS, subjectOf, startSmtpSink, writeContactSite, type SmtpSink } from './fixtures/contact-sink.ts';

let root: string;
const servers: RunningServer[] = [];
const sinks: SmtpSink[] = [];
const contexts: OutboxContext[] = [];

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'contact-outbox-'));
  writeContactSite(join(root, 'dist'));
  writeContactSite(join(root, 'dist-without-facts'), { facts: false });
});

afterAll(async () => {
  for (const context of contexts) context.db.close();
  for (const server of servers) await server.close();
  for (const sink of sinks) await sink.close();
  rmSync(root, { recursive: true, force: true });
});

interface Row {
  id: number;
  mail_status: string;
  mail_attempts: number;
  mail_last_error: string | null;
  mail_next_attempt_at: string | null;
  mail_sent_at: string | null;
}

function settings(overrides: Partial<FeatureConfig>): FeatureConfig {
  return { ...featuresFromEnv({}), jobs: false, mailDir: join(root, 'mail'), ...overrides };
}

async function serve(name: string, services: Partial<FeatureConfig>, distDir = join(root, 'dist')) {
  const server = await startServer({ distDir, port: 0, host: '127.0.0.1', databasePath: join(root, `${name}.db`), log: () => undefined, features: settings(services) });
  servers.push(server);
  return server;
}

/** What `npm run mail:retry` and the job build: a second connection to the same file. */
function outboxContext(name: string, services: Partial<FeatureConfig>): OutboxContext {
  const context = { db: openDatabase(join(root, `${name}.db`)), config: settings(services), site: SITE_FACTS, log: () => undefined, shutdown: new AbortController().signal };
  contexts.push(context);
  return context;
}

async function submit(server: RunningServer, name = 'Erika Müller'): Promise<number> {
  const response = await fetch(`${server.url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ form: 'home', name, email: 'erika@example.de', message: 'Tür zugefallen, bitte kommen.', privacy: true }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

const row = (context: OutboxContext, id: number) => context.db.prepare('SELECT * FROM contact_messages WHERE id = ?').get(id) as Row;

describe('mail outbox', () => {
  it('keeps the message pending when the SMTP server is down and sends it once when it is back', async () => {
    const port = await freePort();
    const smtpUrl = `smtp://127.0.0.1:${port}`;
    const server = await serve('down', { smtpUrl });
    const context = outboxContext('down', { smtpUrl });
    const before = Date.now();
    const id = await submit(server);

    const failed = await eventually(() => (row(context, id).mail_attempts === 1 ? row(context, id) : undefined));
    expect(failed.mail_status).toBe('pending');
    expect(failed.mail_last_error).toMatch(/ECONNREFUSED|connect/i);
    const delay = Date.parse(failed.mail_next_attempt_at!) - before;
    expect(delay).toBeGreaterThanOrEqual(55_000);
    expect(delay).toBeLessThanOrEqual(65_000);

    const sink = await startSmtpSink(port);
    sinks.push(sink);
    expect((await retryPending(context)).sent).toBe(0); // not due yet: the backoff holds
    const later = new Date(Date.now() + 2 * 60_000);
    expect(await retryPending(context, { now: later })).toEqual({ sent: 1, pending: 0, failed: 0 });
    expect(await retryPending(context, { now: later })).toEqual({ sent: 0, pending: 0, failed: 0 });
    expect(sink.mails).toHaveLength(1);
    expect(sink.mails[0]!.to).toEqual([SITE_FACTS.email]);
    expect(row(context, id)).toMatchObject({ mail_status: 'sent', mail_attempts: 2, mail_last_error: null });
    expect(row(context, id).mail_sent_at).not.toBeNull();
  });

  it('gives up after 20 failed attempts', async () => {
    const smtpUrl = `smtp://127.0.0.1:${await freePort()}`;
    const context = outboxContext('give-up', { smtpUrl });
    const { lastInsertRowid } = context.db
      .prepare("INSERT INTO contact_messages (created_at, form, name, message, mail_attempts, mail_next_attempt_at) VALUES (?, 'home', 'Max', 'Tür zugefallen, bitte kommen.', 19, ?)")
      .run(new Date().toISOString(), new Date(Date.now() - 1000).toISOString());
    expect(await retryPending(context)).toEqual({ sent: 0, pending: 0, failed: 1 });
    expect(row(context, Number(lastInsertRowid))).toMatchObject({ mail_status: 'failed', mail_attempts: 20, mail_next_attempt_at: null });
  });

  it('writes an .eml file into MAIL_DIR when SMTP_URL is not set', async () => {
    const mailDir = join(root, 'eml');
    const server = await serve('eml', { smtpUrl: null, mailDir });
    const context = outboxContext('eml', {});
    const id = await submit(server, 'Jürgen Groß');
    await eventually(() => (row(context, id).mail_status === 'sent' ? true : undefined));
    const files = readdirSync(mailDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`^contact-${id}-.*\\.eml$`));
    const raw = readFileSync(join(mailDir, files[0]!), 'utf8');
    expect(headersOf(raw)).toContain(`To: ${SITE_FACTS.email}`);
    expect(subjectOf(raw)).toBe('Neue Kontaktanfrage: Jürgen Groß');
    expect(partOf(raw, 'text/plain')).toContain('Nachricht:\nTür zugefallen, bitte kommen.');
  });

  it('keeps the message pending with a clear error when no mail address is known', async () => {
    const server = await serve('no-address', { smtpUrl: null, mailTo: null, mailFrom: null }, join(root, 'dist-without-facts'));
    const context = outboxContext('no-address', {});
    const id = await submit(server);
    const pending = await eventually(() => (row(context, id).mail_attempts === 1 ? row(context, id) : undefined));
    expect(pending.mail_status).toBe('pending');
    expect(pending.mail_last_error).toMatch(/MAIL_TO and MAIL_FROM/);
    expect(existsSync(join(root, 'mail'))).toBe(false);
  });

  it('the retry job sends a message that a crashed process left pending', async () => {
    const sink = await startSmtpSink();
    sinks.push(sink);
    const context = outboxContext('job', { smtpUrl: sink.url, mailRetryCron: '* * * * * *' });
    const { lastInsertRowid } = context.db
      .prepare("INSERT INTO contact_messages (created_at, form, name, message, mail_next_attempt_at) VALUES (?, 'kontakt', 'Max', 'Bitte Rückruf wegen Schloss.', ?)")
      .run(new Date().toISOString(), new Date(Date.now() - 5 * 60_000).toISOString());
    const stop = mailRetryJobs(context);
    try {
      await eventually(() => (row(context, Number(lastInsertRowid)).mail_status === 'sent' ? true : undefined), 5000);
    } finally {
      stop();
    }
    expect(sink.mails).toHaveLength(1);
  });

  it('keeps a header out of the mail even when a stored name carries a line break (defence behind validation)', async () => {
    const sink = await startSmtpSink();
    sinks.push(sink);
    const context = outboxContext('injection', { smtpUrl: sink.url });
    context.db
      .prepare("INSERT INTO contact_messages (created_at, form, name, email, message, mail_next_attempt_at) VALUES (?, 'home', ?, 'erika@example.de', 'Bitte Rückruf wegen Schloss.', ?)")
      .run(new Date().toISOString(), 'Max Mustermann\r\nBcc: x@y.de', new Date(Date.now() - 60_000).toISOString());
    expect((await retryPending(context)).sent).toBe(1);
    const mail = sink.mails[0]!;
    expect(headersOf(mail.raw).filter((line) => /^bcc:/i.test(line))).toEqual([]);
    expect(subjectOf(mail.raw)).toBe('Neue Kontaktanfrage: Max Mustermann Bcc: x@y.de');
  });

  it('forgets delivered messages after the 6 months the privacy policy promises, never a pending one', () => {
    const context = outboxContext('retention', {});
    const now = new Date('2026-11-22T12:00:00Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
    const insert = context.db.prepare("INSERT INTO contact_messages (created_at, form, name, message, mail_status) VALUES (?, 'kontakt', ?, 'Bitte Rückruf wegen Schloss.', ?)");
    insert.run(daysAgo(CONTACT_RETENTION_DAYS + 1), 'old sent', 'sent');
    insert.run(daysAgo(CONTACT_RETENTION_DAYS + 1), 'old failed', 'failed');
    insert.run(daysAgo(CONTACT_RETENTION_DAYS + 30), 'old pending', 'pending');
    insert.run(daysAgo(CONTACT_RETENTION_DAYS - 1), 'recent sent', 'sent');
    expect(deleteOldMessages(context.db, now)).toBe(2);
    const names = (context.db.prepare('SELECT name FROM contact_messages ORDER BY id').all() as { name: string }[]).map((r) => r.name);
    expect(names).toEqual(['old pending', 'recent sent']);
    expect(deleteOldMessages(context.db, now)).toBe(0);
  });
});

// POST /api/contact against the real server, a real SQLite file and a real local SMTP server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/index.ts';
import { fillSlots } from '../../core/slots.ts';
import { escapeMarkup } from '../../core/escape.ts';
import { MESSAGES } from '../support/server-files.ts';
import { eventually, headersOf, partOf, serveContactSite, SITE_FACTS, subjectOf, startSmtpSink, type SmtpSink } from './fixtures/contact-sink.ts';
import { openConnection } from '../../server/store/database.ts';

let root: string;
let server: RunningServer;
let sink: SmtpSink;
let db: Database.Database;
let nextIp = 1;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'contact-'));
  sink = await startSmtpSink();
  server = await serveContactSite(root, { smtpUrl: sink.url });
  db = openConnection(join(root, 'site.db'), { readonly: true });
});

afterAll(async () => {
  db?.close();
  await server?.close();
  await sink?.close();
  rmSync(root, { recursive: true, force: true });
});

interface Row {
  id: number;
  form: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  mail_status: string;
}

const rowById = (id: number) => db.prepare('SELECT * FROM contact_messages WHERE id = ?').get(id) as Row | undefined;
const rowCount = () => (db.prepare('SELECT count(*) AS n FROM contact_messages').get() as { n: number }).n;

/** Each call comes from another visitor address (the app trusts the loopback proxy's X-Forwarded-For). */
function visitor(): string {
  return `198.51.100.${nextIp++}`;
}

async function post(body: string, contentType: string, ip = visitor()) {
  const response = await fetch(`${server.url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': contentType, 'X-Forwarded-For': ip },
    body,
  });
  const text = await response.text();
  return { status: response.status, text, type: response.headers.get('content-type') ?? '', json: () => JSON.parse(text) };
}

const postJson = (body: unknown, ip?: string) => post(JSON.stringify(body), 'application/json', ip);

const homeMessage = {
  form: 'home',
  name: 'Erika Müller',
  email: 'erika@example.de',
  phone: '',
  message: 'Meine Haustür ist zugefallen, bitte schnell kommen.',
  privacy: true,
  website: '',
};

const kontaktMessage = {
  form: 'kontakt',
  name: 'Jürgen Groß',
  phone: '+49 (201) 123-456',
  message: 'Bitte um Rückruf wegen eines neuen Schlosses.',
  privacy: true,
};

describe('POST /api/contact', () => {
  it('refuses a name that tries to inject a mail header, before anything is stored', async () => {
    const before = rowCount();
    const answer = await postJson({ ...homeMessage, name: 'Max Mustermann\r\nBcc: x@y.de' });
    expect(answer.status).toBe(422);
    expect(answer.json().fields).toEqual({ name: 'Der Name enthält unsichtbare Steuerzeichen. Bitte geben Sie ihn neu ein.' });
    expect(rowCount()).toBe(before);
  });

  it('stores a message, answers 201 and mails it with escaped HTML and no injected header', async () => {
    const before = sink.mails.length;
    const answer = await postJson({
      ...homeMessage,
      name: 'Max Mustermann Bcc: x@y.de',
      message: 'Hallo <script>alert("x")</script> & Grüße aus Essen-Rüttenscheid',
    });
    expect(answer.status).toBe(201);
    const { ok, id } = answer.json();
    expect(ok).toBe(true);
    expect(rowById(id)).toMatchObject({ form: 'home', email: 'erika@example.de', message: 'Hallo <script>alert("x")</script> & Grüße aus Essen-Rüttenscheid' });

    const mail = await eventually(() => sink.mails[before]);
    expect(mail.to).toEqual([SITE_FACTS.email]);
    const headers = headersOf(mail.raw);
    expect(headers.filter((line) => /^bcc:/i.test(line))).toEqual([]);
    expect(headers).toContain('Reply-To: erika@example.de');
    expect(subjectOf(mail.raw)).toBe('Neue Kontaktanfrage: Max Mustermann Bcc: x@y.de');
    const html = partOf(mail.raw, 'text/html');
    expect(html).toContain('Hallo &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Grüße aus Essen-Rüttenscheid');
    expect(html).not.toContain('<script>');
    expect(partOf(mail.raw, 'text/plain')).toContain('Hallo <script>alert("x")</script>');
    await eventually(() => (rowById(id)?.mail_status === 'sent' ? true : undefined));
  });

  it('accepts variant B (/kontakt) with a phone number and no e-mail', async () => {
    const answer = await postJson(kontaktMessage);
    expect(answer.status).toBe(201);
    expect(rowById(answer.json().id)).toMatchObject({ form: 'kontakt', name: 'Jürgen Groß', email: '', phone: '+49 (201) 123-456' });
  });

  it('answers 422 with German messages per field for variant A', async () => {
    const before = rowCount();
    const answer = await postJson({ form: 'home', name: '', email: 'keine-adresse', message: 'kurz', privacy: false });
    expect(answer.status).toBe(422);
    expect(answer.json()).toEqual({
      error: MESSAGES.api.invalid,
      fields: {
        name: 'Bitte geben Sie Ihren Namen ein.',
        email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
        message: 'Bitte beschreiben Sie Ihr Anliegen in mindestens 10 Zeichen.',
        privacy: 'Bitte bestätigen Sie, dass Sie die Datenschutzerklärung gelesen haben.',
      },
    });
    expect(rowCount()).toBe(before);
  });

  it('answers 422 with German messages per field for variant B', async () => {
    const answer = await postJson({ form: 'kontakt', name: 'x'.repeat(101), phone: 'ruf mich an', message: 'y'.repeat(4001) });
    expect(answer.status).toBe(422);
    expect(answer.json().fields).toEqual({
      name: 'Der Name darf höchstens 100 Zeichen lang sein.',
      phone: 'Bitte geben Sie eine gültige Telefonnummer ein (Ziffern, Leerzeichen und + / - ( ) sind erlaubt).',
      message: 'Die Nachricht darf höchstens 4000 Zeichen lang sein.',
      privacy: 'Bitte bestätigen Sie, dass Sie die Datenschutzhinweise gelesen haben.',
    });
    const missingPhone = await postJson({ ...kontaktMessage, phone: undefined });
    expect(missingPhone.json().fields).toEqual({ phone: 'Bitte geben Sie Ihre Telefonnummer ein.' });
  });

  it('refuses control characters and bidi overrides that could disguise a text in the mail, keeps line breaks', async () => {
    const before = rowCount();
    const answer = await postJson({ ...kontaktMessage, name: 'Max\u0000 Muster', message: 'Tür zu \u202egnunhceR nie tsi seiD' });
    expect(answer.status).toBe(422);
    expect(answer.json().fields).toEqual({
      name: 'Der Name enthält unsichtbare Steuerzeichen. Bitte geben Sie ihn neu ein.',
      message: 'Die Nachricht enthält unsichtbare Steuerzeichen. Bitte geben Sie den Text neu ein.',
    });
    expect(rowCount()).toBe(before);
    const lines = await postJson({ ...kontaktMessage, message: 'Erste Zeile\n\tzweite Zeile mit Tab' });
    expect(lines.status).toBe(201);
    expect(rowById(lines.json().id)!.message).toBe('Erste Zeile\n\tzweite Zeile mit Tab');
  });

  it('answers 413 for a declared body far over the limit at once, and closes the connection', async () => {
    const { port } = new URL(server.url);
    const started = Date.now();
    // The socket stays open for writing: the server, not the client, must end the exchange.
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write('POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 99999999999\r\n\r\n{"a":'),
      );
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
      socket.on('error', reject);
      setTimeout(() => socket.destroy(new Error('the server kept the connection open')), 5_000);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('answers 400 for malformed JSON and for JSON that is not an object', async () => {
    const broken = await post('{"name": "Max", ', 'application/json');
    expect(broken.status).toBe(400);
    expect(broken.json().error).toBe(MESSAGES.api.malformed);
    const list = await postJson(['not', 'an', 'object']);
    expect({ status: list.status, json: list.json() }).toEqual({ status: 400, json: { error: MESSAGES.api.malformed } });
  });

  it('answers 413 for a body over 16 KB', async () => {
    const answer = await postJson({ ...homeMessage, message: 'x'.repeat(17 * 1024) });
    expect(answer.status).toBe(413);
    expect(answer.json().error).toBe(MESSAGES.contact.tooLong);
  });

  it('answers 415 for other content types', async () => {
    const answer = await post(JSON.stringify(homeMessage), 'text/plain');
    expect(answer.status).toBe(415);
    expect(answer.type).toMatch(/application\/json/);
    expect(answer.json().error).toBe(MESSAGES.contact.format);
  });

  it('answers 405 with Allow: POST to other methods', async () => {
    const response = await fetch(`${server.url}/api/contact`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(((await response.json()) as { error: string }).error).toBe(MESSAGES.contact.postOnly);
  });

  it('answers 429 after five messages from one address within ten minutes, and keeps the sixth as spam without mailing it', async () => {
    const ip = visitor();
    for (let i = 0; i < 5; i += 1) expect((await postJson(homeMessage, ip)).status).toBe(201);
    const text = 'Die sechste Nachricht in zehn Minuten, bitte trotzdem lesen.';
    const sixth = await postJson({ ...homeMessage, message: text }, ip);
    expect(sixth.status).toBe(429);
    // The window is ten minutes; the sixth message comes within seconds of the first.
    expect(sixth.json()).toEqual({ error: fillSlots(MESSAGES.api.tooManyRequests, { minutes: 10 }) });
    const kept = await eventually(() => db.prepare('SELECT * FROM contact_messages WHERE message = ?').get(text) as Record<string, unknown> | undefined);
    expect(kept).toMatchObject({ status: 'spam', spam_reason: 'limit', mail_status: 'failed', mail_attempts: 0, name: homeMessage.name });
    // Not valid as a message (no e-mail address): refused as ever, and not kept.
    expect((await postJson({ ...homeMessage, email: '', message: `${text} (ohne E-Mail)` }, ip)).status).toBe(429);
    expect((await postJson(homeMessage)).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(db.prepare('SELECT count(*) AS n FROM contact_messages WHERE message LIKE ?').get(`${text}%`)).toEqual({ n: 1 });
    expect(sink.mails.filter((mail) => mail.raw.includes('sechste Nachricht'))).toEqual([]);
  });

  it('answers a filled honeypot like a success, keeps the message as spam and mails nothing', async () => {
    // The earlier tests' mails are still on their way, at most one a second (MAILS_PER_SECOND, server/config.ts).
    await eventually(() => (db.prepare("SELECT count(*) AS n FROM contact_messages WHERE mail_status = 'pending'").get() as { n: number }).n === 0 || undefined, 30_000);
    const rows = rowCount();
    const mails = sink.mails.length;
    const answer = await postJson({ ...homeMessage, website: 'https://spam.example' });
    expect(answer.status).toBe(201);
    expect(answer.json().ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(rowCount()).toBe(rows + 1);
    expect(rowById(answer.json().id)).toMatchObject({ status: 'spam', spam_reason: 'honeypot', mail_status: 'failed', name: homeMessage.name });
    expect(sink.mails.length).toBe(mails);
    // A bot's junk that the form would refuse anyway is not kept.
    expect((await postJson({ ...homeMessage, message: 'kurz', website: 'x' })).status).toBe(201);
    expect(rowCount()).toBe(rows + 1);
  });

  it('works as a plain HTML form without JavaScript', async () => {
    const fields = new URLSearchParams({
      form: 'kontakt',
      name: 'Anna Schäfer',
      phone: '0201 987654',
      email: '',
      message: 'Schlüssel abgebrochen, bitte melden.',
      privacy: 'on',
      website: '',
    });
    const answer = await post(fields.toString(), 'application/x-www-form-urlencoded');
    expect(answer.status).toBe(201);
    expect(answer.type).toMatch(/text\/html/);
    expect(answer.text).toContain(escapeMarkup(MESSAGES.contact.sent.title));
    expect(answer.text).toContain(escapeMarkup(MESSAGES.contact.sent.text));
    const row = db.prepare("SELECT * FROM contact_messages WHERE name = 'Anna Schäfer'").get() as Row;
    expect(row).toMatchObject({ form: 'html', phone: '0201 987654' });

    fields.delete('privacy');
    fields.set('name', '<b>Anna</b>');
    const refused = await post(fields.toString(), 'application/x-www-form-urlencoded');
    expect(refused.status).toBe(422);
    expect(refused.type).toMatch(/text\/html/);
    expect(refused.text).toContain('Bitte bestätigen Sie, dass Sie die Datenschutzhinweise gelesen haben.');
    expect(refused.text).toContain(escapeMarkup(MESSAGES.contact.failedTitle));
    expect(refused.text).toContain(`<a href="/kontakt">${escapeMarkup(MESSAGES.contact.back)}</a>`);
    expect(refused.text).not.toContain('<b>Anna</b>');
  });
});

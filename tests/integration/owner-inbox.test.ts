// The messages as the owner's inbox, against the real server, a real SQLite file and the run's
// shared build: status and note saved by POST forms, "Ungeöffnet" until a message's own page is
// opened, filters by status and period with the search (kept in the paging links), the one-tap
// links, the honeypot's and the rate limit's refused messages kept as spam and not mailed (at most
// REFUSED_PER_HOUR an hour), spam deleted after 30 days, and the CSV export's bytes.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { fillSlots } from '../../core/slots.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPAM_RETENTION_DAYS } from '../../core/retention.ts';
import { deleteOldMessages } from '../../server/contact/retention.ts';
import { REFUSED_PER_HOUR } from '../../server/contact/refused.ts';
import { openOwnerSite, type OwnerSite } from '../support/owner-site.ts';
import { eventually } from './fixtures/contact-sink.ts';

const PASSWORD = 'Posteingang-Essen-2026';
const BASE = '/intern/nachrichten';
const DAY_MS = 24 * 60 * 60_000;

let owner: OwnerSite;

beforeAll(async () => {
  owner = await openOwnerSite('owner-inbox-', PASSWORD);
}, 120_000);

afterAll(() => owner?.close());

let nextAddress = 1;
/** A POST of the console's own origin with the session, as the browser sends a form. */
const send = (path: string, fields: Record<string, string>, headers: Record<string, string> = { 'Sec-Fetch-Site': 'same-origin' }) =>
  fetch(`${owner.server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: owner.cookie, ...headers }, body: new URLSearchParams(fields), redirect: 'manual' });

function insert(fields: { name: string; message: string; createdAt?: number; email?: string; phone?: string; status?: string; note?: string; spamReason?: string | null; mail?: string }): number {
  const row = owner.db
    .prepare('INSERT INTO contact_messages (created_at, form, name, email, phone, message, mail_status, status, note, spam_reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
    .run(new Date(fields.createdAt ?? Date.now()).toISOString(), 'kontakt', fields.name, fields.email ?? '', fields.phone ?? '', fields.message, fields.mail ?? 'sent', fields.status ?? 'new', fields.note ?? '', fields.spamReason ?? null);
  return Number(row.lastInsertRowid);
}

const decode = (html: string) => html.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
/** The ids of the messages a list page shows, in order. */
const listed = (html: string) => [...html.matchAll(/<li class="console-item" id="nachricht-(\d+)"/g)].map((match) => Number(match[1]));
/** The list item of one message. */
const item = (html: string, id: number) => new RegExp(`<li class="console-item" id="nachricht-${id}"[^]*?</li>`).exec(html)?.[0] ?? '';
const row = (id: number) => owner.db.prepare('SELECT * FROM contact_messages WHERE id = ?').get(id) as Record<string, unknown>;

describe('the inbox', () => {
  it('marks a message Ungeöffnet until its page is opened, and saves its status and note', async () => {
    const id = insert({ name: 'Gisela Schröder', message: 'Tür zu, Schlüssel steckt innen.' });
    const list = await owner.page(BASE);
    expect(item(list.html, id)).toContain('Status: Neu');
    expect(item(list.html, id)).toContain('Ungeöffnet');

    const opened = await owner.page(`${BASE}/${id}`);
    expect(opened.status).toBe(200);
    expect(opened.html).toContain('Nachricht von Gisela Schröder');
    expect(row(id).opened_at).toEqual(expect.any(String));
    const first = row(id).opened_at;
    await owner.page(`${BASE}/${id}`);
    expect(row(id).opened_at).toBe(first);
    expect(item((await owner.page(BASE)).html, id)).not.toContain('Ungeöffnet');

    // Status: a POST of the page's form, then back to the page, which says it is saved.
    const saved = await send(`${BASE}/${id}/status`, { status: 'in-arbeit' });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(`${BASE}/${id}?status`);
    expect(row(id).status).toBe('working');
    expect((await owner.page(`${BASE}/${id}?status`)).html).toContain(owner.words.inbox.statusSaved);
    expect(item((await owner.page(BASE)).html, id)).toContain('Status: In Arbeit');
    // An unknown status changes nothing; another site's form is refused.
    await send(`${BASE}/${id}/status`, { status: 'geloescht' });
    expect((await send(`${BASE}/${id}/status`, { status: 'erledigt' }, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect(row(id).status).toBe('working');

    // Note: saved with its umlauts, shown in the list; one over 2000 characters is refused and the old one kept.
    const note = 'Rückruf 14:10 Uhr, kommt morgen früh.';
    expect((await send(`${BASE}/${id}/notiz`, { notiz: note })).headers.get('location')).toBe(`${BASE}/${id}?notiz`);
    expect(row(id).note).toBe(note);
    expect(decode(item((await owner.page(BASE)).html, id))).toContain(note);
    const tooLong = await send(`${BASE}/${id}/notiz`, { notiz: 'x'.repeat(2001) });
    expect(tooLong.status).toBe(422);
    expect(decode(await tooLong.text())).toContain('Die Notiz darf höchstens 2000 Zeichen lang sein.');
    expect(row(id).note).toBe(note);
    // Searching finds the note too.
    expect(listed((await owner.page(`${BASE}?q=${encodeURIComponent('morgen früh')}`)).html)).toEqual([id]);
  });

  it('filters by status and period beside the search, counts each status, and keeps the filter in the paging links', async () => {
    const now = Date.now();
    // In the order they arrived: ids grow with the time.
    const fortyDays = insert({ name: 'Filter Vierzig', message: 'Filterprobe von vor vierzig Tagen', createdAt: now - 40 * DAY_MS });
    const threeDays = insert({ name: 'Filter Drei', message: 'Filterprobe von vor drei Tagen', createdAt: now - 3 * DAY_MS, status: 'done' });
    const today = insert({ name: 'Filter Heute', message: 'Filterprobe von heute' });
    const spam = insert({ name: 'Filter Spam', message: 'Filterprobe als Spam', status: 'spam' });
    const ids = async (query: string) => listed((await owner.page(`${BASE}?q=Filterprobe&${query}`)).html);

    expect(await ids('')).toEqual([today, threeDays, fortyDays]);
    expect(await ids('zeit=heute')).toEqual([today]);
    expect(await ids('zeit=7-tage')).toEqual([today, threeDays]);
    expect(await ids('zeit=30-tage')).toEqual([today, threeDays]);
    expect(await ids('status=erledigt')).toEqual([threeDays]);
    expect(await ids('status=neu&zeit=7-tage')).toEqual([today]);
    expect(await ids('status=spam')).toEqual([spam]);
    const page = decode((await owner.page(`${BASE}?q=Filterprobe`)).html);
    expect(page).toContain('<option value="" selected="">Alle außer Spam (3)</option>');
    expect(page).toContain('<option value="neu">Neu (2)</option>');
    expect(page).toContain('<option value="spam">Spam (1)</option>');
    expect(decode((await owner.page(`${BASE}?q=Filterprobe&status=neu`)).html)).toContain('2 Nachrichten enthalten „Filterprobe“.');

    // 30 more: the second page is reached with the filter, and holds the rest.
    for (let i = 0; i < 30; i += 1) insert({ name: `Seite ${i}`, message: `Blättertest Nummer ${i}`, status: 'working' });
    const first = (await owner.page(`${BASE}?q=${encodeURIComponent('Blättertest')}&status=in-arbeit`)).html;
    expect(listed(first)).toHaveLength(25);
    const older = decode(/<a href="([^"]*vor=[^"]*)">Ältere Nachrichten<\/a>/.exec(first)?.[1] ?? '');
    expect(older).toMatch(/^\/intern\/nachrichten\?q=Bl%C3%A4ttertest&status=in-arbeit&vor=\d+$/);
    const second = (await owner.page(older)).html;
    expect(listed(second)).toHaveLength(5);
    expect(decode(second)).toContain(`href="/intern/nachrichten?q=Bl%C3%A4ttertest&status=in-arbeit">Neuere Nachrichten`);
  });

  it('offers a call, WhatsApp only for a mobile number, and a mail quoting the message', async () => {
    const mobile = insert({ name: 'Kai Mobil', message: 'Erste Zeile\nZweite Zeile & mehr', email: 'kai+tuer@example.de', phone: '0171 234 5678', createdAt: Date.parse('2026-11-27T14:00:00Z') });
    const landline = insert({ name: 'Lena Festnetz', message: 'Bitte zurückrufen.', phone: '(0201) 99 88 77' });
    const html = decode((await owner.page(`${BASE}/${mobile}`)).html);
    expect(html).toContain('href="tel:+491712345678"');
    expect(html).toContain('href="https://wa.me/491712345678"');
    const mailto = /href="(mailto:[^"]*)"/.exec(html)![1]!;
    const url = new URL(mailto);
    expect(url.pathname).toBe('kai%2Btuer@example.de');
    expect(url.searchParams.get('subject')).toBe('Ihre Anfrage vom 27.11.2026');
    expect(url.searchParams.get('body')).toContain('Guten Tag Kai Mobil,\r\n');
    expect(url.searchParams.get('body')).toContain('> Erste Zeile\r\n> Zweite Zeile & mehr');
    const other = decode((await owner.page(`${BASE}/${landline}`)).html);
    expect(other).toContain('href="tel:+49201998877"');
    expect(other).not.toContain('wa.me');
    expect(other).not.toContain('mailto:');
  });
});

describe('spam', () => {
  const message = { form: 'kontakt', name: 'Echte Kundin', phone: '0201 123456', message: 'Bitte rufen Sie mich an, Tür klemmt.', privacy: true };
  const contact = (body: object, address: string) =>
    fetch(`${owner.server.url}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address }, body: JSON.stringify(body) });
  // The server's MAIL_DIR beside its database (tests/support/owner-site.ts): no SMTP_URL, so each mail is a file.
  const mailDir = () => join(dirname(owner.db.name), 'mail');
  const mailFiles = () => (existsSync(mailDir()) ? readdirSync(mailDir()) : []);

  it('keeps what the honeypot and the rate limit refused as spam with the reason, lists it under Spam only, and mails none', async () => {
    const address = `203.0.113.${nextAddress++}`;
    const honeypot = await contact({ ...message, message: 'Honigtopf: Bitte rufen Sie mich an.', website: 'https://example.com' }, address);
    expect(honeypot.status).toBe(201);
    for (let i = 0; i < 4; i += 1) expect((await contact({ ...message, message: `Angenommen Nummer ${i}, bitte melden.` }, address)).status).toBe(201);
    const limited = await contact({ ...message, message: 'Über der Grenze: bitte trotzdem melden.' }, address);
    expect(limited.status).toBe(429);
    const kept = await eventually(() => owner.db.prepare("SELECT id, spam_reason, status, mail_status FROM contact_messages WHERE message LIKE 'Über der Grenze%'").get() as Record<string, unknown> | undefined);
    expect(kept).toMatchObject({ spam_reason: 'limit', status: 'spam', mail_status: 'failed' });
    const honey = owner.db.prepare("SELECT id, spam_reason FROM contact_messages WHERE message LIKE 'Honigtopf%'").get() as { id: number; spam_reason: string };
    expect(honey.spam_reason).toBe('honeypot');

    const normal = (await owner.page(BASE)).html;
    expect(listed(normal)).not.toContain(kept.id);
    expect(listed(normal)).not.toContain(honey.id);
    const spamList = decode((await owner.page(`${BASE}?status=spam`)).html);
    expect(item(spamList, Number(kept.id))).toContain('Vom Server als Spam abgewiesen (Zu viele Nachrichten)');
    expect(item(spamList, honey.id)).toContain(`Vom Server als Spam abgewiesen (${owner.words.inbox.spamReasons.honeypot})`);
    // Four messages were accepted and mailed (as files: no SMTP_URL here); the two refused ones never are.
    await eventually(() => (mailFiles().length >= 4 ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailFiles()).toHaveLength(4);
    expect(mailFiles().filter((file) => file.startsWith(`contact-${kept.id}-`) || file.startsWith(`contact-${honey.id}-`))).toEqual([]);

    // A real request among them: given the status Neu, it is listed again and no longer said to be deleted after 30 days.
    expect((await send(`${BASE}/${kept.id}/status`, { status: 'neu' })).status).toBe(303);
    const rescued = decode((await owner.page(BASE)).html);
    expect(item(rescued, Number(kept.id))).toContain(fillSlots(owner.words.inbox.spamRescued, { reason: owner.words.inbox.spamReasons.limit, resend: owner.words.messages.resend }));
    expect(item(rescued, Number(kept.id))).not.toMatch(/Tage nach Eingang gelöscht/);
  });

  it(`keeps at most ${REFUSED_PER_HOUR} refused messages an hour and says the rest in the log`, async () => {
    const recent = (owner.db.prepare('SELECT count(*) AS n FROM contact_messages WHERE spam_reason IS NOT NULL AND created_at > ?').get(new Date(Date.now() - 3_600_000).toISOString()) as { n: number }).n;
    for (let i = recent; i < REFUSED_PER_HOUR; i += 1) insert({ name: 'Flut', message: `Flut Nummer ${i}, bitte ignorieren.`, status: 'spam', spamReason: 'honeypot', mail: 'failed' });
    const before = (owner.db.prepare('SELECT count(*) AS n FROM contact_messages').get() as { n: number }).n;
    expect((await contact({ ...message, website: 'x' }, `203.0.113.${nextAddress++}`)).status).toBe(201);
    expect((owner.db.prepare('SELECT count(*) AS n FROM contact_messages').get() as { n: number }).n).toBe(before);
    expect(owner.log.some((line) => line.includes(`more than ${REFUSED_PER_HOUR} refused messages within an hour`))).toBe(true);
  });

  it(`deletes spam ${SPAM_RETENTION_DAYS} days after it arrived, and other messages only after the usual time`, () => {
    const now = Date.now();
    const oldSpam = insert({ name: 'Alter Spam', message: 'Alter Spam, 31 Tage', createdAt: now - 31 * DAY_MS, status: 'spam', spamReason: 'limit', mail: 'failed' });
    const ownSpam = insert({ name: 'Eigener Spam', message: 'Vom Inhaber markiert, 31 Tage', createdAt: now - 31 * DAY_MS, status: 'spam' });
    const youngSpam = insert({ name: 'Junger Spam', message: 'Spam von vor 29 Tagen', createdAt: now - 29 * DAY_MS, status: 'spam', spamReason: 'honeypot', mail: 'failed' });
    const oldMessage = insert({ name: 'Alte Anfrage', message: 'Echte Anfrage, 31 Tage', createdAt: now - 31 * DAY_MS });
    deleteOldMessages(owner.db, new Date(now));
    const left = (id: number) => owner.db.prepare('SELECT count(*) AS n FROM contact_messages WHERE id = ?').get(id);
    expect([oldSpam, ownSpam, youngSpam, oldMessage].map(left)).toEqual([{ n: 0 }, { n: 0 }, { n: 1 }, { n: 1 }]);
  });
});

describe('the CSV export', () => {
  it('holds exactly the filtered messages of every page, in UTF-8 with BOM, ";" and formulas made text', async () => {
    const formula = insert({ name: 'Jürgen Größ', message: '=1+1', phone: '+49 201 123456', note: 'Sagt "dringend"; Tür; @home', status: 'done' });
    const others = insert({ name: '@SUMME(A1)', message: '\r=HYPERLINK("http://example.com")', phone: '-1', note: '\t=2*3', status: 'done' });
    for (let i = 0; i < 27; i += 1) insert({ name: `Export ${i}`, message: `Exportprobe ${i}\nzweite Zeile`, status: 'done' });
    insert({ name: 'Export offen', message: 'Exportprobe, noch offen' });

    const answer = await fetch(`${owner.server.url}${BASE}/tabelle.csv?status=erledigt`, { headers: { Cookie: owner.cookie } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="nachrichten-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.split('\r\n')[0]).toBe('\uFEFFNr.;Eingang;Status;Name;E-Mail;Telefon;Nachricht;Notiz;Formular;Spam-Grund;E-Mail an Sie');
    const line = text.split('\r\n').find((candidate) => candidate.startsWith(`${formula};`))!;
    expect(line).toContain(';Erledigt;Jürgen Größ;;"\'+49 201 123456";"\'=1+1";"Sagt ""dringend""; Tür; @home";');

    const rows = parseCsv(bytes, { bom: true, delimiter: ';', columns: true }) as Record<string, string>[];
    const done = owner.db.prepare("SELECT count(*) AS n FROM contact_messages WHERE status = 'done'").get() as { n: number };
    expect(rows).toHaveLength(done.n);
    expect(rows.every((csvRow) => csvRow.Status === 'Erledigt')).toBe(true);
    expect(rows.find((csvRow) => csvRow['Nr.'] === String(formula))).toMatchObject({ Nachricht: "'=1+1", Notiz: 'Sagt "dringend"; Tür; @home', Name: 'Jürgen Größ' });
    // Every start Excel takes for a formula is made text: =, +, -, @, a tab, a carriage return.
    expect(rows.find((csvRow) => csvRow['Nr.'] === String(others))).toMatchObject({ Name: "'@SUMME(A1)", Telefon: "'-1", Notiz: "'\t=2*3", Nachricht: '\'\r=HYPERLINK("http://example.com")' });
    expect(rows.filter((csvRow) => csvRow.Nachricht?.startsWith('Exportprobe'))).toHaveLength(27);
    expect(rows[1]!.Nachricht).toMatch(/^Exportprobe \d+\nzweite Zeile$/);

    // The list links the export with its own filter.
    expect(decode((await owner.page(`${BASE}?q=Exportprobe&status=erledigt`)).html)).toContain('href="/intern/nachrichten/tabelle.csv?q=Exportprobe&status=erledigt" download=""');
    const searched = parseCsv(Buffer.from(await (await fetch(`${owner.server.url}${BASE}/tabelle.csv?q=Exportprobe`, { headers: { Cookie: owner.cookie } })).arrayBuffer()), { bom: true, delimiter: ';', columns: true });
    expect(searched).toHaveLength(28);
  });
});

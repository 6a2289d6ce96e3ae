// The owner hears when mail does not go out: each message in the console says where its mail went
// (only filed on the server, or sent to whom and when), the System page shows the transport, the
// last success and the last failure, and once mail has failed for MAIL_ALARM_MS (shortened here
// through the server's features) every console page warns at the top until a mail goes out. The
// notification mail gives the time in Berlin's words. Real server, shared build, real SQLite file,
// real SMTP conversations with a local smtp-server.
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/index.ts';
import { hashPassword, storePasswordHash } from '../../server/owner/password.ts';
import { openDatabase, type Db } from '../../server/store/database.ts';
import type { FeatureConfig } from '../../server/config.ts';
import { buildSite } from '../support/site-build.ts';
import { tempDir } from '../support/temp-dir.ts';
import { partOf } from './fixtures/contact-sink.ts';

const PASSWORD = 'Korrekt-Pferd-Batterie-7';
const ALARM_MS = 4_000;

/** An SMTP server that refuses every recipient while `refusing` is set, and keeps what it accepts. */
async function switchableSmtp() {
  const state = { refusing: false, mails: [] as string[] };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onRcptTo(_address, _session, done) {
      done(state.refusing ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }) : undefined);
    },
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        state.mails.push(Buffer.concat(chunks).toString('utf8'));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return { state, port, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

interface Console {
  server: RunningServer;
  db: Db;
  cookie: string;
  log: string[];
  page(path: string): Promise<string>;
  resend(id: number): Promise<void>;
  message(createdAt: string): number;
}

const consoles: Console[] = [];
afterAll(async () => {
  for (const { server, db } of consoles) {
    await server.close();
    db.close();
  }
});

async function openConsole(features: Partial<FeatureConfig>): Promise<Console> {
  const dir = tempDir('console-mail-');
  const log: string[] = [];
  const server = await startServer({
    distDir: (await buildSite()).dir,
    port: 0,
    host: '127.0.0.1',
    databasePath: join(dir, 'site.db'),
    log: (line) => log.push(line),
    features: { jobs: false, mailTo: 'owner@example.de', mailFrom: 'site@example.de', mailDir: join(dir, 'mail'), backupDir: join(dir, 'backups'), loginFailureMs: 100, ...features },
  });
  const db = openDatabase(join(dir, 'site.db'));
  storePasswordHash(db, await hashPassword(PASSWORD));
  const headers = { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded' };
  const login = await fetch(`${server.url}/intern/anmelden`, { method: 'POST', headers, body: new URLSearchParams({ password: PASSWORD }), redirect: 'manual' });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const opened: Console = {
    server,
    db,
    cookie,
    log,
    page: async (path) => (await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } })).text(),
    resend: async (id) => {
      const answer = await fetch(`${server.url}/intern/nachrichten/${id}/senden`, { method: 'POST', headers: { ...headers, Cookie: cookie }, redirect: 'manual' });
      expect(answer.status).toBe(303);
    },
    message: (createdAt) =>
      Number(db.prepare("INSERT INTO contact_messages (created_at, form, name, message) VALUES (?, 'kontakt', 'Erika Groß', 'Tür ins Schloss gefallen')").run(createdAt).lastInsertRowid),
  };
  consoles.push(opened);
  return opened;
}

/** The text of the element with this id, tags removed. */
const alarmOf = (page: string) => /<p[^>]*id="mail-alarm"[^>]*>([^<]*)<\/p>/.exec(page)?.[1] ?? null;

describe('without SMTP_URL', () => {
  let owner: Console;
  beforeAll(async () => {
    owner = await openConsole({ smtpUrl: null, production: true });
  }, 120_000);

  it('says the mail was only filed on the server, and the System page that no mail server is set up', async () => {
    const id = owner.message(new Date().toISOString());
    await owner.resend(id);
    const messages = await owner.page('/intern/nachrichten');
    expect(messages).toContain('E-Mail als Datei auf dem Server abgelegt, nicht verschickt');
    expect(messages).not.toContain('E-Mail verschickt an');
    // In production the operator's log says so too.
    expect(owner.log).toContainEqual(expect.stringContaining(`Contact message ${id}: SMTP_URL is unset, so its mail was only written into MAIL_DIR`));
    const system = await owner.page('/intern/system');
    expect(system).toContain('keiner eingerichtet: Mails werden nur als Dateien auf dem Server abgelegt');
    expect(system).toMatch(/Letzte E-Mail hinausgegangen<\/dt><dd>am \d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr als Datei abgelegt, nicht verschickt/);
  });

  it('lists, in production, the missing mail server and the example data under "Vor dem Start erledigen"', async () => {
    const system = await owner.page('/intern/system');
    const required = /<div data-group="required">(.*?)<\/div>/s.exec(system)?.[1] ?? '';
    expect(required).toContain('Es ist kein Mailserver eingerichtet (SMTP_URL)');
    // The owner's sentence first; the file and data path only as the technician's second, smaller line.
    expect(required).toContain('<li data-kind="example">Hier steht noch der Beispielwert „+492010000000“. Tragen Sie Ihre echte Angabe ein.<br/><small>Für den Techniker: data/site.yaml, phone.e164</small></li>');
    expect(required).toContain('<li data-kind="unconfirmed">Das Versprechen „98 % unserer Türöffnungen');
    expect(required).toContain('<small>Für den Techniker: data/claims.yaml, damageFree.confirmed</small>');
    expect(required).not.toContain(', Feld ');
    const recommended = /<div data-group="recommended">(.*?)<\/div>/s.exec(system)?.[1] ?? '';
    expect(recommended).toContain('Es gibt noch keine Sicherungskopie der Datenbank.');
    expect(recommended).toContain('Das ist noch die mitgelieferte Zeichnung.');
    expect(recommended).toContain('<small>Für den Techniker: data/images/shop.jpg</small>');
    const optional = /<div data-group="optional">(.*?)<\/div>/s.exec(system)?.[1] ?? '';
    expect(optional).toContain('Google Analytics (Besucherstatistik): Noch nicht entschieden, ob die Website diesen Dienst nutzt.');
    expect(optional).not.toContain('false');
    expect(system).not.toContain('data-group="information"');
  });
});

describe('through SMTP', () => {
  let owner: Console;
  let smtp: Awaited<ReturnType<typeof switchableSmtp>>;
  beforeAll(async () => {
    smtp = await switchableSmtp();
    owner = await openConsole({ smtpUrl: smtp.url, mailAlarmMs: ALARM_MS, production: false });
  }, 120_000);
  afterAll(() => smtp?.close());

  it('gives the time of the notification mail in German, Europe/Berlin', async () => {
    const id = owner.message('2026-11-27T14:50:48.761Z');
    await owner.resend(id);
    const mail = smtp.state.mails.at(-1)!;
    expect(partOf(mail, 'text/plain')).toContain('eingegangen am 27.11.2026, 15:50 Uhr.');
    expect(partOf(mail, 'text/html')).toContain('eingegangen am 27.11.2026, 15:50 Uhr.');
    expect(mail).not.toContain('2026-11-27T14:50');
  });

  it('shows the failure, warns on every page once mail has failed for the alarm time, and stops when a mail goes out', async () => {
    smtp.state.refusing = true;
    const id = owner.message(new Date().toISOString());
    // The failure is recorded between these two moments (the pooled transport may hold the attempt
    // up to a second, server/contact/mail.ts): the alarm is not due before the first plus the alarm
    // time, and is due after the second plus it.
    const failedAt = Date.now();
    await owner.resend(id);
    const recordedBy = Date.now();
    const messages = await owner.page('/intern/nachrichten');
    expect(messages).toContain('E-Mail an Sie noch nicht verschickt (Versuche bisher: 1)');
    // The mail server's English words stay in the operator's log; the owner reads where to look.
    expect(messages).toContain('Der letzte Versuch ist gescheitert; warum und was zu tun ist, steht im Bereich System.');
    expect(messages).not.toContain('Mailbox unavailable');
    expect(owner.log).toContainEqual(expect.stringMatching(new RegExp(`Contact message ${id}: mail attempt 1 failed \\(.*Mailbox unavailable`)));
    const system = await owner.page('/intern/system');
    expect(system).toContain(`SMTP über 127.0.0.1:${smtp.port}`);
    expect(system).toMatch(/Letzter Fehler beim Versand<\/dt><dd>am \d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr\. Der Mailserver hat die E-Mail abgelehnt/);
    expect(system).not.toContain('Mailbox unavailable');
    // Not yet: mail has failed for less than the alarm time (checked well within it).
    if (Date.now() - failedAt < ALARM_MS - 500) expect(alarmOf(system)).toBeNull();

    await delay(Math.max(0, recordedBy + ALARM_MS + 200 - Date.now()));
    for (const path of ['/intern/nachrichten', '/intern/besuche', '/intern/system', '/intern/gibt-es-nicht']) {
      const alarm = alarmOf(await owner.page(path));
      expect(alarm, path).toMatch(/^Seit \d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr geht keine E-Mail über neue Anfragen mehr hinaus\. Der Mailserver hat die E-Mail abgelehnt/);
    }
    // The operator's log says so once, with the next failure past the alarm time.
    await owner.resend(id);
    expect(owner.log.filter((line) => line.includes("the owner's console now shows a warning"))).toHaveLength(1);

    smtp.state.refusing = false;
    await owner.resend(id);
    const after = await owner.page('/intern/nachrichten');
    expect(alarmOf(after)).toBeNull();
    expect(after).toMatch(/E-Mail verschickt an owner@example\.de am \d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr\./);
    expect(await owner.page('/intern/system')).toMatch(/Letzte E-Mail hinausgegangen<\/dt><dd>am \d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr verschickt/);
  }, 60_000);

  it('lists the items about running the site as information in development', async () => {
    const system = await owner.page('/intern/system');
    const information = /<div data-group="information">(.*?)<\/div>/s.exec(system)?.[1] ?? '';
    expect(information).toContain('Es gibt noch keine Sicherungskopie der Datenbank.');
    expect(/<div data-group="recommended">(.*?)<\/div>/s.exec(system)?.[1] ?? '').not.toContain('Sicherungskopie');
  });
});

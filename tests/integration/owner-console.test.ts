// The owner's console at /intern against the real server, a real SQLite file and the run's shared
// build: the password CLI, login with its answer and timing, the cookie's flags, a fresh session
// id per login, logout and idle expiry, the per-address throttle, the same-origin rule, and that
// no /intern URL answers any data without a session (seeded fuzzing of paths and methods).
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeBackup } from '../../server/store/backup.ts';
import { hashPassword, storePasswordHash } from '../../server/owner/password.ts';
import { startSmtpSink } from './fixtures/contact-sink.ts';
import { openDatabase, type Db } from '../../server/store/database.ts';
import { startServer, type RunningServer } from '../../server/index.ts';
import { ADDRESS_FAILURES } from '../../server/owner/login-throttle.ts';
import { buildSite } from '../support/site-build.ts';
import { tempDir } from '../support/temp-dir.ts';
import { request, type RawResponse } from './fixtures/http.ts';

const PASSWORD = 'Korrekt-Pferd-Batterie-7';
const FAILURE_MS = 400;
const SECRET = 'Geheimnis-4711-Rüttenscheid';
const ROOT = join(import.meta.dirname, '../..');
const run = promisify(execFile);

let dir: string;
let server: RunningServer;
let db: Db;
let base: string;
let orderForm: string;

beforeAll(async () => {
  dir = tempDir('owner-console-');
  const site = await buildSite();
  orderForm = site.read('auftrag/index.html');
  server = await startServer({
    distDir: site.dir,
    port: 0,
    host: '127.0.0.1',
    databasePath: join(dir, 'site.db'),
    log: () => undefined,
    // The overall budget of password checks is tested in owner-login-guard.test.ts; here it must not count.
    features: { jobs: false, smtpUrl: null, mailTo: null, mailFrom: null, mailDir: join(dir, 'mail'), backupDir: join(dir, 'backups'), loginFailureMs: FAILURE_MS, loginChecksPerMinute: 10_000, loginChecksPerHour: 100_000, googlePlacesApiKey: null },
  });
  base = server.url;
  db = openDatabase(join(dir, 'site.db'));
}, 120_000);

afterAll(async () => {
  await server?.close();
  db?.close();
});

/** An address of its own per test, through the proxy header the server trusts from loopback. */
let nextAddress = 10;
const freshAddress = () => `198.51.100.${nextAddress++}`;

function post(path: string, { body = '', cookie, address = freshAddress(), headers = {} }: { body?: string; cookie?: string; address?: string; headers?: Record<string, string> } = {}) {
  const all = { 'Sec-Fetch-Site': 'same-origin', 'X-Forwarded-For': address, ...(cookie ? { Cookie: cookie } : {}), ...headers };
  // An empty value leaves the header out (a browser that does not send Sec-Fetch-Site).
  return requestWithBody(path, 'POST', body, Object.fromEntries(Object.entries(all).filter(([, value]) => value !== '')));
}

function requestWithBody(path: string, method: string, body: string, headers: Record<string, string>): Promise<RawResponse> {
  return fetch(`${base}${path}`, { method, body: method === 'GET' || method === 'HEAD' ? undefined : body, headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers }, redirect: 'manual' }).then(
    // Both cookies of a login (session and device), as one header the way Headers.get joins them.
    async (res) => ({ status: res.status, headers: { ...Object.fromEntries(res.headers), 'set-cookie': res.headers.getSetCookie().join(', ') || undefined }, body: Buffer.from(await res.arrayBuffer()) }),
  );
}

const get = (path: string, cookie?: string) => request(base, path, { headers: cookie ? { Cookie: cookie } : {} });
const text = (res: RawResponse) => res.body.toString('utf8');
const sessionFrom = (res: RawResponse): string => {
  const header = String(res.headers['set-cookie'] ?? '');
  const match = /owner_session=([^;]*)/.exec(header);
  if (!match?.[1]) throw new Error(`no session cookie in ${header}`);
  return `owner_session=${match[1]}`;
};
const login = (password = PASSWORD, options: { cookie?: string; address?: string } = {}) => post('/intern/anmelden', { body: new URLSearchParams({ password }).toString(), ...options });

async function setPassword(lines: string): Promise<{ code: number; out: string }> {
  const child = execFile(join(ROOT, 'node_modules/.bin/tsx'), ['scripts/owner-password.ts'], { cwd: ROOT, env: { ...process.env, DATABASE_PATH: join(dir, 'site.db') } });
  child.stdin!.end(lines);
  let out = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  child.stderr!.on('data', (chunk) => (out += chunk));
  const code = await new Promise<number>((resolve) => child.on('close', (status) => resolve(status ?? 1)));
  return { code, out };
}

describe('before a password is set', () => {
  it('every console URL says how to set one and shows nothing else', async () => {
    db.prepare("INSERT INTO contact_messages (created_at, form, name, message) VALUES (?, 'kontakt', 'Erika', ?)").run(new Date().toISOString(), SECRET);
    for (const path of ['/intern', '/intern/anmelden', '/intern/nachrichten', '/intern/system']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(text(res)).toContain('npm run owner:password');
      expect(text(res)).not.toContain(SECRET);
    }
  });
});

describe('npm run owner:password', () => {
  it('refuses a short password and two entries that differ, and stores only a hash', async () => {
    expect(await setPassword('kurz\nkurz\n')).toMatchObject({ code: 1, out: expect.stringContaining('at least 12 characters') });
    expect(await setPassword(`${PASSWORD}\n${PASSWORD}x\n`)).toMatchObject({ code: 1, out: expect.stringContaining('differ') });
    // On the bundled list of common passwords (scripts/common-passwords/), whatever the case.
    expect(await setPassword('UnBelievable\nUnBelievable\n')).toMatchObject({ code: 1, out: expect.stringContaining('common passwords') });
    expect(db.prepare('SELECT count(*) AS n FROM owner_account').get()).toEqual({ n: 0 });
    expect((await setPassword(`${PASSWORD}\n${PASSWORD}\n`)).code).toBe(0);
    const { password_hash: hash } = db.prepare('SELECT password_hash FROM owner_account').get() as { password_hash: string };
    expect(hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/);
    expect(hash).not.toContain(PASSWORD);
  }, 30_000);
});

describe('login', () => {
  it('answers every wrong password the same, at the same time after arrival', async () => {
    const answers = await Promise.all(['falsch', '', PASSWORD.slice(0, -1), 'x'.repeat(2000)].map(async (password) => {
      const started = performance.now();
      const res = await login(password);
      return { status: res.status, body: text(res), ms: performance.now() - started };
    }));
    // Empty, nearly right or too long for a password: one answer, never sooner than the fixed time.
    for (const answer of answers) expect(answer.ms).toBeGreaterThanOrEqual(FAILURE_MS - 5);
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers[0]!.body).toContain('Das Passwort stimmt nicht.');
    expect(answers[0]!.body).not.toContain(SECRET);
  });

  it('sets an HttpOnly, SameSite=Strict, Secure cookie for /intern with an id of 256 bits', async () => {
    const res = await login();
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/intern/nachrichten');
    const [cookie, device] = String(res.headers['set-cookie']).split(/, (?=owner_)/) as [string, string];
    expect(cookie).toMatch(/^owner_session=[A-Za-z0-9_-]{43};/);
    expect(cookie.split(/;\s*/).slice(1).sort()).toEqual(['HttpOnly', 'Path=/intern', 'SameSite=Strict', 'Secure']);
    // The device cookie (server/owner/device-cookie.ts): the same flags, kept for 400 days.
    expect(device).toMatch(/^owner_device=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43};/);
    expect(device.split(/;\s*/).slice(1).sort()).toEqual(['HttpOnly', `Max-Age=${400 * 86_400}`, 'Path=/intern', 'SameSite=Strict', 'Secure']);
    // Only a digest is stored: the database alone cannot be used to take over a session.
    const id = sessionFrom(res).split('=')[1]!;
    expect(JSON.stringify(db.prepare('SELECT * FROM owner_sessions').all())).not.toContain(id);
    const page = await get('/intern/nachrichten', sessionFrom(res));
    expect(page.status).toBe(200);
    expect(text(page)).toContain(SECRET);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(String(page.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('gives a new session id at every login and the one sent along stops working', async () => {
    const first = sessionFrom(await login());
    const second = await login(PASSWORD, { cookie: first });
    expect(sessionFrom(second)).not.toBe(first);
    expect((await get('/intern/nachrichten', first)).headers.location).toBe('/intern/anmelden?zurueck=%2Fintern%2Fnachrichten');
    expect((await get('/intern/nachrichten', sessionFrom(second))).status).toBe(200);
  });

  it('logs out: the session ends on the server, not only in the browser', async () => {
    const cookie = sessionFrom(await login());
    const out = await post('/intern/abmelden', { cookie });
    expect(out.status).toBe(303);
    expect(out.headers.location).toBe('/intern/anmelden?abgemeldet');
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    const after = await get('/intern/nachrichten', cookie);
    expect(after.status).toBe(303);
    expect(text(after)).not.toContain(SECRET);
  });

  it('ends a session 12 hours after its login however busy it was, and says so before and after', async () => {
    expect(text(await get('/intern/anmelden'))).toContain('Eine Anmeldung gilt 12 Stunden, auch wenn Sie die ganze Zeit arbeiten.');
    const cookie = sessionFrom(await login());
    const hash = (db.prepare('SELECT id_hash FROM owner_sessions ORDER BY created_at DESC LIMIT 1').get() as { id_hash: string }).id_hash;
    const begun = (ms: number) => db.prepare('UPDATE owner_sessions SET created_at = ?, last_seen_at = ? WHERE id_hash = ?').run(new Date(Date.now() - ms).toISOString(), new Date(Date.now() - 60_000).toISOString(), hash);
    begun(12 * 3600_000 - 60_000);
    expect((await get('/intern/nachrichten', cookie)).status).toBe(200);
    // Used a minute ago, but begun 12 hours ago: over.
    begun(12 * 3600_000 + 1000);
    const res = await get('/intern/nachrichten', cookie);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/intern/anmelden?abgelaufen=&zurueck=%2Fintern%2Fnachrichten');
    expect(text(await get('/intern/anmelden?abgelaufen'))).toContain('Ihre Anmeldung hat 12 Stunden gegolten und ist abgelaufen.');
    expect(db.prepare('SELECT count(*) AS n FROM owner_sessions WHERE id_hash = ?').get(hash)).toEqual({ n: 0 });
  });

  it('a form sent without a session saves nothing, says so, and the login leads back to the page it was sent from', async () => {
    const sent = await post('/intern/nachrichten/1/notiz', { body: 'notiz=Zurückgerufen', headers: { Referer: `${base}/intern/nachrichten/1` } });
    expect(sent.status).toBe(303);
    const location = new URL(String(sent.headers.location), base);
    expect(location.pathname).toBe('/intern/anmelden');
    expect(location.searchParams.get('zurueck')).toBe('/intern/nachrichten/1');
    const page = text(await get(`${location.pathname}${location.search}`));
    expect(page).toContain('Weil Sie nicht mehr angemeldet waren, wurde nicht gespeichert, was Sie eben abgeschickt haben.');
    expect(page).toContain('<input type="hidden" name="zurueck" value="/intern/nachrichten/1"/>');
    // A wrong password keeps the way back; the right one takes it.
    const failed = await post('/intern/anmelden', { body: new URLSearchParams({ password: 'falsch', zurueck: '/intern/nachrichten/1' }).toString() });
    expect(text(failed)).toContain('value="/intern/nachrichten/1"');
    const back = await post('/intern/anmelden', { body: new URLSearchParams({ password: PASSWORD, zurueck: '/intern/nachrichten/1' }).toString() });
    expect(back.headers.location).toBe('/intern/nachrichten/1');
  });

  it.each(['https://example.org/intern/x', '//example.org/intern', '/\\example.org', '/intern/anmelden', '/preise', '/intern/\nx'])('after the login, never to %s: only to a page of the console', async (target) => {
    const res = await post('/intern/anmelden', { body: new URLSearchParams({ password: PASSWORD, zurueck: target }).toString() });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/intern/nachrichten');
  });

  it(`blocks an address for 15 minutes after ${ADDRESS_FAILURES} wrong passwords, and tells it so; another address still logs in`, async () => {
    const address = freshAddress();
    for (let i = 0; i < ADDRESS_FAILURES; i++) expect((await login('falsch', { address })).status).toBe(401);
    const blocked = await login(PASSWORD, { address });
    expect(blocked.status).toBe(429);
    expect(text(blocked)).toMatch(/zu viele falsche Passwörter\. Bitte warten Sie bis \d\d:\d\d Uhr \(noch 15 Min\.\)/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(blocked.headers['set-cookie']).toBeUndefined();
    expect((await login(PASSWORD, { address: freshAddress() })).status).toBe(303);
  });
});

describe('guessing in parallel', () => {
  it(`checks at most ${ADDRESS_FAILURES} of 20 logins sent at once from one address`, async () => {
    const address = freshAddress();
    const answers = await Promise.all(Array.from({ length: 20 }, () => login('falsch', { address })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(ADDRESS_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - ADDRESS_FAILURES);
  });
});

describe('the same-origin rule', () => {
  it('refuses a POST another site makes a browser send, or that does not say where it comes from, even with a valid session', async () => {
    const cookie = sessionFrom(await login());
    const id = Number(db.prepare("INSERT INTO contact_messages (created_at, form, name, message) VALUES (?, 'kontakt', 'Opfer', 'bleibt')").run(new Date().toISOString()).lastInsertRowid);
    for (const headers of [{ 'Sec-Fetch-Site': 'cross-site' }, { 'Sec-Fetch-Site': 'same-site' }, { 'Sec-Fetch-Site': '', Origin: 'https://evil.example' }, { 'Sec-Fetch-Site': '', Origin: 'null' }]) {
      const clean = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== ''));
      const res = await requestWithBody(`/intern/nachrichten/${id}/loeschen`, 'POST', '', { Cookie: cookie, ...clean });
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
    const bare = await requestWithBody(`/intern/nachrichten/${id}/loeschen`, 'POST', '', { Cookie: cookie });
    expect(bare.status).toBe(403);
    expect(db.prepare('SELECT count(*) AS n FROM contact_messages WHERE id = ?').get(id)).toEqual({ n: 1 });
    const own = await post(`/intern/nachrichten/${id}/loeschen`, { cookie, headers: { 'Sec-Fetch-Site': '', Origin: base } });
    expect(own.status).toBe(303);
    expect(db.prepare('SELECT count(*) AS n FROM contact_messages WHERE id = ?').get(id)).toEqual({ n: 0 });
  });
});

describe('without a session', () => {
  // Seeded, so a failure replays: paths under /intern with odd segments, encodings and lengths.
  function* paths(seed: number): Generator<string> {
    let state = seed;
    const random = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const known = ['', '/', '/anmelden', '/abmelden', '/nachrichten', '/nachrichten/1/senden', '/nachrichten/1/loeschen', '/besuche', '/bewertungen', '/bewertungen/abgleichen', '/telefon', '/inhalte', '/inhalte/preise', '/system'];
    for (const path of known) yield `/intern${path}`;
    const pieces = ['nachrichten', 'system', 'inhalte', 'preise', '%2e%2e', '..', '%00', 'ä', '%C3%A4', '1', '-1', '99999999999999999999', ';', '%2F', 'x'.repeat(300), '?q=a', '#x', '*'];
    for (let i = 0; i < 60; i++) {
      const count = 1 + Math.floor(random() * 3);
      yield `/intern/${Array.from({ length: count }, () => pieces[Math.floor(random() * pieces.length)]).join('/')}`;
    }
  }

  it('no path and no method answers any data: only the login page, a redirect to it, a refusal or an error', async () => {
    const markers = [SECRET, 'Erika', 'Größe der Datenbank', 'Seitenaufrufe pro Tag', 'Jetzt synchronisieren', 'Diesen Text lesen Sie am Telefon vor', 'services.tuer-zugefallen.price', 'Besucher lesen:'];
    const cookies = [undefined, 'owner_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'owner_session=', 'owner_session=../../x'];
    let checked = 0;
    for (const path of paths(20_261_124)) {
      for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
        const cookie = cookies[checked % cookies.length];
        const res = await requestWithBody(path, method, 'password=x', { ...(cookie ? { Cookie: cookie } : {}), 'Sec-Fetch-Site': 'same-origin', 'X-Forwarded-For': `203.0.113.${checked % 250}` }).catch(() => null);
        checked += 1;
        if (res === null) continue; // fetch refuses some targets itself; the server never saw them
        const body = text(res);
        for (const marker of markers) expect(body, `${method} ${path}`).not.toContain(marker);
        expect(res.status, `${method} ${path}`).toBeLessThan(500);
        if (res.status === 303) expect(res.headers.location, `${method} ${path}`).toMatch(/^\/intern\/anmelden/);
      }
    }
    expect(checked).toBeGreaterThan(400);
    expect((await get('/healthz')).status).toBe(200);
  }, 60_000);
});

describe('what the owner sees', () => {
  it('lists messages with their mail state, finds them, sends one again and deletes one', async () => {
    const cookie = sessionFrom(await login());
    const id = Number(
      db.prepare("INSERT INTO contact_messages (created_at, form, name, email, phone, message, mail_status, mail_attempts, mail_last_error) VALUES (?, 'home', 'Jörg Öztürk', 'joerg@example.de', '0201 998877', 'Schlüssel abgebrochen', 'failed', 20, 'Connection refused')").run(new Date().toISOString()).lastInsertRowid,
    );
    const list = text(await get('/intern/nachrichten', cookie));
    expect(list).toContain('Jörg Öztürk');
    expect(list).toContain('nach 20 Versuchen nicht zugestellt');
    // The mail server's English reason is the operator's log's, not the owner's page.
    expect(list).not.toContain('Connection refused');
    expect(text(await get(`/intern/nachrichten?q=${encodeURIComponent('abgebrochen')}`, cookie))).toContain('Eine Nachricht enthält „abgebrochen“.');
    expect(text(await get(`/intern/nachrichten?q=${encodeURIComponent('100%_')}`, cookie))).toContain('Keine Nachricht enthält „100%_“.');
    const mails = () => (existsSync(join(dir, 'mail')) ? readdirSync(join(dir, 'mail')).length : 0);
    const before = mails();
    expect((await post(`/intern/nachrichten/${id}/senden`, { cookie })).headers.location).toBe(`/intern/nachrichten?gesendet#nachricht-${id}`);
    expect(mails()).toBe(before + 1);
    expect(db.prepare('SELECT mail_status FROM contact_messages WHERE id = ?').get(id)).toEqual({ mail_status: 'sent' });
    expect(text(await get(`/intern/nachrichten/${id}/loeschen`, cookie))).toContain('Endgültig löschen');
    expect((await post(`/intern/nachrichten/${id}/loeschen`, { cookie })).headers.location).toBe('/intern/nachrichten?geloescht');
    expect(db.prepare('SELECT count(*) AS n FROM contact_messages WHERE id = ?').get(id)).toEqual({ n: 0 });
    expect(text(await get('/intern/nachrichten?geloescht', cookie))).not.toContain('Jörg Öztürk');
  });

  it('sends the mail once when "E-Mail erneut senden" is clicked twice at once', async () => {
    const sink = await startSmtpSink();
    const root = tempDir('owner-resend-');
    const other = await startServer({
      distDir: (await buildSite()).dir,
      port: 0,
      host: '127.0.0.1',
      databasePath: join(root, 'site.db'),
      log: () => undefined,
      features: { jobs: false, smtpUrl: sink.url, mailTo: 'owner@example.de', mailFrom: 'site@example.de', loginFailureMs: FAILURE_MS },
    });
    const otherDb = openDatabase(join(root, 'site.db'));
    try {
      storePasswordHash(otherDb, await hashPassword(PASSWORD));
      const id = Number(otherDb.prepare("INSERT INTO contact_messages (created_at, form, name, message, mail_status, mail_attempts) VALUES (?, 'kontakt', 'Doppelklick', 'Tür zu', 'failed', 20)").run(new Date().toISOString()).lastInsertRowid);
      const send = (headers: Record<string, string>) => fetch(`${other.url}/intern/nachrichten/${id}/senden`, { method: 'POST', headers: { 'Sec-Fetch-Site': 'same-origin', ...headers }, redirect: 'manual' });
      const loginAnswer = await fetch(`${other.url}/intern/anmelden`, { method: 'POST', headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ password: PASSWORD }), redirect: 'manual' });
      const cookie = loginAnswer.headers.get('set-cookie')!.split(';')[0]!;
      const answers = await Promise.all([send({ Cookie: cookie }), send({ Cookie: cookie })]);
      expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
      expect(sink.mails).toHaveLength(1);
      expect(otherDb.prepare('SELECT mail_status, mail_attempts FROM contact_messages WHERE id = ?').get(id)).toEqual({ mail_status: 'sent', mail_attempts: 1 });
    } finally {
      await other.close();
      otherDb.close();
      await sink.close();
    }
  });

  it('shows page views and consented clicks per Berlin day with their numbers, and the system state', async () => {
    const cookie = sessionFrom(await login());
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(new Date());
    db.prepare('INSERT INTO page_counts (day, path, views) VALUES (?, ?, ?)').run(today, '/schluesseldienst/bottrop', 4321);
    db.prepare("INSERT INTO click_counts (day, path, kind, clicks) VALUES (?, '/schluesseldienst/bottrop', 'call', 17)").run(today);
    const page = text(await get('/intern/besuche', cookie));
    expect(page).toContain('role="img"');
    expect(page).toMatch(/<td class="number">4\.321<\/td>/);
    expect(page).toMatch(/<td class="number">17<\/td>/);
    expect(page).toContain('Ein Klick ist noch kein Anruf');
    expect(text(await get('/intern/system', cookie))).toMatch(/Letzte Sicherungskopie<\/dt><dd id="backup-last">noch keine/);
    const backup = await takeBackup(db, join(dir, 'backups'));
    const system = text(await get('/intern/system', cookie));
    expect(system).toContain(backup.file!);
    expect(system).toMatch(/Sicherungskopien im Ordner<\/dt><dd><ul class="console-list-plain" id="backup-copies"><li>[^<]*<\/li><\/ul>/);
    expect(system).toContain('Größe der Datenbank');
    expect(system).toMatch(/Version<\/dt><dd>\d+\.\d+\.\d+/);
    const reviews = text(await get('/intern/bewertungen', cookie));
    expect(reviews).toContain('Noch kein Abgleich mit Google.');
    expect((await post('/intern/bewertungen/abgleichen', { cookie })).headers.location).toBe('/intern/bewertungen?abgeglichen');
    // One German sentence with what to do, never "fertig" above "fehlgeschlagen", and no English.
    const failed = text(await get('/intern/bewertungen?abgeglichen', cookie));
    expect(failed).toContain('Er ist fehlgeschlagen: Es ist kein Google-Schlüssel eingerichtet.');
    expect(failed).not.toContain('fertig');
    expect(failed).not.toContain('is not set');
  });

  it('shows what to say on the phone before driving, to read out, word for word as /auftrag prints it', async () => {
    const cookie = sessionFrom(await login());
    const page = text(await get('/intern/telefon', cookie));
    expect(page).toMatch(/<a href="\/intern\/telefon" aria-current="page">Telefon<\/a>/);
    expect(page).toContain('Diesen Text lesen Sie am Telefon vor');
    const steps = [...page.matchAll(/<dt>([^<]+)<\/dt><dd>([^<]+)<\/dd>/g)].map((match) => [match[1], match[2]]);
    expect(steps.map(([topic]) => topic)).toEqual(['Begrüßung', 'Preis', 'Ankunft', 'Widerrufsrecht', 'AGB', 'Auftrag']);
    for (const [topic, say] of steps) expect(say!.length, topic).toBeGreaterThan(40);
    // The intro and every step in the same markup as the printed form, so the page looks the same.
    const script = page.match(/<p>[^<]+<\/p><dl class="phone-script">[^]*?<\/dl>/)![0];
    expect(orderForm).toContain(script);
    // Read-only: the page has no form of its own besides logging out.
    expect(page.match(/<form /g)).toHaveLength(1);
  });
});

describe('the public site', () => {
  it('neither links the console nor lists it in the sitemap', async () => {
    const site = await buildSite();
    const pages = (await run('grep', ['-rl', '--include=*.html', '/intern', site.dir]).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }))).stdout.trim();
    expect(pages.split('\n').filter((file) => file && !file.includes('/_server/'))).toEqual([]);
    expect(site.read('sitemap.xml')).not.toContain('/intern');
  });
});

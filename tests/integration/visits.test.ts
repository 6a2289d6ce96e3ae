// Visitor logging against the real server and a real SQLite file: what is stored (and that the
// address is truncated), every answer of the three endpoints, the daily click totals, retention
// and `npm run stats`.
// The browser calls these endpoints only after 'Alle akzeptieren' (client/visits.ts); the page
// views the server counts itself are tested in visit-counts.test.ts.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { berlinDay, daysBefore } from '../../core/berlin-day.ts';
import { fillSlots } from '../../core/slots.ts';
import { openDatabase, openConnection } from '../../server/store/database.ts';
import { startServer, type RunningServer } from '../../server/index.ts';
import { featuresFromEnv, VISITS_PER_MINUTE } from '../../server/config.ts';
import { deleteOldVisits, visitLog, visitsJobs } from '../../server/visits/log.ts';
import { writeFixtureSite } from './fixtures/site.ts';
import { MESSAGES, writeServerFiles } from '../support/server-files.ts';

const SITE_URL = 'https://www.schluesseldienst-beispiel.de';
const SESSION = '3b241101-e2bb-4255-8caf-4136c566a962';
let root: string;
let databasePath: string;
let server: RunningServer;
let db: Database.Database;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'visits-test-'));
  const distDir = join(root, 'dist');
  writeFixtureSite(distDir);
  writeServerFiles(distDir, { name: 'Schlüsseldienst', email: 'info@example.de', phoneDisplay: '0201 123456', url: SITE_URL, reviewsPageUrl: 'https://example.de/r' });
  databasePath = join(root, 'site.db');
  server = await startServer({ distDir, port: 0, host: '127.0.0.1', databasePath, log: () => undefined, features: { jobs: false } });
  db = openConnection(databasePath);
});

afterAll(async () => {
  db?.close();
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

beforeEach(() => {
  db.prepare('DELETE FROM visits').run();
  db.prepare('DELETE FROM click_counts').run();
});

interface Sent {
  body?: string;
  type?: string | null;
  forwardedFor?: string;
}

async function post(endpoint: string, payload: unknown, options: Sent = {}): Promise<{ status: number; json: unknown; cache: string | null }> {
  const headers: Record<string, string> = {};
  const type = options.type === undefined ? 'application/json' : options.type;
  if (type) headers['Content-Type'] = type;
  if (options.forwardedFor) headers['X-Forwarded-For'] = options.forwardedFor;
  const res = await fetch(`${server.url}/api/log/${endpoint}`, {
    method: 'POST',
    headers,
    body: options.body ?? (payload === undefined ? undefined : JSON.stringify(payload)),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null, cache: res.headers.get('cache-control') };
}

const rows = () => db.prepare('SELECT kind, path, ip, session_id, screen, timezone, click FROM visits ORDER BY id').all();
const clickCounts = (store: Database.Database = db) => store.prepare('SELECT day, path, kind, clicks FROM click_counts ORDER BY day, path, kind').all();
const visit = (overrides: Record<string, unknown> = {}) => ({
  pageUrl: '/preise',
  screenResolution: '390x844',
  timezone: 'Europe/Berlin',
  sessionId: SESSION,
  ...overrides,
});

describe('POST /api/log/ip', () => {
  it('answers 204 without caching and stores the path with the address truncated', async () => {
    const res = await post('ip', { path: '/preise' });
    expect(res).toEqual({ status: 204, json: null, cache: 'no-store' });
    expect(rows()).toEqual([{ kind: 'ip', path: '/preise', ip: '127.0.0.0', session_id: null, screen: null, timezone: null, click: null }]);
  });

  it('stores a percent-encoded path decoded and without query or fragment', async () => {
    expect((await post('ip', { path: '/stra%C3%9Fe?name=Max#top' })).status).toBe(204);
    expect((await post('ip', { path: '/schluesseldienst/mülheim-an-der-ruhr' })).status).toBe(204);
    expect(rows().map((row) => (row as { path: string }).path)).toEqual(['/straße', '/schluesseldienst/mülheim-an-der-ruhr']);
  });

  it('accepts the text/plain body navigator.sendBeacon sends', async () => {
    const res = await post('ip', { path: '/impressum' }, { type: 'text/plain;charset=UTF-8' });
    expect(res.status).toBe(204);
    expect(rows()).toMatchObject([{ kind: 'ip', path: '/impressum' }]);
  });

  it('answers 204 to an empty beacon and stores nothing', async () => {
    expect((await post('ip', undefined, { type: null })).status).toBe(204);
    expect((await post('ip', undefined, { body: '', type: 'text/plain;charset=UTF-8' })).status).toBe(204);
    expect(rows()).toEqual([]);
  });

  it.each([
    ['no path', {}],
    ['a path that is not text', { path: 42 }],
    ['a relative path', { path: 'preise' }],
    ['a full URL', { path: 'https://example.de/preise' }],
    ['a protocol-relative path', { path: '//evil.example/x' }],
    ['a path over 300 characters', { path: `/${'a'.repeat(300)}` }],
    ['a control character', { path: '/preise\nSet-Cookie: x' }],
    ['an encoded control character', { path: '/preise%00' }],
    ['an array instead of an object', [{ path: '/' }]],
  ])('answers 422 with a German message for %s and stores nothing', async (_case, payload) => {
    const res = await post('ip', payload);
    expect(res.status).toBe(422);
    expect(res.cache).toBe('no-store');
    expect(res.json).toMatchObject({ error: MESSAGES.api.invalid });
    expect(Object.keys((res.json as { fields: object }).fields).length).toBeGreaterThan(0);
    expect(rows()).toEqual([]);
  });

  it('answers 400 to malformed JSON and to a JSON value that is not an object', async () => {
    const broken = await post('ip', undefined, { body: '{"path": "/' });
    expect(broken.status).toBe(400);
    expect(broken.json).toEqual({ error: MESSAGES.api.malformed });
    expect((await post('ip', undefined, { body: '"/preise"' })).status).toBe(400);
  });

  it('answers 415 to a form post and to other content types', async () => {
    const form = await post('ip', undefined, { body: 'path=%2F', type: 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    expect(form.json).toEqual({ error: MESSAGES.api.notJson });
    expect((await post('ip', undefined, { body: '{"path":"/"}', type: 'application/xml' })).status).toBe(415);
    expect(rows()).toEqual([]);
  });

  it('answers 413 to a body over 4 KB', async () => {
    const res = await post('ip', { path: '/', padding: 'x'.repeat(5000) });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ error: MESSAGES.api.tooLarge });
  });

  it('truncates a public IPv6 address that the local proxy forwards to its first 48 bits', async () => {
    await post('ip', { path: '/' }, { forwardedFor: '2001:db8:85a3:8d3:1319:8a2e:370:7348' });
    await post('ip', { path: '/' }, { forwardedFor: '203.0.113.7' });
    await post('ip', { path: '/' }, { forwardedFor: '::ffff:198.51.100.23' });
    expect(rows().map((row) => (row as { ip: string }).ip)).toEqual(['2001:db8:85a3::', '203.0.113.0', '198.51.100.0']);
  });
});

describe('POST /api/log/visit', () => {
  it.each([
    ['a path', '/preise', '/preise'],
    ['a URL of the requested host', 'REQUESTED/preise?utm=x#a', '/preise'],
    ['a URL of the configured site', `${SITE_URL}/kontakt`, '/kontakt'],
    ['the home page of the site', `${SITE_URL}/`, '/'],
  ])('answers 204 for %s and stores only its path with screen, time zone and session', async (_case, pageUrl, path) => {
    const res = await post('visit', visit({ pageUrl: pageUrl.replace('REQUESTED', server.url) }));
    expect(res).toEqual({ status: 204, json: null, cache: 'no-store' });
    expect(rows()).toEqual([{ kind: 'visit', path, ip: '127.0.0.0', session_id: SESSION, screen: '390x844', timezone: 'Europe/Berlin', click: null }]);
  });

  it('accepts time zones of several shapes', async () => {
    for (const timezone of ['UTC', 'America/Argentina/Buenos_Aires', 'Etc/GMT+1', 'America/Port-au-Prince']) {
      expect((await post('visit', visit({ timezone }))).status).toBe(204);
    }
  });

  it('answers 204 to the empty beacon sent on tab close and stores nothing', async () => {
    expect((await post('visit', undefined, { type: null })).status).toBe(204);
    expect((await post('visit', undefined, { body: '', type: 'text/plain;charset=UTF-8' })).status).toBe(204);
    expect(rows()).toEqual([]);
  });

  it.each([
    ['pageUrl', { pageUrl: 'https://elsewhere.example/preise' }],
    ['pageUrl', { pageUrl: 'javascript:alert(1)' }],
    ['pageUrl', { pageUrl: 'preise' }],
    ['pageUrl', { pageUrl: 7 }],
    ['screenResolution', { screenResolution: '390 x 844' }],
    ['screenResolution', { screenResolution: undefined }],
    ['timezone', { timezone: 'Europe/Berlin; DROP TABLE visits' }],
    ['timezone', { timezone: `Europe/${'A'.repeat(64)}` }],
    ['sessionId', { sessionId: 'not-a-uuid' }],
    ['sessionId', { sessionId: undefined }],
  ])('answers 422 naming %s for %j', async (field, overrides) => {
    const res = await post('visit', visit(overrides));
    expect(res.status).toBe(422);
    expect(Object.keys((res.json as { fields: object }).fields)).toEqual([field]);
    expect(rows()).toEqual([]);
  });

  it('answers 400, 413 and 415 like the other endpoints', async () => {
    expect((await post('visit', undefined, { body: '{' })).status).toBe(400);
    expect((await post('visit', visit({ padding: 'x'.repeat(5000) }))).status).toBe(413);
    expect((await post('visit', undefined, { body: '{}', type: 'multipart/form-data; boundary=x' })).status).toBe(415);
  });
});

describe('POST /api/log/click', () => {
  it('answers 204 and counts a call click and a WhatsApp click with the path', async () => {
    expect((await post('click', { path: '/preise', kind: 'call' }, { type: 'text/plain;charset=UTF-8' })).status).toBe(204);
    expect((await post('click', { path: '/', kind: 'whatsapp' })).status).toBe(204);
    expect(rows()).toEqual([
      { kind: 'click', path: '/preise', ip: '127.0.0.0', session_id: null, screen: null, timezone: null, click: 'call' },
      { kind: 'click', path: '/', ip: '127.0.0.0', session_id: null, screen: null, timezone: null, click: 'whatsapp' },
    ]);
  });

  it("adds each click to the day's total of its path and kind in click_counts, with no address", async () => {
    for (let i = 0; i < 3; i += 1) await post('click', { path: '/preise', kind: 'call' });
    await post('click', { path: '/preise', kind: 'whatsapp' });
    await post('click', { path: '/schluesseldienst/mülheim-an-der-ruhr', kind: 'call' });
    await post('ip', { path: '/preise' });
    await post('visit', visit());
    const today = berlinDay(Date.now());
    expect(clickCounts()).toEqual([
      { day: today, path: '/preise', kind: 'call', clicks: 3 },
      { day: today, path: '/preise', kind: 'whatsapp', clicks: 1 },
      { day: today, path: '/schluesseldienst/mülheim-an-der-ruhr', kind: 'call', clicks: 1 },
    ]);
  });

  it.each([
    ['winter (UTC+1)', '2026-01-15T22:59:59.999Z', '2026-01-15T23:30:00.000Z', '2026-01-15', '2026-01-16'],
    ['summer (UTC+2)', '2026-07-15T21:59:59.999Z', '2026-07-15T22:30:00.000Z', '2026-07-15', '2026-07-16'],
  ])('counts a click by the Berlin day it was logged on, in %s', (_case, before, after, dayBefore, dayAfter) => {
    const store = openDatabase(join(mkdtempSync(join(root, 'click-day-')), 'site.db'));
    const log = visitLog(store);
    log({ kind: 'click', path: '/preise', ip: '127.0.0.0', click: 'call' }, new Date(before));
    log({ kind: 'click', path: '/preise', ip: '127.0.0.0', click: 'call' }, new Date(after));
    log({ kind: 'ip', path: '/preise', ip: '127.0.0.0' }, new Date(after));
    expect(clickCounts(store)).toEqual([
      { day: dayBefore, path: '/preise', kind: 'call', clicks: 1 },
      { day: dayAfter, path: '/preise', kind: 'call', clicks: 1 },
    ]);
    store.close();
  });

  it('stores neither the row nor the total when one of them cannot be written', () => {
    const store = openDatabase(join(mkdtempSync(join(root, 'click-atomic-')), 'site.db'));
    const log = visitLog(store);
    store.exec('DROP TABLE click_counts');
    expect(() => log({ kind: 'click', path: '/preise', ip: '127.0.0.0', click: 'call' }, new Date())).toThrow(/click_counts/);
    expect(store.prepare('SELECT count(*) AS n FROM visits').get()).toEqual({ n: 0 });
    store.close();
  });

  it.each([
    ['kind', { path: '/', kind: 'sms' }],
    ['kind', { path: '/' }],
    ['path', { path: 'x', kind: 'call' }],
  ])('answers 422 naming %s for %j', async (field, payload) => {
    const res = await post('click', payload);
    expect(res.status).toBe(422);
    expect(Object.keys((res.json as { fields: object }).fields)).toEqual([field]);
    expect(rows()).toEqual([]);
  });

  it('answers 400, 413 and 415 like the other endpoints', async () => {
    expect((await post('click', undefined, { body: 'kind=call' })).status).toBe(400);
    expect((await post('click', { path: '/', kind: 'call', padding: 'x'.repeat(5000) })).status).toBe(413);
    expect((await post('click', undefined, { body: 'kind=call', type: 'application/x-www-form-urlencoded' })).status).toBe(415);
  });
});

describe('rate limit', () => {
  it(`answers 429 after ${VISITS_PER_MINUTE} requests a minute from one address, and only to that address`, async () => {
    const flood = '198.51.100.77';
    const statuses = [];
    for (let i = 0; i < VISITS_PER_MINUTE; i += 1) statuses.push((await post('ip', { path: '/' }, { forwardedFor: flood })).status);
    expect(statuses.every((status) => status === 204)).toBe(true);
    const limited = await post('click', { path: '/', kind: 'call' }, { forwardedFor: flood });
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({ error: fillSlots(MESSAGES.api.tooManyRequests, { minutes: 1 }) });
    expect((await post('ip', { path: '/' }, { forwardedFor: '198.51.100.78' })).status).toBe(204);
    expect(db.prepare("SELECT count(*) AS n FROM visits WHERE ip = '198.51.100.0'").get()).toEqual({ n: VISITS_PER_MINUTE + 1 });
  });
});

describe('retention', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const now = new Date('2026-06-15T12:00:00.000Z');
  const ago = (days: number, extraMs = 0) => new Date(now.getTime() - days * DAY + extraMs).toISOString();

  function seeded(): Database.Database {
    const store = openDatabase(join(mkdtempSync(join(root, 'retention-')), 'site.db'));
    const insert = store.prepare("INSERT INTO visits (created_at, kind, path, ip) VALUES (?, 'ip', ?, '127.0.0.0')");
    for (const [createdAt, path] of [
      [ago(0), '/heute'],
      [ago(6), '/vor-6-tagen'],
      [ago(7, 1000), '/knapp-7-tage'],
      [ago(7, -1000), '/gerade-älter-als-7-tage'],
      [ago(30), '/vor-30-tagen'],
    ] as const) insert.run(createdAt, path);
    return store;
  }
  const paths = (store: Database.Database) => store.prepare('SELECT path FROM visits ORDER BY created_at DESC').all().map((row) => (row as { path: string }).path);

  it('deletes exactly the rows older than the retention', () => {
    const store = seeded();
    expect(deleteOldVisits(store, 7, now)).toBe(2);
    expect(paths(store)).toEqual(['/heute', '/vor-6-tagen', '/knapp-7-tage']);
    expect(deleteOldVisits(store, 7, now)).toBe(0);
    store.close();
  });

  it('the job runs the retention of the configuration at start and reports what it deleted', () => {
    const store = openDatabase(join(mkdtempSync(join(root, 'job-')), 'site.db'));
    const insert = store.prepare("INSERT INTO visits (created_at, kind, path, ip) VALUES (?, 'ip', ?, '127.0.0.0')");
    insert.run(new Date(Date.now() - 4 * DAY).toISOString(), '/alt');
    insert.run(new Date(Date.now() - 2 * DAY).toISOString(), '/neu');
    const lines: string[] = [];
    const stop = visitsJobs({
      db: store,
      config: { ...featuresFromEnv({}), visitRetentionDays: 3 },
      log: (line) => lines.push(line),
    });
    stop();
    expect(paths(store)).toEqual(['/neu']);
    expect(lines).toEqual(['Visit retention: deleted 1 rows older than 3 days.']);
    store.close();
  });
});

describe('npm run stats', () => {
  const run = promisify(execFile);
  const tsx = join(import.meta.dirname, '../../node_modules/.bin/tsx');
  const script = join(import.meta.dirname, '../../scripts/stats.ts');

  it("prints the server's page views and, from consented visitors, views, visits and the daily call and WhatsApp click totals per Berlin day and path", async () => {
    const file = join(mkdtempSync(join(root, 'stats-')), 'site.db');
    const store = openDatabase(file);
    const today = berlinDay(Date.now());
    const yesterday = daysBefore(today, 1);
    const counted = store.prepare('INSERT INTO page_counts (day, path, views) VALUES (?, ?, ?)');
    counted.run(today, '/preise', 40);
    counted.run(today, '/straße', 7);
    counted.run(yesterday, '/', 12);
    counted.run('2020-01-01', '/uralt', 3);
    const insert = store.prepare("INSERT INTO visits (created_at, kind, path, ip, click) VALUES (?, ?, ?, '127.0.0.0', ?)");
    // 10:00 UTC is late morning in Essen, the same calendar day.
    const at = (day: string) => `${day}T10:00:00.000Z`;
    for (let i = 0; i < 3; i += 1) insert.run(at(today), 'ip', '/preise', null);
    insert.run(at(today), 'visit', '/preise', null);
    // A click row of the log is not counted again: its click is in click_counts.
    insert.run(at(today), 'click', '/preise', 'call');
    insert.run(at(yesterday), 'ip', '/', null);
    const clicked = store.prepare('INSERT INTO click_counts (day, path, kind, clicks) VALUES (?, ?, ?, ?)');
    clicked.run(today, '/preise', 'call', 2);
    clicked.run(today, '/preise', 'whatsapp', 1);
    clicked.run(yesterday, '/', 'whatsapp', 1);
    clicked.run('2020-01-01', '/uralt', 'call', 5);
    // 23:30 UTC the day before yesterday is already yesterday in Essen.
    insert.run(`${daysBefore(today, 2)}T23:30:00.000Z`, 'visit', '/', null);
    insert.run('2020-01-01T10:00:00.000Z', 'ip', '/uralt', null);
    store.prepare("INSERT INTO source_counts (day, source, views) VALUES (?, 'google', 30), (?, 'maps', 2), (?, 'google', 5)").run(today, today, yesterday);
    store.prepare("INSERT INTO device_counts (day, device, views) VALUES (?, 'phone', 41), (?, 'desktop', 6), ('2020-01-01', 'phone', 9)").run(today, today);
    store.close();

    const { stdout } = await run(tsx, [script, '--days', '2'], { env: { ...process.env, DATABASE_PATH: file } });
    expect(stdout).toContain('sources (Referer category; links within the site not counted): google 35, maps 2, search 0, social 0, other 0, direct 0');
    expect(stdout).toContain('devices: phone 41, desktop 6');
    const lines = stdout.split('\n').map((line) => line.trim().split(/\s{2,}/));
    expect(lines).toContainEqual(['day', 'path', 'page views', 'consented views', 'visits', 'calls', 'WhatsApp']);
    expect(lines).toContainEqual([today, '/preise', '40', '3', '1', '2', '1']);
    expect(lines).toContainEqual([today, '/straße', '7', '0', '0', '0', '0']);
    expect(lines).toContainEqual([yesterday, '/', '12', '1', '1', '0', '1']);
    expect(lines).toContainEqual(['total', '59', '4', '2', '2', '2']);
    expect(stdout).toContain('(days in Europe/Berlin)');
    expect(stdout).not.toContain('/uralt');

    const { stdout: todayOnly } = await run(tsx, [script, '--days', '1'], { env: { ...process.env, DATABASE_PATH: file } });
    expect(todayOnly).toContain('/preise');
    expect(todayOnly).not.toContain(yesterday);
  });

  it('shows a logged click after retention deleted its row of the visitor log', async () => {
    expect((await post('click', { path: '/kontakt', kind: 'call' })).status).toBe(204);
    expect((await post('click', { path: '/kontakt', kind: 'whatsapp' })).status).toBe(204);
    expect((await post('ip', { path: '/kontakt' })).status).toBe(204);
    const today = berlinDay(Date.now());
    // Eight days on, a retention of seven days has deleted every row of the log.
    expect(deleteOldVisits(db, 7, new Date(Date.now() + 8 * 24 * 60 * 60 * 1000))).toBe(3);
    expect(rows()).toEqual([]);
    expect(clickCounts()).toEqual([
      { day: today, path: '/kontakt', kind: 'call', clicks: 1 },
      { day: today, path: '/kontakt', kind: 'whatsapp', clicks: 1 },
    ]);

    const { stdout } = await run(tsx, [script, '--days', '1'], { env: { ...process.env, DATABASE_PATH: databasePath } });
    const lines = stdout.split('\n').map((line) => line.trim().split(/\s{2,}/));
    expect(lines).toContainEqual([today, '/kontakt', '0', '0', '0', '1', '1']);
  });

  it('--help says where each column comes from and how long it is kept', async () => {
    const { stdout } = await run(tsx, [script, '--help']);
    expect(stdout).toContain('counted by the server from the pages it answered');
    expect(stdout).toContain('only after "Alle akzeptieren"');
    expect(stdout).toMatch(/page_counts, kept 13 months/);
    expect(stdout).toMatch(/table visits\), kept VISIT_RETENTION_DAYS/);
    expect(stdout).toMatch(/clicks, not\s+calls/);
    expect(stdout).toMatch(/click_counts, no IP address\), kept 13 months/);
  });

  it('says what to do when the database does not exist', async () => {
    const missing = join(root, 'nowhere', 'site.db');
    await expect(run(tsx, [script], { env: { ...process.env, DATABASE_PATH: missing } })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`There is no database at ${missing}. Set DATABASE_PATH`),
    });
  });
});

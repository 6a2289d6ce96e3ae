// The server's own page views against the real server and a real SQLite file: which answers
// count, that only day, path and a number are stored, batching and shutdown, the Berlin day,
// retention (of the page counts and of the daily click totals beside them).
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAGE_COUNT_RETENTION_MONTHS } from '../../core/retention.ts';
import { berlinDay, monthsBefore } from '../../core/berlin-day.ts';
import { openDatabase, openConnection } from '../../server/store/database.ts';
import { startServer, type RunningServer } from '../../server/index.ts';
import { createPageCounter, deleteOldClickCounts, deleteOldPageCounts, pageCountsJobs } from '../../server/visits/counts.ts';
import { tempDir } from '../support/temp-dir.ts';
import { writeFixtureSite } from './fixtures/site.ts';

const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const REVIEWS_PAGE = '<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Bewertungen</title></head><body><h1>Bewertungen</h1></body></html>';

let root: string;
let distDir: string;
let server: RunningServer;
let db: Database.Database;

beforeAll(async () => {
  root = tempDir('page-counts-test-');
  distDir = join(root, 'dist');
  writeFixtureSite(distDir, { 'bewertungen/index.html': Buffer.from(REVIEWS_PAGE) });
  const databasePath = join(root, 'site.db');
  server = await startServer({
    distDir,
    port: 0,
    host: '127.0.0.1',
    databasePath,
    log: () => undefined,
    features: { jobs: false, pageCountFlushMs: 25 },
  });
  db = openConnection(databasePath);
});

afterAll(async () => {
  db?.close();
  await server?.close();
});

beforeEach(() => {
  db.exec('DELETE FROM page_counts; DELETE FROM source_counts; DELETE FROM device_counts');
});

interface Request {
  method?: string;
  userAgent?: string | null;
  headers?: Record<string, string>;
}

/**
 * A visitor address of its own /24 per call: the server counts a page once a minute per shortened
 * address (server/visits/recent-views.ts), and the tests here count distinct visitors unless they
 * send one address on purpose. The server believes X-Forwarded-For from loopback, as behind nginx.
 */
let visitors = 0;
const nextVisitor = () => {
  visitors += 1;
  return `10.${(visitors >> 8) & 255}.${visitors & 255}.7`;
};

async function request(path: string, { method = 'GET', userAgent = BROWSER, headers = {} }: Request = {}): Promise<Response> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    redirect: 'manual',
    // Node's fetch sends "node" unless told otherwise; an empty value stands for no header.
    headers: { 'User-Agent': userAgent ?? '', 'X-Forwarded-For': nextVisitor(), ...headers },
  });
  await res.arrayBuffer();
  return res;
}

type Counts = Record<string, number>;

function stored(): Counts {
  const rows = db.prepare('SELECT day, path, views FROM page_counts ORDER BY path').all() as { day: string; path: string; views: number }[];
  return Object.fromEntries(rows.map((row) => [`${row.day} ${row.path}`, row.views]));
}

/** The counts once the server wrote them: waits until `marker` (a path requested last) is stored. */
async function storedAfter(marker: string): Promise<Counts> {
  for (let i = 0; i < 200; i += 1) {
    if (Object.keys(stored()).some((key) => key.endsWith(` ${marker}`))) return stored();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`The count of ${marker} never reached the database.`);
}

const today = () => berlinDay(Date.now());

describe('counted', () => {
  it('every GET of a page answered 200, per path and Berlin day, in one row per path', async () => {
    for (let i = 0; i < 3; i += 1) expect((await request('/preise')).status).toBe(200);
    expect((await request('/preise?utm_source=flyer#top')).status).toBe(200);
    expect((await request('/stra%C3%9Fe')).status).toBe(200);
    expect((await request('/')).status).toBe(200);
    expect((await request('/bewertungen')).status).toBe(200);
    expect(await storedAfter('/bewertungen')).toEqual({
      [`${today()} /`]: 1,
      [`${today()} /bewertungen`]: 1,
      [`${today()} /preise`]: 4,
      [`${today()} /straße`]: 1,
    });
  });

  it('a 304 as well: the visitor sees the page again after its cache time', async () => {
    const etag = (await request('/impressum')).headers.get('etag')!;
    expect((await request('/impressum', { headers: { 'If-None-Match': etag } })).status).toBe(304);
    // A page asked for after both marks the end: a flush between the two requests stores the first alone.
    expect((await request('/stra%C3%9Fe')).status).toBe(200);
    expect(await storedAfter('/straße')).toEqual({ [`${today()} /impressum`]: 2, [`${today()} /straße`]: 1 });
  });

  it('adds to the stored total of the day in later batches', async () => {
    await request('/preise');
    await storedAfter('/preise');
    await request('/preise');
    await request('/');
    await storedAfter('/');
    expect(stored()).toMatchObject({ [`${today()} /preise`]: 2 });
  });
});

describe('not counted', () => {
  it('HEAD, bots, clients without a User-Agent, files that are not pages, redirects, 404 and POST', async () => {
    expect((await request('/preise', { method: 'HEAD' })).status).toBe(200);
    expect((await request('/bewertungen', { method: 'HEAD' })).status).toBe(200);
    expect((await request('/preise', { userAgent: GOOGLEBOT })).status).toBe(200);
    expect((await request('/preise', { userAgent: 'curl/8.5.0' })).status).toBe(200);
    expect((await request('/preise', { userAgent: null })).status).toBe(200);
    expect((await request('/preise', { userAgent: 'node' })).status).toBe(200);
    expect((await request('/assets/main.3f9a1c2e.css')).status).toBe(200);
    expect((await request('/sitemap.xml')).status).toBe(200);
    expect((await request('/404.html')).status).toBe(200);
    expect((await request('/preise/')).status).toBe(301);
    expect((await request('/gibt-es-nicht')).status).toBe(404);
    expect((await request('/preise', { method: 'POST' })).status).toBe(405);
    expect((await request('/api/log/ip', { method: 'POST' })).status).toBe(204);
    await request('/');
    expect(await storedAfter('/')).toEqual({ [`${today()} /`]: 1 });
  });
});

describe('once a minute per shortened address and page', () => {
  it('a reload or a loop from one address counts once; its /24 (IPv6: /48) is one address; another page or address counts', async () => {
    const one = { 'X-Forwarded-For': '203.0.113.7' };
    for (let i = 0; i < 5; i += 1) expect((await request('/preise', { headers: one })).status).toBe(200);
    await request('/preise', { headers: { 'X-Forwarded-For': '203.0.113.200' } });
    await request('/preise', { headers: { 'X-Forwarded-For': '203.0.114.7' } });
    await request('/impressum', { headers: one });
    for (const address of ['2001:db8:85a3:1::1', '2001:db8:85a3:2::9', '2001:db8:85a4::1']) await request('/', { headers: { 'X-Forwarded-For': address } });
    // A forwarded chain: the proxy on loopback names the client last; an address the client wrote first is not believed.
    await request('/impressum', { headers: { 'X-Forwarded-For': '198.51.100.1, 203.0.113.9' } });
    await request('/stra%C3%9Fe');
    expect(await storedAfter('/straße')).toEqual({
      [`${today()} /`]: 2,
      [`${today()} /impressum`]: 1,
      [`${today()} /preise`]: 2,
      [`${today()} /straße`]: 1,
    });
  });

  it('again in the next minute, and nothing of the address reaches the database', () => {
    const store = openDatabase(join(tempDir('page-counts-minute-'), 'site.db'));
    let clock = Date.parse('2026-03-10T12:00:00Z');
    const counter = createPageCounter(store, { flushEveryMs: 0, log: () => undefined, now: () => clock });
    const origin = { referer: undefined, mobileHint: undefined, ownHosts: new Set<string>(), address: '203.0.113.7' };
    counter.count('/preise', BROWSER, origin);
    clock += 59_000;
    counter.count('/preise', BROWSER, origin);
    clock += 1_000;
    counter.count('/preise', BROWSER, origin);
    counter.flush();
    expect(store.prepare('SELECT * FROM page_counts').all()).toEqual([{ day: '2026-03-10', path: '/preise', views: 2 }]);
    const everything = JSON.stringify(store.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all().map(({ name }: any) => store.prepare(`SELECT * FROM "${name}"`).all()));
    expect(everything).not.toContain('203.0.113');
    counter.close();
    store.close();
  });

  it('holds at most its limit of keys a minute, and counts beyond it rather than growing', () => {
    const store = openDatabase(join(tempDir('page-counts-limit-'), 'site.db'));
    const counter = createPageCounter(store, { flushEveryMs: 0, log: () => undefined, now: () => Date.parse('2026-03-10T12:00:00Z'), recentViewsLimit: 2 });
    const from = (address: string) => ({ referer: undefined, mobileHint: undefined, ownHosts: new Set<string>(), address });
    for (const address of ['10.0.1.1', '10.0.2.1', '10.0.3.1', '10.0.1.1', '10.0.3.1']) counter.count('/', BROWSER, from(address));
    counter.flush();
    // 10.0.1.1 again is known (once); 10.0.3.1 did not fit, so both of its views count.
    expect(store.prepare('SELECT views FROM page_counts').get()).toEqual({ views: 4 });
    counter.close();
    store.close();
  });
});

describe('what is stored', () => {
  it('only the day, the path and a number: no address, no user agent, no time of day', async () => {
    await request('/preise', { headers: { 'X-Forwarded-For': '192.0.2.7' } });
    await storedAfter('/preise');
    const columns = (db.pragma('table_info(page_counts)') as { name: string }[]).map((column) => column.name);
    expect(columns).toEqual(['day', 'path', 'views']);
    const row = db.prepare('SELECT * FROM page_counts').get() as Record<string, unknown>;
    expect(row).toEqual({ day: today(), path: '/preise', views: 1 });
    expect(row.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('the counts still in memory reach the database when the server stops', async () => {
    const databasePath = join(root, 'shutdown.db');
    const stopping = await startServer({
      distDir,
      port: 0,
      host: '127.0.0.1',
      databasePath,
      log: () => undefined,
      features: { jobs: false, pageCountFlushMs: 3_600_000 },
    });
    for (const path of ['/', '/preise', '/preise']) {
      await fetch(`${stopping.url}${path}`, { headers: { 'User-Agent': BROWSER, 'X-Forwarded-For': nextVisitor() } }).then((res) => res.arrayBuffer());
    }
    const before = openConnection(databasePath, { readonly: true });
    expect(before.prepare('SELECT count(*) AS n FROM page_counts').get()).toEqual({ n: 0 });
    before.close();
    await stopping.close();
    const after = openConnection(databasePath, { readonly: true });
    expect(after.prepare('SELECT path, views FROM page_counts ORDER BY path').all()).toEqual([
      { path: '/', views: 1 },
      { path: '/preise', views: 2 },
    ]);
    after.close();
  });
});

describe('where views came from, and on what device', () => {
  const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
  const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  const byKey = (table: string, key: string) =>
    Object.fromEntries((db.prepare(`SELECT day, ${key} AS key, views FROM ${table}`).all() as { day: string; key: string; views: number }[]).map((row) => [`${row.day} ${row.key}`, row.views]));

  it('counts the Referer by its category per Berlin day, leaves out our own pages, and stores no URL', async () => {
    const referers = [
      'https://www.google.de/',
      'https://www.google.de/url?q=schluesseldienst',
      'https://www.google.com/maps/place/Essen',
      'android-app://com.google.android.gm',
      'https://www.bing.com/',
      'https://l.instagram.com/?u=x',
      'https://www.gelbeseiten.de/schluesseldienst/essen',
      `${server.url}/kontakt`,
      'kein gültiger Referer',
    ];
    for (const referer of referers) await request('/preise', { headers: { Referer: referer } });
    await request('/stra%C3%9Fe');
    await storedAfter('/straße');
    const day = today();
    expect(byKey('source_counts', 'source')).toEqual({ [`${day} google`]: 2, [`${day} maps`]: 1, [`${day} other`]: 2, [`${day} search`]: 1, [`${day} social`]: 1, [`${day} direct`]: 2 });
    expect((db.pragma('table_info(source_counts)') as { name: string }[]).map((column) => column.name)).toEqual(['day', 'source', 'views']);
  });

  it('counts phones by Sec-CH-UA-Mobile or the Mobi token, the rest as desktop; bots not at all', async () => {
    await request('/', { userAgent: IPHONE });
    await request('/', { userAgent: BROWSER });
    await request('/', { userAgent: DESKTOP, headers: { 'Sec-CH-UA-Mobile': '?1' } });
    await request('/', { userAgent: DESKTOP });
    await request('/', { userAgent: BROWSER, headers: { 'Sec-CH-UA-Mobile': '?0' } });
    await request('/', { userAgent: GOOGLEBOT, headers: { Referer: 'https://www.google.de/' } });
    await request('/stra%C3%9Fe', { userAgent: DESKTOP });
    await storedAfter('/straße');
    expect(byKey('device_counts', 'device')).toEqual({ [`${today()} phone`]: 3, [`${today()} desktop`]: 3 });
    expect(byKey('source_counts', 'source')).toEqual({ [`${today()} direct`]: 6 });
  });
});

describe('the Berlin day', () => {
  it.each([
    ['winter (UTC+1)', '2026-01-15T22:59:59.999Z', '2026-01-15T23:00:00.000Z', '2026-01-15', '2026-01-16'],
    ['summer (UTC+2)', '2026-07-15T21:59:59.999Z', '2026-07-15T22:00:00.000Z', '2026-07-15', '2026-07-16'],
    ['new year', '2026-12-31T22:59:59.999Z', '2026-12-31T23:00:00.000Z', '2026-12-31', '2027-01-01'],
  ])('a view just before and one at midnight in %s land on two days', (_case, before, midnight, dayBefore, dayAfter) => {
    const store = openDatabase(join(tempDir('page-counts-day-'), 'site.db'));
    let clock = Date.parse(before);
    const counter = createPageCounter(store, { flushEveryMs: 0, log: () => undefined, now: () => clock });
    counter.count('/preise', BROWSER);
    counter.count('/preise', BROWSER);
    clock = Date.parse(midnight);
    counter.count('/preise', BROWSER);
    expect(counter.flush()).toBe(2);
    expect(store.prepare('SELECT day, views FROM page_counts ORDER BY day').all()).toEqual([
      { day: dayBefore, views: 2 },
      { day: dayAfter, views: 1 },
    ]);
    counter.close();
    store.close();
  });

  it('keeps a batch that could not be written for the next flush', () => {
    const store = openDatabase(join(tempDir('page-counts-fail-'), 'site.db'));
    const lines: string[] = [];
    const counter = createPageCounter(store, { flushEveryMs: 0, log: (line) => lines.push(line), now: () => Date.parse('2026-03-10T12:00:00Z') });
    counter.count('/', BROWSER);
    store.exec('ALTER TABLE page_counts RENAME TO page_counts_away');
    expect(counter.flush()).toBe(0);
    expect(lines).toEqual([expect.stringMatching(/^Page counts: writing 1 rows failed: .*They stay in memory for the next try\.$/)]);
    counter.count('/', BROWSER);
    store.exec('ALTER TABLE page_counts_away RENAME TO page_counts');
    expect(counter.flush()).toBe(1);
    expect(store.prepare('SELECT day, path, views FROM page_counts').all()).toEqual([{ day: '2026-03-10', path: '/', views: 2 }]);
    store.close();
  });
});

describe(`retention (${PAGE_COUNT_RETENTION_MONTHS} months)`, () => {
  const SEEDED_DAYS = ['2026-06-15', '2025-06-15', '2025-05-15', '2025-05-14', '2024-01-01'];
  function seeded(): Database.Database {
    const store = openDatabase(join(tempDir('page-counts-retention-'), 'site.db'));
    const views = store.prepare('INSERT INTO page_counts (day, path, views) VALUES (?, ?, 1)');
    const clicks = store.prepare("INSERT INTO click_counts (day, path, kind, clicks) VALUES (?, ?, 'call', 1)");
    for (const day of SEEDED_DAYS) {
      views.run(day, '/preise');
      clicks.run(day, '/preise');
    }
    return store;
  }
  const days = (store: Database.Database) => store.prepare('SELECT day FROM page_counts ORDER BY day DESC').all().map((row) => (row as { day: string }).day);
  const clickDays = (store: Database.Database) => store.prepare('SELECT day FROM click_counts ORDER BY day DESC').all().map((row) => (row as { day: string }).day);

  it('deletes the days before the same date 13 months ago, by the Berlin date', () => {
    for (const now of ['2026-06-15T12:00:00Z', '2026-06-14T22:30:00Z']) {
      // 22:30 UTC on the 14th is already 00:30 on the 15th in Essen.
      const store = seeded();
      expect(deleteOldPageCounts(store, new Date(now))).toBe(2);
      expect(days(store)).toEqual(['2026-06-15', '2025-06-15', '2025-05-15']);
      expect(deleteOldPageCounts(store, new Date(now))).toBe(0);
      store.close();
    }
    const store = seeded();
    // Still the 14th in Essen: the 14th of May 2025 is kept one more day.
    expect(deleteOldPageCounts(store, new Date('2026-06-14T21:30:00Z'))).toBe(1);
    expect(days(store)).toContain('2025-05-14');
    store.close();
  });

  it('deletes the daily click totals by the same cutoff, and only them', () => {
    const store = seeded();
    expect(deleteOldClickCounts(store, new Date('2026-06-14T22:30:00Z'))).toBe(2);
    expect(clickDays(store)).toEqual(['2026-06-15', '2025-06-15', '2025-05-15']);
    expect(days(store)).toEqual(SEEDED_DAYS);
    expect(deleteOldClickCounts(store, new Date('2026-06-14T22:30:00Z'))).toBe(0);
    store.close();
    const earlier = seeded();
    expect(deleteOldClickCounts(earlier, new Date('2026-06-14T21:30:00Z'))).toBe(1);
    expect(clickDays(earlier)).toContain('2025-05-14');
    earlier.close();
  });

  it('the daily job runs once at start, ages out both daily totals and reports what it deleted', () => {
    const store = seeded();
    const lines: string[] = [];
    const stop = pageCountsJobs({ db: store, log: (line) => lines.push(line) });
    stop();
    const cutoff = monthsBefore(berlinDay(Date.now()), PAGE_COUNT_RETENTION_MONTHS);
    const kept = SEEDED_DAYS.filter((day) => day >= cutoff);
    const deleted = SEEDED_DAYS.length - kept.length;
    expect(days(store)).toEqual(kept);
    expect(clickDays(store)).toEqual(kept);
    expect(lines).toEqual([`Daily totals retention: deleted ${deleted} page count rows and ${deleted} click count rows older than 13 months.`]);
    store.close();
  });

  it('the job says nothing when nothing is old enough', () => {
    const store = openDatabase(join(tempDir('page-counts-retention-'), 'site.db'));
    store.prepare("INSERT INTO click_counts (day, path, kind, clicks) VALUES (?, '/', 'whatsapp', 1)").run(berlinDay(Date.now()));
    const lines: string[] = [];
    pageCountsJobs({ db: store, log: (line) => lines.push(line) })();
    expect(lines).toEqual([]);
    expect(clickDays(store)).toEqual([berlinDay(Date.now())]);
    store.close();
  });
});

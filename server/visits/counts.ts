// Page views counted by the server itself from the pages it answers: per Berlin day and path,
// per Berlin day and source (the category of the Referer, core/visit-source.ts; a link of our own
// site is navigation and not a source) and per Berlin day and device (phone or desktop), nothing
// else. No address, no URL of another site, no user agent and nothing read from or stored on the
// visitor's device, so § 25 TDDDG does not apply and no consent is needed (the browser sends
// nothing to /api/log before 'Alle akzeptieren'). A GET answered 200 or 304 is a view; HEAD, other
// statuses and clients that name themselves programs are not, nor a second view of the same page
// from the same shortened address within a minute (server/visits/recent-views.ts, memory only).
//
// The request path only tests the User-Agent and increments a Map entry; the totals go to SQLite
// in one transaction every flush interval and at graceful shutdown. A crash (kill -9, power cut)
// loses the counts of at most one interval. Only paths of the static table (and the pages the
// app completes, /bewertungen) are counted, so the Map holds at most one entry per built page
// and day, whatever URLs a client makes up. Measured on a 2-core machine: count() takes about
// 0.4 µs (0.3 µs of it the regex) against some 25 µs per page request at 40,000 requests/s;
// wrk with a browser User-Agent showed no difference to the server without counting beyond
// the run-to-run noise. The source and device add two Map increments and, for a request with a
// Referer, one regular expression (core/visit-source.ts): about 0.7 µs more per count, measured
// back to back with the previous counter on the same 2-core machine under other load (both
// between 0.6 and 2.6 µs there), against 1 to 7 µs with `new URL`.
// The minute's deduplication (reading the forwarded address, shortening it, one Set lookup) adds
// about 3 µs per counted view, measured with 1,000 addresses behind loopback at load 7.
//
// Its daily retention job also ages out click_counts, the consented click totals server/visits/routes.ts
// writes: both daily totals are kept PAGE_COUNT_RETENTION_MONTHS, as the privacy policy says.
import type { Statement } from 'better-sqlite3';
import cron from 'node-cron';
import { PAGE_COUNT_RETENTION_MONTHS } from '../../core/retention.ts';
import { berlinDay, monthsBefore, nextBerlinMidnight } from '../../core/berlin-day.ts';
import { deviceOf, visitSource } from '../../core/visit-source.ts';
import { createRecentViews } from './recent-views.ts';
import type { ApiContext, StopJobs } from '../context.ts';
import type { Db } from '../store/database.ts';
import type { Log } from '../context.ts';

/**
 * User agents of crawlers, link previews, monitors and HTTP libraries. Not a complete list: it
 * keeps the obvious ones out of the totals. A request without a User-Agent is not counted either.
 */
export const BOT_USER_AGENT =
  /bot|crawl|spider|slurp|archiver|preview|facebookexternalhit|^whatsapp\/|lighthouse|headless|phantomjs|monitor|uptime|curl|wget|python|java\/|go-http|okhttp|http-?client|libwww|scrapy|axios|node-fetch|undici|^node$/i;

const RETENTION_CRON = '29 3 * * *';

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT_USER_AGENT.test(userAgent);
}

/** What a view's request says about where it came from (its headers) and which hosts are our own. */
export interface ViewOrigin {
  /** The Referer header. */
  referer: string | undefined;
  /** The Sec-CH-UA-Mobile header. */
  mobileHint: string | undefined;
  /** "host" and "host:port" of our own pages: a Referer naming one is navigation, not a source. */
  ownHosts: ReadonlySet<string>;
  /**
   * The client's address as Express reads it behind a proxy on this machine (req.ip): a view of
   * the same page from the same shortened address within one minute counts once
   * (server/visits/recent-views.ts). Never stored.
   */
  address: string | undefined;
}

export interface PageCounter {
  /**
   * One view of a page answered 200 or 304 to a GET; the caller checked both. Without `origin`
   * (a script, a test) only the page and the device are counted, each call.
   */
  count(path: string, userAgent: string | undefined, origin?: ViewOrigin): void;
  /** Writes the counts held in memory; returns how many (day, path) rows it touched. */
  flush(): number;
  /** Stops the timer and writes what is left (graceful shutdown, before the database closes). */
  close(): void;
}

export interface PageCounterOptions {
  /** How often the counts go to the database; 0 leaves it to flush() and close(). */
  flushEveryMs: number;
  log: Log;
  /** The clock (tests). */
  now?: () => number;
  /** Keys the minute's deduplication holds at most (server/visits/recent-views.ts; tests). */
  recentViewsLimit?: number;
}

/** The tables the counter adds to, each by Berlin day and one key. */
const TABLES = {
  pages: 'INSERT INTO page_counts (day, path, views) VALUES (?, ?, ?) ON CONFLICT (day, path) DO UPDATE SET views = views + excluded.views',
  sources: 'INSERT INTO source_counts (day, source, views) VALUES (?, ?, ?) ON CONFLICT (day, source) DO UPDATE SET views = views + excluded.views',
  devices: 'INSERT INTO device_counts (day, device, views) VALUES (?, ?, ?) ON CONFLICT (day, device) DO UPDATE SET views = views + excluded.views',
} as const;
type Table = keyof typeof TABLES;
const TABLE_NAMES = Object.keys(TABLES) as Table[];

/** Counts per table, Berlin day and key, held until the next flush. */
type Pending = Record<Table, Map<string, Map<string, number>>>;
const emptyPending = (): Pending => ({ pages: new Map(), sources: new Map(), devices: new Map() });

function add(pending: Pending, table: Table, day: string, key: string, views: number): void {
  let counts = pending[table].get(day);
  if (counts === undefined) pending[table].set(day, (counts = new Map()));
  counts.set(key, (counts.get(key) ?? 0) + views);
}

export function createPageCounter(db: Db, options: PageCounterOptions): PageCounter {
  const now = options.now ?? Date.now;
  const upserts = Object.fromEntries(TABLE_NAMES.map((table) => [table, db.prepare<[string, string, number]>(TABLES[table])])) as Record<Table, Statement<[string, string, number]>>;
  const write = db.transaction((batch: Pending) => {
    for (const table of TABLE_NAMES) for (const [day, keys] of batch[table]) for (const [key, views] of keys) upserts[table].run(day, key, views);
  });

  const recent = createRecentViews(options.recentViewsLimit);
  let pending = emptyPending();
  // The current day is worked out once per day, not per request.
  let today = '';
  let todayEndsAt = 0;

  let timer: NodeJS.Timeout | undefined;
  const counter: PageCounter = {
    count(path, userAgent, origin) {
      if (isBot(userAgent)) return;
      const at = now();
      if (origin?.address !== undefined && !recent.firstInMinute(origin.address, path, at)) return;
      if (at >= todayEndsAt) {
        today = berlinDay(at);
        todayEndsAt = nextBerlinMidnight(at);
      }
      add(pending, 'pages', today, path, 1);
      add(pending, 'devices', today, deviceOf(origin?.mobileHint, userAgent), 1);
      const source = origin && visitSource(origin.referer, origin.ownHosts);
      if (source) add(pending, 'sources', today, source, 1);
    },
    flush() {
      if (TABLE_NAMES.every((table) => pending[table].size === 0)) return 0;
      const batch = pending;
      pending = emptyPending();
      let rows = 0;
      for (const paths of batch.pages.values()) rows += paths.size;
      try {
        write(batch);
        return rows;
      } catch (error) {
        // Kept for the next flush: a locked or full disk should not cost the counts.
        for (const table of TABLE_NAMES) for (const [day, keys] of batch[table]) for (const [key, views] of keys) add(pending, table, day, key, views);
        options.log(`Page counts: writing ${rows} rows failed: ${(error as Error).message}. They stay in memory for the next try.`);
        return 0;
      }
    },
    close() {
      clearInterval(timer);
      timer = undefined;
      counter.flush();
    },
  };
  if (options.flushEveryMs > 0) {
    timer = setInterval(() => counter.flush(), options.flushEveryMs);
    // The timer alone must not keep a process alive (scripts, tests); shutdown flushes anyway.
    timer.unref();
  }
  return counter;
}

/** The first Berlin day the daily totals keep: the same date PAGE_COUNT_RETENTION_MONTHS months ago. */
function retentionCutoff(now: Date): string {
  return monthsBefore(berlinDay(now.getTime()), PAGE_COUNT_RETENTION_MONTHS);
}

/** Rows of `tables` before the Berlin day `cutoff`, deleted; returns how many went. */
function deleteBefore(db: Db, tables: readonly string[], cutoff: string): number {
  return tables.reduce((deleted, table) => deleted + db.prepare(`DELETE FROM ${table} WHERE day < ?`).run(cutoff).changes, 0);
}

/**
 * Deletes the days older than PAGE_COUNT_RETENTION_MONTHS (Berlin days) of the page counts and of
 * their sources and devices; returns how many rows went.
 */
export function deleteOldPageCounts(db: Db, now: Date = new Date()): number {
  return deleteBefore(db, ['page_counts', 'source_counts', 'device_counts'], retentionCutoff(now));
}

/**
 * The same for the click totals per day and per hour (click_counts, click_hours, written by
 * server/visits/log.ts): the privacy policy keeps them like the page counts, which they are read beside.
 */
export function deleteOldClickCounts(db: Db, now: Date = new Date()): number {
  return deleteBefore(db, ['click_counts', 'click_hours'], retentionCutoff(now));
}

export function pageCountsJobs(context: Pick<ApiContext, 'db' | 'log'>): StopJobs {
  const run = () => {
    try {
      const now = new Date();
      const pages = deleteOldPageCounts(context.db, now);
      const clicks = deleteOldClickCounts(context.db, now);
      if (pages + clicks > 0) {
        context.log(`Daily totals retention: deleted ${pages} page count rows and ${clicks} click count rows older than ${PAGE_COUNT_RETENTION_MONTHS} months.`);
      }
    } catch (error) {
      context.log(`Daily totals retention failed: ${(error as Error).message}. The next daily run (${RETENTION_CRON}) tries again.`);
    }
  };
  // Also once at start, so rows past retention do not outlive a server that was down at 03:29.
  run();
  const task = cron.schedule(RETENTION_CRON, run, { name: 'page-count-retention', noOverlap: true });
  return () => void task.stop();
}

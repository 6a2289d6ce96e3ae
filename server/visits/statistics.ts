// The visitor statistics, read-only, for `npm run stats` and the owner's console: one reading of
// the tables, so both show the same numbers. Days are Berlin days ("YYYY-MM-DD") throughout.
//
// Where each figure comes from and how long it goes back:
// - page views: page_counts, the server's own totals per day and path (server/visits/counts.ts),
//   13 months;
// - consented views and visits: the rows of the visitor log (visits, server/visits/routes.ts), only after
//   "Alle akzeptieren", VISIT_RETENTION_DAYS;
// - call and WhatsApp clicks: click_counts, the daily totals per path that the visitor log adds to
//   with every click (only after "Alle akzeptieren"), 13 months like the page views. They count
//   clicks on the links, not calls that took place.
import { berlinDay, daysBefore } from '../../core/berlin-day.ts';
import type { Db } from '../store/database.ts';

/** The prefix of the place pages, /schluesseldienst/{slug} (towns and districts). */
export const PLACE_PAGE_PREFIX = '/schluesseldienst/';

export interface ClickTotals {
  /** Clicks on a call link (tel:), not calls. */
  calls: number;
  /** Clicks on a WhatsApp link. */
  whatsapp: number;
}

/** One line of `npm run stats`: a Berlin day and a path. */
export interface DayPathCounts extends ClickTotals {
  day: string;
  path: string;
  /** Counted by the server (page_counts). */
  views: number;
  /** Page views the browser logged after consent (visits, kind 'ip'). */
  consented: number;
  /** Visits with screen, time zone and session the browser logged after consent (visits, kind 'visit'). */
  visits: number;
}

export interface DayTotals extends ClickTotals {
  day: string;
  views: number;
}

export interface PageTotals extends ClickTotals {
  path: string;
  views: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function checkDay(name: string, day: string): void {
  if (!DAY.test(day)) throw new Error(`${name} must be a Berlin day written "YYYY-MM-DD", but it is "${day}".`);
}

function checkCount(name: string, count: number): void {
  if (!Number.isInteger(count) || count < 1) throw new Error(`${name} must be a whole number of at least 1, but it is ${count}.`);
}

/**
 * Per Berlin day and path from `since` on: page views, consented views, visits, call and
 * WhatsApp clicks. Newest day first, then by page views, consented views and path.
 */
export function countsByDayAndPath(db: Db, { since }: { since: string }): DayPathCounts[] {
  checkDay('since', since);
  const rows = new Map<string, DayPathCounts>();
  const row = (day: string, path: string): DayPathCounts => {
    const key = `${day} ${path}`;
    let found = rows.get(key);
    if (!found) rows.set(key, (found = { day, path, views: 0, consented: 0, visits: 0, calls: 0, whatsapp: 0 }));
    return found;
  };

  const counted = db.prepare('SELECT day, path, views FROM page_counts WHERE day >= ?').all(since) as { day: string; path: string; views: number }[];
  for (const { day, path, views } of counted) row(day, path).views += views;

  const clicked = db.prepare('SELECT day, path, kind, clicks FROM click_counts WHERE day >= ?').all(since) as { day: string; path: string; kind: 'call' | 'whatsapp'; clicks: number }[];
  for (const { day, path, kind, clicks } of clicked) row(day, path)[kind === 'call' ? 'calls' : 'whatsapp'] += clicks;

  // Berlin is at most two hours ahead of UTC; the exact day is worked out per row. The click rows
  // of the log are left out: click_counts holds them, for longer.
  const from = new Date(Date.parse(`${since}T00:00:00Z`) - 2 * 60 * 60 * 1000).toISOString();
  const logged = db.prepare("SELECT created_at, kind, path FROM visits WHERE created_at >= ? AND kind IN ('ip', 'visit')").all(from) as {
    created_at: string;
    kind: 'ip' | 'visit';
    path: string;
  }[];
  for (const visit of logged) {
    const day = berlinDay(Date.parse(visit.created_at));
    if (day >= since) row(day, visit.path)[visit.kind === 'ip' ? 'consented' : 'visits'] += 1;
  }

  return [...rows.values()].sort((a, b) => b.day.localeCompare(a.day) || b.views - a.views || b.consented - a.consented || a.path.localeCompare(b.path));
}

/**
 * The totals of each of the `days` Berlin days ending with `today`, oldest first: every day is
 * there, with zeros where nothing was counted.
 */
export function dailyTotals(db: Db, { today, days }: { today: string; days: number }): DayTotals[] {
  checkDay('today', today);
  checkCount('days', days);
  const first = daysBefore(today, days - 1);
  const totals = new Map<string, DayTotals>();
  for (let back = days - 1; back >= 0; back -= 1) {
    const day = daysBefore(today, back);
    totals.set(day, { day, views: 0, calls: 0, whatsapp: 0 });
  }
  const views = db.prepare('SELECT day, SUM(views) AS views FROM page_counts WHERE day BETWEEN ? AND ? GROUP BY day').all(first, today) as { day: string; views: number }[];
  for (const row of views) totals.get(row.day)!.views = row.views;
  const clicks = db
    .prepare(
      `SELECT day, SUM(CASE kind WHEN 'call' THEN clicks ELSE 0 END) AS calls, SUM(CASE kind WHEN 'whatsapp' THEN clicks ELSE 0 END) AS whatsapp
       FROM click_counts WHERE day BETWEEN ? AND ? GROUP BY day`,
    )
    .all(first, today) as { day: string; calls: number; whatsapp: number }[];
  for (const row of clicks) Object.assign(totals.get(row.day)!, { calls: row.calls, whatsapp: row.whatsapp });
  return [...totals.values()];
}

// A path with clicks but no counted view is listed too (after the viewed ones): the fallback page
// of an unknown place is not counted (README, page views), but its buttons work.
const pageTotalsSql = (where: string) => `
  WITH viewed AS (SELECT path, SUM(views) AS views FROM page_counts WHERE day >= @since AND ${where} GROUP BY path),
  clicked AS (
    SELECT path, SUM(CASE kind WHEN 'call' THEN clicks ELSE 0 END) AS calls, SUM(CASE kind WHEN 'whatsapp' THEN clicks ELSE 0 END) AS whatsapp
    FROM click_counts WHERE day >= @since AND ${where} GROUP BY path
  ),
  paths AS (SELECT path FROM viewed UNION SELECT path FROM clicked)
  SELECT paths.path AS path, COALESCE(viewed.views, 0) AS views, COALESCE(clicked.calls, 0) AS calls, COALESCE(clicked.whatsapp, 0) AS whatsapp
  FROM paths LEFT JOIN viewed ON viewed.path = paths.path LEFT JOIN clicked ON clicked.path = paths.path
  ORDER BY views DESC, calls + whatsapp DESC, path
  LIMIT @limit`;

const ALL_PAGES = pageTotalsSql('1');
// /schluesseldienst/{slug}: one segment after the prefix, nothing else.
const PLACE_PAGES = pageTotalsSql(
  `substr(path, 1, ${PLACE_PAGE_PREFIX.length}) = '${PLACE_PAGE_PREFIX}' AND length(path) > ${PLACE_PAGE_PREFIX.length} AND instr(substr(path, ${PLACE_PAGE_PREFIX.length + 1}), '/') = 0`,
);

function pageTotals(db: Db, sql: string, since: string, limit: number): PageTotals[] {
  checkDay('since', since);
  checkCount('limit', limit);
  return db.prepare(sql).all({ since, limit }) as PageTotals[];
}

/** The `limit` paths with the most page views from the Berlin day `since` on, with their clicks. */
export function topPages(db: Db, { since, limit }: { since: string; limit: number }): PageTotals[] {
  return pageTotals(db, ALL_PAGES, since, limit);
}

/** The same for the place pages only (/schluesseldienst/{slug}: towns and districts). */
export function topPlacePages(db: Db, { since, limit }: { since: string; limit: number }): PageTotals[] {
  return pageTotals(db, PLACE_PAGES, since, limit);
}

// The console's figures for a period of Berlin days and the one of the same length before it
// (server/owner/statistics.ts): page views, clicks, contact messages, sources and devices as totals,
// contact messages per day, and the clicks by weekday and hour. Read-only, from the tables
// server/visits/counts.ts, log.ts and server/contact/ write.
import { berlinDay, daysBefore, weekdayOf } from '../../core/berlin-day.ts';
import { DEVICES, VISIT_SOURCES, type Device, type VisitSource } from '../../core/visit-source.ts';
import type { Db } from '../store/database.ts';
import { NOT_SPAM } from '../owner/messages.ts';

/** From `first` to `last`, both Berlin days ("YYYY-MM-DD") and included. */
export interface Period {
  first: string;
  last: string;
}

export interface PeriodTotals {
  views: number;
  calls: number;
  whatsapp: number;
  /** Contact messages received (those deleted since are not counted). */
  messages: number;
  sources: Record<VisitSource, number>;
  devices: Record<Device, number>;
}

/** The `days` Berlin days ending with `today`, and the `days` before them. */
export function periodsOf(today: string, days: number): { current: Period; previous: Period } {
  return {
    current: { first: daysBefore(today, days - 1), last: today },
    previous: { first: daysBefore(today, 2 * days - 1), last: daysBefore(today, days) },
  };
}

const sum = (db: Db, sql: string, period: Period): number => (db.prepare(sql).get(period.first, period.last) as { n: number | null }).n ?? 0;

const totalsBy = <K extends string>(db: Db, sql: string, period: Period, keys: readonly K[]): Record<K, number> => {
  const totals = Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
  for (const row of db.prepare(sql).all(period.first, period.last) as { key: K; n: number }[]) totals[row.key] = row.n;
  return totals;
};

/** The ISO instants a period's Berlin days lie within, with two hours' margin (Berlin is UTC+1 or +2). */
function instantsAround(period: Period): [string, string] {
  const from = new Date(Date.parse(`${period.first}T00:00:00Z`) - 2 * 3_600_000).toISOString();
  const to = new Date(Date.parse(`${period.last}T00:00:00Z`) + 26 * 3_600_000).toISOString();
  return [from, to];
}

/** The Berlin day of every contact message received within the period. */
function messageDays(db: Db, period: Period): string[] {
  const rows = db.prepare(`SELECT created_at FROM contact_messages WHERE created_at >= ? AND created_at < ? AND ${NOT_SPAM}`).all(...instantsAround(period)) as { created_at: string }[];
  return rows.map((row) => berlinDay(Date.parse(row.created_at))).filter((day) => day >= period.first && day <= period.last);
}

export function periodTotals(db: Db, period: Period): PeriodTotals {
  const clicks = totalsBy(db, 'SELECT kind AS key, SUM(clicks) AS n FROM click_counts WHERE day BETWEEN ? AND ? GROUP BY kind', period, ['call', 'whatsapp'] as const);
  return {
    views: sum(db, 'SELECT SUM(views) AS n FROM page_counts WHERE day BETWEEN ? AND ?', period),
    calls: clicks.call,
    whatsapp: clicks.whatsapp,
    messages: messageDays(db, period).length,
    sources: totalsBy(db, 'SELECT source AS key, SUM(views) AS n FROM source_counts WHERE day BETWEEN ? AND ? GROUP BY source', period, VISIT_SOURCES),
    devices: totalsBy(db, 'SELECT device AS key, SUM(views) AS n FROM device_counts WHERE day BETWEEN ? AND ? GROUP BY device', period, DEVICES),
  };
}

/** Contact messages per Berlin day of the period, by day. */
export function messagesPerDay(db: Db, period: Period): Map<string, number> {
  const perDay = new Map<string, number>();
  for (const day of messageDays(db, period)) perDay.set(day, (perDay.get(day) ?? 0) + 1);
  return perDay;
}

/** Clicks on call and WhatsApp links by weekday (0 Monday … 6 Sunday) and Berlin hour (0–23). */
export function clicksByWeekdayAndHour(db: Db, period: Period): number[][] {
  const table = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  const rows = db.prepare('SELECT day, hour, SUM(clicks) AS n FROM click_hours WHERE day BETWEEN ? AND ? GROUP BY day, hour').all(period.first, period.last) as { day: string; hour: number; n: number }[];
  for (const row of rows) table[weekdayOf(row.day)]![row.hour]! += row.n;
  return table;
}

/** The page views of each of `paths` within the period (for the previous period's column). */
export function viewsOfPaths(db: Db, period: Period, paths: readonly string[]): Map<string, number> {
  const views = new Map<string, number>();
  const query = db.prepare('SELECT SUM(views) AS n FROM page_counts WHERE day BETWEEN ? AND ? AND path = ?');
  for (const path of paths) views.set(path, (query.get(period.first, period.last, path) as { n: number | null }).n ?? 0);
  return views;
}

// The visitor log's table: the rows the routes of server/visits/routes.ts write (each with the
// truncated address only), the daily click totals written beside them, and the daily job that
// forgets rows past VISIT_RETENTION_DAYS.
import cron from 'node-cron';
import { berlinDay, berlinHour } from '../../core/berlin-day.ts';
import type { ApiContext, StopJobs } from '../context.ts';
import type { Db } from '../store/database.ts';

const RETENTION_CRON = '23 3 * * *';
const DAY_MS = 24 * 60 * 60 * 1000;

/** One row of the visitor log as a route hands it over; the address is already shortened. */
export interface LoggedRow {
  kind: 'ip' | 'visit' | 'click';
  path: string;
  ip: string;
  sessionId?: string;
  screen?: string;
  timezone?: string;
  click?: 'call' | 'whatsapp';
}

/**
 * The writer of the visitor log. A click also adds one to the total of its Berlin day, path and
 * kind in click_counts, and to that of its Berlin day, hour and kind in click_hours (the console's
 * weekday × hour table), in the same transaction: the totals carry no address and are kept as long
 * as the page counts (13 months), after the row itself is gone (server/visits/statistics.ts reads them).
 */
export function visitLog(db: Db): (row: LoggedRow, at: Date) => void {
  const insert = db.prepare(
    `INSERT INTO visits (created_at, kind, path, ip, session_id, screen, timezone, click)
     VALUES (@createdAt, @kind, @path, @ip, @sessionId, @screen, @timezone, @click)`,
  );
  const countClick = db.prepare(
    `INSERT INTO click_counts (day, path, kind, clicks) VALUES (?, ?, ?, 1)
     ON CONFLICT (day, path, kind) DO UPDATE SET clicks = clicks + 1`,
  );
  const countHour = db.prepare(
    `INSERT INTO click_hours (day, hour, kind, clicks) VALUES (?, ?, ?, 1)
     ON CONFLICT (day, hour, kind) DO UPDATE SET clicks = clicks + 1`,
  );
  const write = db.transaction((row: LoggedRow, at: Date) => {
    insert.run({ sessionId: null, screen: null, timezone: null, click: null, ...row, createdAt: at.toISOString() });
    if (row.kind !== 'click' || !row.click) return;
    const day = berlinDay(at.getTime());
    countClick.run(day, row.path, row.click);
    countHour.run(day, berlinHour(at.getTime()), row.click);
  });
  return (row, at) => void write(row, at);
}

/** Deletes visit rows older than the retention; returns how many went. */
export function deleteOldVisits(db: Db, retentionDays: number, now: Date = new Date()): number {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  return db.prepare('DELETE FROM visits WHERE created_at < ?').run(cutoff).changes;
}

export function visitsJobs(context: Pick<ApiContext, 'db' | 'config' | 'log'>): StopJobs {
  const days = context.config.visitRetentionDays;
  const run = () => {
    try {
      const deleted = deleteOldVisits(context.db, days);
      if (deleted > 0) context.log(`Visit retention: deleted ${deleted} rows older than ${days} days.`);
    } catch (error) {
      context.log(`Visit retention failed: ${(error as Error).message}. The next daily run (${RETENTION_CRON}) tries again.`);
    }
  };
  // Also once at start, so rows past retention do not outlive a server that was down at 03:23.
  run();
  const task = cron.schedule(RETENTION_CRON, run, { name: 'visit-retention', noOverlap: true });
  return () => void task.stop();
}

// Database backups: a consistent copy through SQLite's online backup API into BACKUP_DIR, taken
// nightly by the server (BACKUP_CRON) and by `npm run backup`, rotated by the rule of
// core/retention.ts and recorded beside the database (server/store/backup-record.ts, which the
// console's System page reads) and in backup_runs.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import cron from 'node-cron';
import { BACKUP_DAILY_COPIES, BACKUP_LAST_COPIES, BACKUP_WEEKLY_COPIES } from '../../core/retention.ts';
import { berlinDay, daysBefore } from '../../core/berlin-day.ts';
import type { ApiContext, StopJobs } from '../context.ts';
// database.ts keeps every connection and backup referenced (Node 24); the copy's connection included.
import { openConnection } from './database.ts';
import { appendBackupRecord, backupRecordPath, backupStatus, backupTime } from './backup-record.ts';
import { backupOverdue, watchBackups } from './backup-watch.ts';
export { backupTime } from './backup-record.ts';
import type { Db } from './database.ts';

// Names carry the UTC instant with milliseconds ("site-2026-11-24T01-17-00.000Z.db"): they sort
// by time, never repeat when Berlin's clocks go back, and rotation works out each Berlin day.
/** A copy being written (`.{name}.{pid}.tmp`); one left by a crash is deleted after an hour. */
const TEMPORARY = /^\.(site-.+)\.\d+\.tmp$/;
const TEMPORARY_KEPT_MS = 60 * 60 * 1000;

// The whole database in one step: a copy in steps starts again whenever another connection writes
// between two of them, and may never end during a burst. The file is a few MB, copied in ms.
const ALL_PAGES = 0x7fffffff;

export interface BackupRun {
  startedAt: string;
  finishedAt: string;
  /** The copy's file name in the backup folder; null when none was written. */
  file: string | null;
  bytes: number | null;
  /** Why the run failed (the copy, or the rotation after it); null when it succeeded. */
  error: string | null;
  /** The failure's code (ENOSPC, EACCES, SQLITE_FULL …), for the console's German words. */
  code: string | null;
  /** Why the record beside the database could not be written; the copy itself may be fine. */
  recordError: string | null;
  /** The older copies the rotation deleted. */
  deleted: string[];
}

/** Copies `db` whole into the file `path` (a new file) through SQLite's online backup API. */
export async function copyDatabase(db: Db, path: string): Promise<void> {
  await db.backup(path, { progress: () => ALL_PAGES });
}

export function backupFileName(at: Date): string {
  return `site-${at.toISOString().replace(/:/g, '-')}.db`;
}

/** The Monday (Berlin calendar) of the week of `day` ("YYYY-MM-DD"). */
function monday(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return daysBefore(day, (weekday + 6) % 7);
}

/**
 * The copies to keep: the newest of each of the last BACKUP_DAILY_COPIES Berlin days (today
 * included) and of each of the last BACKUP_WEEKLY_COPIES weeks, Monday to Sunday (this one
 * included), and the last BACKUP_LAST_COPIES copies of those weeks, so a second copy of a day
 * never deletes the first. Names that are not backups are never returned.
 */
export function backupsToKeep(names: readonly string[], now: Date): Set<string> {
  const today = berlinDay(now.getTime());
  const days = new Set(Array.from({ length: BACKUP_DAILY_COPIES }, (_, i) => daysBefore(today, i)));
  const weeks = new Set(Array.from({ length: BACKUP_WEEKLY_COPIES }, (_, i) => daysBefore(monday(today), 7 * i)));
  const newest = new Map<string, { name: string; time: number }>();
  const offer = (key: string, name: string, time: number) => {
    const current = newest.get(key);
    if (current === undefined || time > current.time) newest.set(key, { name, time });
  };
  const recent: { name: string; time: number }[] = [];
  for (const name of names) {
    const time = backupTime(name);
    if (time === null) continue;
    const day = berlinDay(time);
    if (days.has(day)) offer(`day ${day}`, name, time);
    if (weeks.has(monday(day))) {
      offer(`week ${monday(day)}`, name, time);
      recent.push({ name, time });
    }
  }
  const last = recent.sort((a, b) => b.time - a.time).slice(0, BACKUP_LAST_COPIES);
  return new Set([...newest.values(), ...last].map(({ name }) => name));
}

/**
 * Deletes every backup in `dir` that backupsToKeep does not keep, and copies a crash left half
 * written; returns their names. Other files stay.
 */
export function rotateBackups(dir: string, now: Date): string[] {
  const files = readdirSync(dir);
  const names = files.filter((name) => backupTime(name) !== null);
  const keep = backupsToKeep(names, now);
  const abandoned = files.filter((file) => {
    const time = backupTime(TEMPORARY.exec(file)?.[1] ?? '');
    return time !== null && now.getTime() - time > TEMPORARY_KEPT_MS;
  });
  const deleted = [...names.filter((name) => !keep.has(name)), ...abandoned].sort();
  for (const name of deleted) rmSync(join(dir, name), { force: true });
  return deleted;
}

/**
 * Writes a copy of `db` into `dir` under a temporary name, then renames it (a copy under its final
 * name is always whole) without replacing a copy: one of the same millisecond takes the next. Returns the name.
 */
async function writeCopy(db: Db, dir: string, now: Date): Promise<string> {
  const temporary = join(dir, `.${backupFileName(now)}.${process.pid}.tmp`);
  try {
    mkdirSync(dir, { recursive: true });
    await copyDatabase(db, temporary);
    // The copy inherits WAL mode; a copy in rollback mode is one self-contained file.
    const copy = openConnection(temporary);
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    let at = now.getTime();
    while (existsSync(join(dir, backupFileName(new Date(at))))) at += 1;
    const name = backupFileName(new Date(at));
    renameSync(temporary, join(dir, name));
    return name;
  } finally {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // The folder itself is unusable: nothing was written.
    }
  }
}

const codeOf = (error: unknown): string | null => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
};

/**
 * Copies the database into `dir`, rotates, and records the run beside the database
 * (server/store/backup-record.ts) and in backup_runs. A failure is returned in `error` and
 * recorded; a record that cannot be written is returned in `recordError`; only a failure to write
 * backup_runs throws.
 */
export async function takeBackup(db: Db, dir: string, now: Date = new Date()): Promise<BackupRun> {
  const began = performance.now();
  const run: BackupRun = { startedAt: now.toISOString(), finishedAt: '', file: null, bytes: null, error: null, code: null, recordError: null, deleted: [] };
  try {
    run.file = await writeCopy(db, dir, now);
    run.bytes = statSync(join(dir, run.file)).size;
  } catch (error) {
    run.code = codeOf(error);
    run.error = `Cannot write a backup of the database into ${resolve(dir)}: ${(error as Error).message}. Check that BACKUP_DIR is a writable folder with room for a copy.`;
  }
  // Also after a failed copy: no copy may outlive the 4 weeks the privacy policy states, even
  // while the folder is full.
  try {
    run.deleted = existsSync(dir) ? rotateBackups(dir, now) : [];
  } catch (error) {
    const rotation = `deleting older copies in ${resolve(dir)} failed: ${(error as Error).message}.`;
    run.code ??= codeOf(error);
    run.error = run.error === null ? `The backup ${run.file} was written, but ${rotation}` : `${run.error} Also, ${rotation}`;
  }
  run.finishedAt = new Date(now.getTime() + Math.round(performance.now() - began)).toISOString();
  const recordPath = backupRecordPath(db.name, dir);
  try {
    appendBackupRecord(recordPath, { startedAt: run.startedAt, finishedAt: run.finishedAt, folder: resolve(dir), file: run.file, bytes: run.bytes, error: run.error, code: run.code });
  } catch (error) {
    run.recordError = `Cannot write the record of backups ${resolve(recordPath)}: ${(error as Error).message}. The console's System page misses this run until the folder of the database is writable.`;
  }
  const record = db.prepare('INSERT INTO backup_runs (started_at, finished_at, file, bytes, error) VALUES (?, ?, ?, ?, ?)');
  record.run(run.startedAt, run.finishedAt, run.file, run.bytes, run.error);
  return run;
}

/** The hourly check whether backups are overdue (server/store/backup-watch.ts). */
const WATCH_CRON = '43 * * * *';

export function backupJobs(context: Pick<ApiContext, 'db' | 'config' | 'log'>): StopJobs {
  const schedule = context.config.backupCron;
  if (!cron.validate(schedule)) {
    throw new Error(`BACKUP_CRON "${schedule}" is not a valid cron expression. Use five fields such as "17 2 * * *" (02:17 every night), or unset it.`);
  }
  const dir = context.config.backupDir;
  watchBackups(context.db, Date.now());
  const task = cron.schedule(
    schedule,
    async () => {
      try {
        const run = await takeBackup(context.db, dir);
        if (run.error !== null) context.log(`Backup failed: ${run.error}`);
        else context.log(`Backup: wrote ${join(dir, run.file!)} (${run.bytes} bytes)${run.deleted.length > 0 ? `, deleted ${run.deleted.length} older copies` : ''}.`);
        if (run.recordError !== null) context.log(`Backup: ${run.recordError}`);
      } catch (error) {
        context.log(`Backup could not be recorded: ${(error as Error).message}`);
      }
    },
    { name: 'backup', noOverlap: true },
  );
  const watch = cron.schedule(WATCH_CRON, () => void backupOverdue(context.db, backupStatus(context.db.name, dir), Date.now(), context.log), { name: 'backup-watch' });
  return () => {
    void task.stop();
    void watch.stop();
  };
}

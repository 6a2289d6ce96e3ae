// Database backups: a consistent copy through SQLite's online backup API into BACKUP_DIR, taken
// nightly by the server (BACKUP_CRON) and by `npm run backup`, rotated by the rule of
// core/retention.ts and logged in backup_runs for the console's System page.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import cron from 'node-cron';
import { BACKUP_DAILY_COPIES, BACKUP_LAST_COPIES, BACKUP_WEEKLY_COPIES } from '../../core/retention.ts';
import { berlinDay, daysBefore } from '../../core/berlin-day.ts';
import type { ApiContext, StopJobs } from '../context.ts';
// database.ts keeps every connection and backup referenced (Node 24); the copy's connection included.
import { openConnection } from './database.ts';
import type { Db } from './database.ts';

// Names carry the UTC instant with milliseconds ("site-2026-11-24T01-17-00.000Z.db"): they sort
// by time, never repeat when Berlin's clocks go back, and rotation works out each Berlin day.
const NAME = /^site-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})\.(\d{3})Z\.db$/;
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

/** The instant a backup's file name records, or null for any other file. */
export function backupTime(name: string): number | null {
  const match = NAME.exec(name);
  return match ? Date.parse(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`) : null;
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
 * Copies the database into `dir` (a temporary name, then renamed, so a copy under its final name
 * is always whole), rotates, and records the run in backup_runs. A failure is returned in
 * `error` and recorded; only a failure to record it throws.
 */
export async function takeBackup(db: Db, dir: string, now: Date = new Date()): Promise<BackupRun> {
  const began = performance.now();
  const name = backupFileName(now);
  const target = join(dir, name);
  const temporary = join(dir, `.${name}.${process.pid}.tmp`);
  const run: BackupRun = { startedAt: now.toISOString(), finishedAt: '', file: null, bytes: null, error: null, deleted: [] };
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
    renameSync(temporary, target);
    run.file = name;
    run.bytes = statSync(target).size;
  } catch (error) {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // The folder itself is unusable: nothing was written.
    }
    run.error = `Cannot write a backup of the database into ${resolve(dir)}: ${(error as Error).message}. Check that BACKUP_DIR is a writable folder with room for a copy.`;
  }
  // Also after a failed copy: no copy may outlive the 4 weeks the privacy policy states, even
  // while the folder is full.
  try {
    run.deleted = existsSync(dir) ? rotateBackups(dir, now) : [];
  } catch (error) {
    const rotation = `deleting older copies in ${resolve(dir)} failed: ${(error as Error).message}.`;
    run.error = run.error === null ? `The backup ${name} was written, but ${rotation}` : `${run.error} Also, ${rotation}`;
  }
  run.finishedAt = new Date(now.getTime() + Math.round(performance.now() - began)).toISOString();
  const record = db.prepare('INSERT INTO backup_runs (started_at, finished_at, file, bytes, error) VALUES (?, ?, ?, ?, ?)');
  record.run(run.startedAt, run.finishedAt, run.file, run.bytes, run.error);
  return run;
}

interface RunRow {
  started_at: string;
  finished_at: string;
  file: string | null;
  bytes: number | null;
  error: string | null;
}

export interface BackupStatus {
  /** The newest run, successful or not. */
  lastRun: { startedAt: string; finishedAt: string; ok: boolean; file: string | null; bytes: number | null; error: string | null } | null;
  /** The newest successful run. */
  lastBackup: { at: string; file: string; bytes: number } | null;
  /** The newest run when it failed (an older failure is past once a backup succeeded). */
  lastFailure: { at: string; error: string } | null;
  /** The newest copy in the backup folder, and how many copies it holds. */
  newestCopy: { name: string; at: string; bytes: number } | null;
  copies: number;
}

/** What the console's System page shows about backups. */
export function lastBackup(db: Db, dir: string): BackupStatus {
  const newestRun = db.prepare('SELECT started_at, finished_at, file, bytes, error FROM backup_runs ORDER BY id DESC LIMIT 1').get() as RunRow | undefined;
  const success = db.prepare('SELECT started_at, file, bytes FROM backup_runs WHERE error IS NULL AND file IS NOT NULL ORDER BY id DESC LIMIT 1').get() as
    | { started_at: string; file: string; bytes: number }
    | undefined;
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((name) => backupTime(name) !== null);
  } catch {
    // No folder yet: no copies.
  }
  const newestName = names.sort().at(-1);
  let newestCopy: BackupStatus['newestCopy'] = null;
  if (newestName !== undefined) {
    try {
      newestCopy = { name: newestName, at: new Date(backupTime(newestName)!).toISOString(), bytes: statSync(join(dir, newestName)).size };
    } catch {
      // Deleted by a rotation in between.
    }
  }
  return {
    lastRun: newestRun
      ? { startedAt: newestRun.started_at, finishedAt: newestRun.finished_at, ok: newestRun.error === null, file: newestRun.file, bytes: newestRun.bytes, error: newestRun.error }
      : null,
    // A restored database lacks the record of the copies taken after it; the newest copy on disk counts too.
    lastBackup: newestCopy !== null && (!success || newestCopy.at > success.started_at) ? { at: newestCopy.at, file: newestCopy.name, bytes: newestCopy.bytes } : success ? { at: success.started_at, file: success.file, bytes: success.bytes } : null,
    lastFailure: newestRun?.error != null ? { at: newestRun.started_at, error: newestRun.error } : null,
    newestCopy,
    copies: names.length,
  };
}

export function backupJobs(context: Pick<ApiContext, 'db' | 'config' | 'log'>): StopJobs {
  const schedule = context.config.backupCron;
  if (!cron.validate(schedule)) {
    throw new Error(`BACKUP_CRON "${schedule}" is not a valid cron expression. Use five fields such as "17 2 * * *" (02:17 every night), or unset it.`);
  }
  const dir = context.config.backupDir;
  const task = cron.schedule(
    schedule,
    async () => {
      try {
        const run = await takeBackup(context.db, dir);
        if (run.error !== null) context.log(`Backup failed: ${run.error}`);
        else context.log(`Backup: wrote ${join(dir, run.file!)} (${run.bytes} bytes)${run.deleted.length > 0 ? `, deleted ${run.deleted.length} older copies` : ''}.`);
      } catch (error) {
        context.log(`Backup could not be recorded: ${(error as Error).message}`);
      }
    },
    { name: 'backup', noOverlap: true },
  );
  return () => void task.stop();
}

// The record of the database backups (server/store/backup.ts), kept as a small JSON file beside the
// database (`<DATABASE_PATH>.backups.json`), not only in it: `npm run restore` replaces the
// database, and the record of the copies taken after the restored one must survive that. Written
// whole under a temporary name and renamed, so a reader never sees half a file. The console's System
// page reads it; when it is missing or damaged, the copies in the backup folder stand in for it.
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** Runs the record keeps, newest last; older ones are dropped (the log has them all). */
const RECORD_RUNS = 100;

// Names carry the UTC instant with milliseconds ("site-2026-11-24T01-17-00.000Z.db").
const NAME = /^site-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})\.(\d{3})Z\.db$/;

/** The instant a backup's file name records, or null for any other file. */
export function backupTime(name: string): number | null {
  const match = NAME.exec(name);
  return match ? Date.parse(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`) : null;
}

const runSchema = z.object({
  startedAt: z.string(),
  finishedAt: z.string(),
  /** The absolute folder the copy went to, or was to go to. */
  folder: z.string(),
  /** The copy's file name in that folder; null when none was written. */
  file: z.string().nullable(),
  bytes: z.number().nullable(),
  /** Why the run failed, in English for the operator; null when it succeeded. */
  error: z.string().nullable(),
  /** The error's code (ENOSPC, EACCES, SQLITE_FULL …), which the console words in German. */
  code: z.string().nullable(),
});
const recordSchema = z.object({ runs: z.array(runSchema) });

export type RecordedRun = z.infer<typeof runSchema>;
export type RecordState = 'ok' | 'missing' | 'corrupt';

/** Where the record of the database `databasePath` lies; an in-memory database keeps it in the backup folder. */
export function backupRecordPath(databasePath: string, dir: string): string {
  return databasePath === '' || databasePath === ':memory:' ? join(dir, 'backups.json') : `${databasePath}.backups.json`;
}

export function readBackupRecord(path: string): { state: RecordState; runs: RecordedRun[] } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return { state: (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'corrupt', runs: [] };
  }
  try {
    return { state: 'ok', runs: recordSchema.parse(JSON.parse(text)).runs };
  } catch {
    return { state: 'corrupt', runs: [] };
  }
}

/** Adds `run` to the record (a damaged record is started afresh), written to a temporary file and renamed. */
export function appendBackupRecord(path: string, run: RecordedRun): void {
  const runs = [...readBackupRecord(path).runs, run].slice(-RECORD_RUNS);
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, `${JSON.stringify({ runs }, null, 1)}\n`);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

export type BackupFailureKind = 'full' | 'notWritable' | 'noFolder' | 'other';

/** What kind of failure a run's error code (or, without one, its message) names, for the German words. */
export function backupFailureKind(code: string | null, error: string): BackupFailureKind {
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL' || /disk is full/i.test(error)) return 'full';
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS' || code === 'SQLITE_READONLY' || code === 'SQLITE_CANTOPEN') return 'notWritable';
  if (code === 'ENOTDIR' || code === 'ENOENT' || code === 'EEXIST' || /directory does not exist/i.test(error)) return 'noFolder';
  return 'other';
}

export interface BackupCopy {
  name: string;
  at: string;
  bytes: number;
}

export interface BackupStatus {
  /** The backup folder, absolute. */
  folder: string;
  /** Whether the record could be read; without it, the copies on disk are all there is. */
  record: RecordState;
  /** The newest backup: the record's newest success or the newest copy on disk, whichever is newer. */
  lastBackup: { at: string; file: string; bytes: number } | null;
  /** The newest run when it failed (an older failure is past once a backup succeeded). */
  lastFailure: { at: string; error: string; kind: BackupFailureKind } | null;
  /** The copies in the backup folder, newest first. */
  copies: BackupCopy[];
}

/** The copies in `dir`, newest first (none when the folder is missing). */
export function backupCopies(dir: string): BackupCopy[] {
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((name) => backupTime(name) !== null);
  } catch {
    // No folder yet: no copies.
  }
  const copies: BackupCopy[] = [];
  for (const name of names.sort().reverse()) {
    try {
      copies.push({ name, at: new Date(backupTime(name)!).toISOString(), bytes: statSync(join(dir, name)).size });
    } catch {
      // Deleted by a rotation in between.
    }
  }
  return copies;
}

/** What the console's System page shows about backups of the database `databasePath` into `dir`. */
export function backupStatus(databasePath: string, dir: string): BackupStatus {
  const { state, runs } = readBackupRecord(backupRecordPath(databasePath, dir));
  const copies = backupCopies(dir);
  const success = runs.findLast((run) => run.error === null && run.file !== null);
  const newestRun = runs.at(-1);
  const newestCopy = copies[0];
  const lastBackup =
    newestCopy !== undefined && (success === undefined || newestCopy.at > success.startedAt)
      ? { at: newestCopy.at, file: newestCopy.name, bytes: newestCopy.bytes }
      : success
        ? { at: success.startedAt, file: success.file!, bytes: success.bytes ?? 0 }
        : null;
  return {
    folder: resolve(dir),
    record: state,
    lastBackup,
    lastFailure: newestRun?.error != null ? { at: newestRun.startedAt, error: newestRun.error, kind: backupFailureKind(newestRun.code, newestRun.error) } : null,
    copies,
  };
}

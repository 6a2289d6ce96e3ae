// Whether the database backups are overdue: none written for BACKUP_MAX_AGE_HOURS (core/go-live.ts;
// a nightly job with two hours to spare). The console warns on every page while they are
// (server/owner/backup-alarm.tsx); the operator's log says it once per missed backup, from the
// console or from the hourly check of backupJobs (server/store/backup.ts), whichever sees it first.
import { BACKUP_MAX_AGE_HOURS } from '../../core/go-live.ts';
import type { Log } from '../context.ts';
import type { Db } from './database.ts';
import type { BackupStatus } from './backup-record.ts';

const MAX_AGE_MS = BACKUP_MAX_AGE_HOURS * 60 * 60 * 1000;

/** Per database: since when it is watched (the server's start), and the backup the log last warned about. */
const watched = new WeakMap<Db, { since: number; logged: string | null }>();

export interface BackupOverdue {
  /** The last backup's time, or null when none was written since the watch began. */
  lastAt: string | null;
  /** When the watch began (ISO): without any backup, the time counts from there. */
  since: string;
}

/** Starts watching `db` at `now` (the server's start); the first call of backupOverdue does too. */
export function watchBackups(db: Db, now: number): void {
  if (!watched.has(db)) watched.set(db, { since: now, logged: null });
}

/** Whether no backup was written for BACKUP_MAX_AGE_HOURS; the first time for a backup, says so in the log. */
export function backupOverdue(db: Db, status: BackupStatus, now: number, log: Log): BackupOverdue | null {
  watchBackups(db, now);
  const state = watched.get(db)!;
  const lastAt = status.lastBackup?.at ?? null;
  if (now - (lastAt === null ? state.since : Date.parse(lastAt)) < MAX_AGE_MS) return null;
  const since = new Date(state.since).toISOString();
  if (state.logged !== (lastAt ?? since)) {
    state.logged = lastAt ?? since;
    const last = lastAt === null ? `none was written since the server started at ${since}` : `the last one is from ${lastAt}`;
    log(
      `No database backup was written for ${BACKUP_MAX_AGE_HOURS} hours (${last}; folder ${status.folder}). ` +
        "The owner's console now warns on every page. Check the server's log for a failed backup and BACKUP_CRON; npm run backup takes one now.",
    );
  }
  return { lastAt, since };
}

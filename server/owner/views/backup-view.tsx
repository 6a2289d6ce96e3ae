// The database backups on the System page: the last copy (time in Essen, size in MB), the folder,
// the copies in it, and the notices above the facts (a failed backup's reason in German, no backup
// for BACKUP_MAX_AGE_HOURS, a missing or damaged record). Also the warning every other page shows.
import type { ConsoleWords } from '../../../core/schema/console.ts';
import { BACKUP_MAX_AGE_HOURS } from '../../../core/go-live.ts';
import { fillSlots } from '../../../core/slots.ts';
import type { BackupStatus } from '../../store/backup-record.ts';
import type { BackupOverdue } from '../../store/backup-watch.ts';
import { berlinTime, megabytes, Notice } from './render.tsx';

type BackupWords = ConsoleWords['backups'];

/** The warning that no backup was written for too long, in full (the System page). */
export const overdueText = (w: BackupWords, overdue: BackupOverdue): string =>
  overdue.lastAt === null ? fillSlots(w.overdueNever, { time: berlinTime(overdue.since), hours: BACKUP_MAX_AGE_HOURS }) : fillSlots(w.overdue, { time: berlinTime(overdue.lastAt), hours: BACKUP_MAX_AGE_HOURS });

/** The warning on every other page: short, pointing to the System page. */
export const overdueAlarm = (w: BackupWords): string => fillSlots(w.alarm, { hours: BACKUP_MAX_AGE_HOURS });

export function BackupNotices({ words, status, overdue }: { words: ConsoleWords; status: BackupStatus; overdue: BackupOverdue | null }) {
  const w = words.backups;
  const failure = status.lastFailure;
  return (
    <>
      {overdue && (
        <Notice kind="error">
          <span id="backup-overdue">{overdueText(w, overdue)}</span>
        </Notice>
      )}
      {failure && (
        <Notice kind="error">
          <span id="backup-failed">{fillSlots(w.failed, { time: berlinTime(failure.at), reason: w.failures[failure.kind] })}</span>
        </Notice>
      )}
      {status.record === 'corrupt' && <Notice>{w.recordCorrupt}</Notice>}
      {status.record === 'missing' && status.copies.length > 0 && <Notice>{w.recordMissing}</Notice>}
    </>
  );
}

/** The facts, as `dt`/`dd` pairs of the System page's list. */
export function BackupFacts({ words, status }: { words: ConsoleWords; status: BackupStatus }) {
  const w = words.backups;
  const last = status.lastBackup;
  return (
    <>
      <dt>{w.last}</dt>
      <dd id="backup-last">{last ? fillSlots(w.lastValue, { time: berlinTime(last.at), size: megabytes(last.bytes) }) : w.none}</dd>
      <dt>{w.folder}</dt>
      <dd id="backup-folder">{status.folder}</dd>
      <dt>{w.copies}</dt>
      <dd>
        {status.copies.length === 0 ? (
          w.none
        ) : (
          <ul className="console-list-plain" id="backup-copies">
            {status.copies.map((copy) => (
              <li key={copy.name}>{fillSlots(w.copy, { time: berlinTime(copy.at), size: megabytes(copy.bytes), file: copy.name })}</li>
            ))}
          </ul>
        )}
      </dd>
    </>
  );
}

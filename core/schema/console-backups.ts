// The words of the database backups in the owner's console (data/console.yaml, `backups`;
// server/owner/views/backup-view.tsx): the System page's facts and list of copies, the warning
// when none was written for too long (also on every page), a failed backup's reason in German.
import { z } from 'zod';
import { wordsWith } from './slots.ts';

const text = z.string().min(2);

export const backupsConsoleWords = z.strictObject({
  last: text,
  lastValue: wordsWith('time', 'size'),
  none: text,
  folder: text,
  copies: text,
  copy: wordsWith('time', 'size', 'file'),
  overdue: wordsWith('time', 'hours'),
  overdueNever: wordsWith('time', 'hours'),
  alarm: wordsWith('hours'),
  failed: wordsWith('time', 'reason'),
  /** Why a backup failed, with what to do (server/store/backup-record.ts, backupFailureKind). */
  failures: z.strictObject({ full: text, notWritable: text, noFolder: text, other: text }),
  recordMissing: text,
  recordCorrupt: text,
});

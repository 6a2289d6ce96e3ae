// When backups count as overdue (server/store/backup-watch.ts), with the clock passed in: 26 hours
// after the last backup, or after the server's start while there is none; the log says it once
// per missed backup, and again for the next one missed.
import { describe, expect, it } from 'vitest';
import { BACKUP_MAX_AGE_HOURS } from '../../core/go-live.ts';
import type { BackupStatus } from '../../server/store/backup-record.ts';
import { backupOverdue, watchBackups } from '../../server/store/backup-watch.ts';
import { openConnection } from '../../server/store/database.ts';

const HOUR_MS = 60 * 60 * 1000;
const START = Date.parse('2026-11-24T10:00:00Z');
const status = (lastAt: string | null): BackupStatus => ({
  folder: '/srv/schluesseldienst/var/backups',
  record: 'ok',
  lastBackup: lastAt === null ? null : { at: lastAt, file: 'site.db', bytes: 1 },
  lastFailure: null,
  copies: [],
});

describe('backupOverdue', () => {
  it(`without any backup, counts ${BACKUP_MAX_AGE_HOURS} hours from the server's start and logs once`, () => {
    const db = openConnection(':memory:');
    const log: string[] = [];
    watchBackups(db, START);
    expect(backupOverdue(db, status(null), START + (BACKUP_MAX_AGE_HOURS - 0.1) * HOUR_MS, (line) => log.push(line))).toBeNull();
    const at = START + (BACKUP_MAX_AGE_HOURS + 0.1) * HOUR_MS;
    expect(backupOverdue(db, status(null), at, (line) => log.push(line))).toEqual({ lastAt: null, since: new Date(START).toISOString() });
    backupOverdue(db, status(null), at + HOUR_MS, (line) => log.push(line));
    expect(log).toHaveLength(1);
    expect(log[0]).toContain('none was written since the server started at 2026-11-24T10:00:00.000Z');
    db.close();
  });

  it('counts from the last backup, and logs again when the next one is missed too', () => {
    const db = openConnection(':memory:');
    const log: string[] = [];
    watchBackups(db, START);
    const first = new Date(START + 1 * HOUR_MS).toISOString();
    expect(backupOverdue(db, status(first), START + 20 * HOUR_MS, (line) => log.push(line))).toBeNull();
    expect(backupOverdue(db, status(first), START + 28 * HOUR_MS, (line) => log.push(line))).toMatchObject({ lastAt: first });
    const second = new Date(START + 30 * HOUR_MS).toISOString();
    expect(backupOverdue(db, status(second), START + 40 * HOUR_MS, (line) => log.push(line))).toBeNull();
    expect(backupOverdue(db, status(second), START + 57 * HOUR_MS, (line) => log.push(line))).toMatchObject({ lastAt: second });
    backupOverdue(db, status(second), START + 58 * HOUR_MS, (line) => log.push(line));
    expect(log.map((line) => /the last one is from (\S+);/.exec(line)?.[1])).toEqual([first, second]);
    db.close();
  });
});

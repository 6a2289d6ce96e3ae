// A failed backup's reason as the owner reads it: the real errors of a full disk (the Linux device
// /dev/full, which refuses every write) and of a file where the folder should be are worded as
// "kein Platz" and "kein Ordner" (server/store/backup-record.ts, backupFailureKind), and a
// folder the server may not write, or an unknown error, by its code.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupFailureKind } from '../../server/store/backup-record.ts';
import { copyDatabase } from '../../server/store/backup.ts';
import { openConnection } from '../../server/store/database.ts';
import { tempDir } from '../support/temp-dir.ts';

/** The error `act` throws, as takeBackup records it: its code and message. */
function thrown(act: () => unknown): { code: string | null; message: string } {
  try {
    act();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return { code: typeof code === 'string' ? code : null, message: (error as Error).message };
  }
  throw new Error('nothing was thrown');
}

describe('backupFailureKind', () => {
  it.skipIf(!existsSync('/dev/full'))('words a full disk as full, from the file system and from SQLite', async () => {
    const fs = thrown(() => writeFileSync('/dev/full', 'x'));
    expect(fs.code).toBe('ENOSPC');
    expect(backupFailureKind(fs.code, fs.message)).toBe('full');
    const db = openConnection(':memory:');
    db.exec('CREATE TABLE t (x TEXT)');
    const sqlite = await copyDatabase(db, '/dev/full').then(
      () => null,
      (error: { code?: string; message: string }) => ({ code: error.code ?? null, message: error.message }),
    );
    db.close();
    expect(sqlite?.code).toBe('SQLITE_FULL');
    expect(backupFailureKind(sqlite!.code, sqlite!.message)).toBe('full');
  });

  it('words a file in the folder\'s place as no folder', () => {
    const file = join(tempDir('backup-failure-'), 'backups');
    writeFileSync(file, '');
    const error = thrown(() => mkdirSync(join(file, 'inner'), { recursive: true }));
    expect(backupFailureKind(error.code, error.message)).toBe('noFolder');
  });

  it('words a refused write as not writable, and anything else as other', () => {
    for (const code of ['EACCES', 'EPERM', 'EROFS', 'SQLITE_READONLY']) expect(backupFailureKind(code, 'refused')).toBe('notWritable');
    expect(backupFailureKind('EIO', 'i/o error')).toBe('other');
    expect(backupFailureKind(null, 'something else')).toBe('other');
  });
});

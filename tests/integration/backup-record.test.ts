// Backups the owner can trust, with real SQLite files and the real `npm run backup` and
// `npm run restore` (scripts/backup.ts, scripts/restore.ts): the record of the backups beside the
// database survives a restore; two backups of one day are both kept and the rotation keeps the
// newest of each day and the last 3; the restore marks as sent the mails the replaced database had
// already sent and says how many the restored copy will still send.
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { berlinDay, daysBefore } from '../../core/berlin-day.ts';
import { backupStatus, readBackupRecord } from '../../server/store/backup-record.ts';
import { backupFileName, takeBackup } from '../../server/store/backup.ts';
import { openConnection, openDatabase } from '../../server/store/database.ts';
import { tempDir } from '../support/temp-dir.ts';

const REPO = resolve(import.meta.dirname, '../..');
/** A spawned script on a loaded 2-core machine: tsx compiles first. */
const SCRIPT_MS = 60_000;

interface Output {
  code: number;
  stdout: string;
  stderr: string;
}

function script(file: string, args: string[], env: Record<string, string>): Promise<Output> {
  return new Promise((done) => {
    execFile(process.execPath, ['--import', 'tsx', file, ...args], { cwd: REPO, env: { ...process.env, ...env }, timeout: SCRIPT_MS }, (error, stdout, stderr) => {
      done({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr });
    });
  });
}
const backup = (databasePath: string, dir: string) => script('scripts/backup.ts', [], { DATABASE_PATH: databasePath, BACKUP_DIR: dir });
const restore = (file: string, databasePath: string) => script('scripts/restore.ts', [file], { DATABASE_PATH: databasePath });

function addMessage(path: string, name: string, createdAt: string, status: 'pending' | 'failed' = 'pending'): number {
  const db = openDatabase(path);
  try {
    const row = db.prepare("INSERT INTO contact_messages (created_at, form, name, message, mail_status) VALUES (?, 'kontakt', ?, 'Tür klemmt', ?) RETURNING id").get(createdAt, name, status);
    return (row as { id: number }).id;
  } finally {
    db.close();
  }
}

describe('the record of backups', () => {
  it('is kept beside the database and survives a restore of an older copy', { timeout: 4 * SCRIPT_MS }, async () => {
    const root = tempDir('backup-record-');
    const databasePath = join(root, 'site.db');
    const dir = join(root, 'backups');
    addMessage(databasePath, 'Erste Kundin', '2026-11-20T08:00:00.000Z');
    const first = await backup(databasePath, dir);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const second = await backup(databasePath, dir);
    expect(second.code).toBe(0);
    const copies = readdirSync(dir).sort();
    expect(copies).toHaveLength(2);

    const restored = await restore(join(dir, copies[0]!), databasePath);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    // The restored database holds no record of either copy (the first was taken before its own row) …
    const db = openConnection(databasePath, { readonly: true });
    expect((db.prepare('SELECT count(*) AS n FROM backup_runs').get() as { n: number }).n).toBe(0);
    db.close();
    // … the record beside it still has both, and the System page's status names the newer.
    const record = readBackupRecord(`${databasePath}.backups.json`);
    expect(record.state).toBe('ok');
    expect(record.runs.map((run) => run.file)).toEqual(copies);
    expect(record.runs.every((run) => run.folder === dir && run.error === null && run.bytes! > 0)).toBe(true);
    expect(backupStatus(databasePath, dir)).toMatchObject({ record: 'ok', lastBackup: { file: copies[1] }, lastFailure: null, folder: dir });
  });

  it('missing or damaged, leaves the copies on disk as the only account', () => {
    const root = tempDir('backup-record-');
    const dir = join(root, 'backups');
    const databasePath = join(root, 'site.db');
    const status = backupStatus(databasePath, dir);
    expect(status).toMatchObject({ record: 'missing', lastBackup: null, copies: [] });
    writeFileSync(`${databasePath}.backups.json`, '{"runs": [{"startedAt": ');
    expect(backupStatus(databasePath, dir)).toMatchObject({ record: 'corrupt', lastBackup: null });
  });
});

describe('npm run backup twice on one day', () => {
  it('keeps both copies, and the rotation keeps the newest of each earlier day and the last 3', { timeout: 4 * SCRIPT_MS }, async () => {
    const root = tempDir('backup-day-');
    const databasePath = join(root, 'site.db');
    const dir = join(root, 'backups');
    addMessage(databasePath, 'Kunde', '2026-11-20T08:00:00.000Z');
    // Three copies of yesterday (Berlin), morning, noon and afternoon.
    const yesterday = daysBefore(berlinDay(Date.now()), 1);
    const earlier = ['06', '10', '14'].map((hour) => backupFileName(new Date(`${yesterday}T${hour}:00:00Z`)));
    mkdirSync(dir);
    for (const name of earlier) writeFileSync(join(dir, name), 'copy');

    const first = await backup(databasePath, dir);
    expect(first.code).toBe(0);
    const [today1] = readdirSync(dir).filter((name) => !earlier.includes(name));
    // The last 3 are yesterday's noon and afternoon and today's copy: only the morning goes.
    expect(readdirSync(dir).sort()).toEqual([...earlier.slice(1), today1!].sort());
    expect(first.stdout).toContain(`Rotation deleted 1: ${earlier[0]}.`);

    const second = await backup(databasePath, dir);
    expect(second.code).toBe(0);
    const today = readdirSync(dir).filter((name) => !earlier.includes(name)).sort();
    // Both copies of today stay; of yesterday the newest, also the last of the last 3.
    expect(today).toHaveLength(2);
    expect(today[0]).toBe(today1);
    expect(readdirSync(dir).sort()).toEqual([earlier[2]!, ...today].sort());
  });
});

describe('two backups in the same millisecond', () => {
  it('get two names: the second never overwrites the first', async () => {
    const root = tempDir('backup-name-');
    const databasePath = join(root, 'site.db');
    addMessage(databasePath, 'Kunde', '2026-11-20T08:00:00.000Z');
    const db = openDatabase(databasePath);
    try {
      const now = new Date();
      const first = await takeBackup(db, join(root, 'backups'), now);
      const second = await takeBackup(db, join(root, 'backups'), now);
      expect(first.file).toBe(backupFileName(now));
      expect(second.file).toBe(backupFileName(new Date(now.getTime() + 1)));
      expect(readdirSync(join(root, 'backups')).sort()).toEqual([first.file, second.file]);
    } finally {
      db.close();
    }
  });
});

describe('npm run restore and the mails', () => {
  it('marks as sent what the replaced database had sent (same message), and prints how many will still go out', { timeout: 4 * SCRIPT_MS }, async () => {
    const root = tempDir('restore-mails-');
    const databasePath = join(root, 'site.db');
    const dir = join(root, 'backups');
    const ids = [
      addMessage(databasePath, 'Anna', '2026-11-20T08:00:00.000Z'),
      addMessage(databasePath, 'Bernd', '2026-11-20T09:00:00.000Z'),
      addMessage(databasePath, 'Cem', '2026-11-20T10:00:00.000Z', 'failed'),
      addMessage(databasePath, 'Dörte', '2026-11-20T11:00:00.000Z'),
    ];
    expect((await backup(databasePath, dir)).code).toBe(0);
    const [copy] = readdirSync(dir);

    // After the copy: three mails go out, Dörte's message is deleted on request and a new one takes its id.
    const live = openDatabase(databasePath);
    const send = live.prepare("UPDATE contact_messages SET mail_status = 'sent', mail_sent_at = ?, mail_transport = ?, mail_sent_to = ?, mail_attempts = 1 WHERE id = ?");
    send.run('2026-11-20T08:00:05.000Z', 'smtp', 'inhaber@example.de', ids[0]);
    send.run('2026-11-20T09:00:05.000Z', 'file', null, ids[1]);
    send.run('2026-11-20T12:00:00.000Z', 'smtp', 'inhaber@example.de', ids[2]);
    live.prepare('DELETE FROM contact_messages WHERE id = ?').run(ids[3]);
    live.close();
    const reused = addMessage(databasePath, 'Emil', '2026-11-21T07:00:00.000Z');
    expect(reused).toBe(ids[3]);
    const again = openDatabase(databasePath);
    again.prepare("UPDATE contact_messages SET mail_status = 'sent', mail_sent_at = '2026-11-21T07:00:05.000Z', mail_transport = 'smtp' WHERE id = ?").run(reused);
    again.close();

    const output = await restore(join(dir, copy!), databasePath);
    expect(output.stderr).toBe('');
    expect(output.code).toBe(0);
    expect(output.stdout).toContain('Marked 3 mails as sent that the replaced database had already sent.');
    expect(output.stdout).toContain('Mails waiting for messages the replaced database no longer holds (deleted since): 1.');
    expect(output.stdout).toContain('The restored copy will still send 1 mail once the server runs.');

    const restored = openConnection(databasePath, { readonly: true });
    const rows = restored.prepare('SELECT id, name, mail_status, mail_sent_at, mail_transport, mail_sent_to, mail_last_error FROM contact_messages ORDER BY id').all();
    restored.close();
    expect(rows).toEqual([
      { id: ids[0], name: 'Anna', mail_status: 'sent', mail_sent_at: '2026-11-20T08:00:05.000Z', mail_transport: 'smtp', mail_sent_to: 'inhaber@example.de', mail_last_error: null },
      { id: ids[1], name: 'Bernd', mail_status: 'sent', mail_sent_at: '2026-11-20T09:00:05.000Z', mail_transport: 'file', mail_sent_to: null, mail_last_error: null },
      { id: ids[2], name: 'Cem', mail_status: 'sent', mail_sent_at: '2026-11-20T12:00:00.000Z', mail_transport: 'smtp', mail_sent_to: 'inhaber@example.de', mail_last_error: null },
      // Another message under the same id was sent, not this one: it still goes out.
      { id: ids[3], name: 'Dörte', mail_status: 'pending', mail_sent_at: null, mail_transport: null, mail_sent_to: null, mail_last_error: null },
    ]);
  });
});

// Backups of the real server's database while contact posts arrive, restored with the real
// `npm run restore` (scripts/restore.ts): every message answered 201 before the backup began is in
// the copy, the restore refuses while the server runs and refuses a damaged copy.
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeBackup } from '../../server/store/backup.ts';
import { backupStatus } from '../../server/store/backup-record.ts';
import { openDatabase, type Db, openConnection } from '../../server/store/database.ts';
import type { RunningServer } from '../../server/index.ts';
import { lockPathOf } from '../../server/store/lock.ts';
import { tempDir } from '../support/temp-dir.ts';
import { serveContactSite } from './fixtures/contact-sink.ts';

const REPO = resolve(import.meta.dirname, '../..');
const MIN_POSTS = 200;
const MAX_POSTS = 3000;
const CONCURRENCY = 20;
/** The backup starts once this many posts were sent, so posts go on before, during and after it. */
const BACKUP_AFTER = 60;

interface Output {
  code: number;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], env: Record<string, string>): Promise<Output> {
  return new Promise((done) => {
    execFile(command, args, { cwd: REPO, env: { ...process.env, ...env } }, (error, stdout, stderr) => {
      done({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr });
    });
  });
}
const script = (file: string, args: string[], env: Record<string, string>) => run(process.execPath, ['--import', 'tsx', file, ...args], env);
const restore = (file: string, databasePath: string) => script('scripts/restore.ts', [file], { DATABASE_PATH: databasePath });

const text = (i: number) => `Bitte Rückruf, die Tür in der Straße ${i} klemmt. burst-${i}-end`;

interface Accepted {
  i: number;
  id: number;
  /** performance.now() when the 201 arrived. */
  at: number;
}

let root: string;
let databasePath: string;
let server: RunningServer;
let serverClosed = false;
let db: Db;
let nextVisitor = 1;

beforeAll(async () => {
  root = tempDir('backup-');
  databasePath = join(root, 'site.db');
  server = await serveContactSite(root, { contactPerTenMinutes: 1_000_000, contactPerHour: 1_000_000 });
  // A connection of its own, as `npm run backup` has one.
  db = openDatabase(databasePath);
});

afterAll(async () => {
  db?.close();
  if (!serverClosed) await server?.close();
});

async function post(i: number): Promise<{ status: number; id?: number }> {
  const response = await fetch(`${server.url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${(nextVisitor++ % 250) + 1}` },
    body: JSON.stringify({ form: 'kontakt', name: `Kundin ${i} Weiß`, phone: '0201 123456', message: text(i), privacy: true }),
  });
  const body = (await response.json()) as { id?: number };
  return { status: response.status, id: body.id };
}

/** Posts until at least MIN_POSTS went out and the backup, started after BACKUP_AFTER posts, is done. */
async function burstDuring(backup: () => Promise<string>, first: number): Promise<{ accepted: Accepted[]; began: number; file: string }> {
  const accepted: Accepted[] = [];
  const refused: number[] = [];
  let sent = 0;
  let began = Number.NaN;
  let copy: Promise<string> | undefined;
  let finished = false;
  const worker = async () => {
    while (sent < MIN_POSTS || (!finished && sent < MAX_POSTS)) {
      const i = first + sent++;
      if (sent === BACKUP_AFTER) {
        began = performance.now();
        copy = backup().finally(() => (finished = true));
      }
      const answer = await post(i);
      if (answer.status === 201) accepted.push({ i, id: answer.id!, at: performance.now() });
      else refused.push(answer.status);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const file = await copy!;
  expect(refused).toEqual([]);
  expect(accepted.filter(({ at }) => at > began).length, 'posts answered while and after the backup ran').toBeGreaterThan(0);
  return { accepted, began, file };
}

/** Restores `file` into a fresh path with the real script and checks the messages answered before `began`. */
async function expectRestoredWith(file: string, accepted: Accepted[], began: number, name: string): Promise<void> {
  const target = join(root, name);
  const output = await restore(file, target);
  expect(output.stderr).toBe('');
  expect(output.code).toBe(0);
  expect(output.stdout).toMatch(/It holds \d+ contact messages/);
  const restored = openConnection(target, { readonly: true });
  try {
    expect(restored.pragma('integrity_check', { simple: true })).toBe('ok');
    const byId = restored.prepare('SELECT name, message FROM contact_messages WHERE id = ?');
    const before = accepted.filter(({ at }) => at < began);
    expect(before.length).toBeGreaterThanOrEqual(BACKUP_AFTER - CONCURRENCY);
    for (const { i, id } of before) expect(byId.get(id), `message ${i} (id ${id})`).toEqual({ name: `Kundin ${i} Weiß`, message: text(i) });
  } finally {
    restored.close();
  }
}

let inProcess: { file: string };
let fromCli: { file: string; accepted: Accepted[]; began: number };

describe('backups during a burst of contact posts', () => {
  it('a backup in the server process (takeBackup) holds every message answered 201 before it began', { timeout: 30_000 }, async () => {
    const dir = join(root, 'in-process');
    const { accepted, began, file } = await burstDuring(async () => {
      const run = await takeBackup(db, dir);
      expect(run.error).toBeNull();
      return join(dir, run.file!);
    }, 0);
    inProcess = { file };
    await expectRestoredWith(file, accepted, began, 'restored-in-process.db');
  });

  it('npm run backup, a process of its own, holds every message answered 201 before it began', { timeout: 30_000 }, async () => {
    const dir = join(root, 'cli');
    const { accepted, began, file } = await burstDuring(async () => {
      const output = await script('scripts/backup.ts', [], { DATABASE_PATH: databasePath, BACKUP_DIR: dir });
      expect(output.stderr).toBe('');
      expect(output.code).toBe(0);
      const written = readdirSync(dir);
      expect(written).toHaveLength(1);
      expect(output.stdout).toContain(`Wrote ${join(dir, written[0]!)}`);
      return join(dir, written[0]!);
    }, MAX_POSTS);
    fromCli = { file, accepted, began };
    await expectRestoredWith(file, accepted, began, 'restored-cli.db');
  });

  it('records every run beside the database and in backup_runs, a failed one with its error, as the System page shows it', async () => {
    const status = backupStatus(databasePath, join(root, 'cli'));
    expect(status).toMatchObject({ record: 'ok', lastBackup: { file: basename(fromCli.file), bytes: readFileSync(fromCli.file).length }, lastFailure: null, folder: join(root, 'cli') });
    expect(status.copies.map((copy) => copy.name)).toEqual([basename(fromCli.file)]);
    const runs = db.prepare('SELECT file, bytes, error FROM backup_runs ORDER BY id').all();
    expect(runs).toEqual([
      { file: basename(inProcess.file), bytes: readFileSync(inProcess.file).length, error: null },
      { file: basename(fromCli.file), bytes: readFileSync(fromCli.file).length, error: null },
    ]);

    // After a restore the database lacks the record of the copies taken after it: the newest copy on disk still counts.
    expect(backupStatus(join(root, 'without-records.db'), join(root, 'cli'))).toMatchObject({ record: 'missing', lastBackup: { file: basename(fromCli.file), bytes: readFileSync(fromCli.file).length } });

    const notAFolder = join(root, 'not-a-folder');
    writeFileSync(notAFolder, '');
    const failed = await takeBackup(db, join(notAFolder, 'backups'));
    expect(failed).toMatchObject({ file: null, bytes: null });
    expect(failed.error).toContain(`Cannot write a backup of the database into ${join(notAFolder, 'backups')}`);
    expect(failed.code).toBe('ENOTDIR');
    expect(backupStatus(databasePath, join(notAFolder, 'backups'))).toMatchObject({ lastFailure: { error: failed.error, kind: 'noFolder' }, lastBackup: { file: basename(fromCli.file) }, copies: [] });

    const output = await script('scripts/backup.ts', [], { DATABASE_PATH: databasePath, BACKUP_DIR: join(notAFolder, 'cli') });
    expect(output.code).toBe(1);
    expect(output.stderr).toContain(`Cannot write a backup of the database into ${join(notAFolder, 'cli')}: ENOTDIR`);
  });
});

describe('npm run restore', () => {
  it('refuses while the server runs, naming it, and changes nothing', { timeout: 30_000 }, async () => {
    const count = () => (db.prepare('SELECT count(*) AS n FROM contact_messages').get() as { n: number }).n;
    const before = count();
    const output = await run('npm', ['run', '--silent', 'restore', inProcess.file], { DATABASE_PATH: databasePath });
    expect(output.code).toBe(1);
    expect(output.stderr).toContain(`Refusing to restore while the server (pid ${process.pid}, port ${server.port}) uses ${databasePath}`);
    expect(output.stderr).toContain('Stop the server first');
    expect(count()).toBe(before);
    expect(existsSync(lockPathOf(databasePath))).toBe(true);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('refuses a damaged copy or another file and leaves the current database untouched', { timeout: 30_000 }, async () => {
    const current = join(root, 'restored-in-process.db');
    const bytes = readFileSync(current);
    const truncated = join(root, 'truncated.db');
    copyFileSync(inProcess.file, truncated);
    truncateSync(truncated, Math.floor(readFileSync(truncated).length / 2));
    const garbage = join(root, 'garbage.db');
    writeFileSync(garbage, Buffer.alloc(64 * 1024, 'Kein SQLite. '));
    const stranger = join(root, 'stranger.db');
    const other = openConnection(stranger);
    other.exec('CREATE TABLE notes (text TEXT)');
    other.close();

    for (const [file, reason] of [
      [truncated, /it is not an intact SQLite database \(database disk image is malformed\)|fails SQLite's integrity check/],
      [garbage, /it is not an intact SQLite database \(file is not a database\)/],
      [stranger, /not one of this site/],
    ] as const) {
      const output = await restore(file, current);
      expect(output.code, file).toBe(1);
      expect(output.stderr).toMatch(reason);
      expect(output.stderr).toContain(`${current} was not changed.`);
      expect(readFileSync(current).equals(bytes)).toBe(true);
    }
    expect(readdirSync(root).filter((name) => name.startsWith('restored-in-process.db.'))).toEqual([]);
  });

  it('with the server stopped, restores over its database and keeps the one it replaced as one file', { timeout: 30_000 }, async () => {
    const stored = (db.prepare('SELECT count(*) AS n FROM contact_messages').get() as { n: number }).n;
    db.close();
    await server.close();
    serverClosed = true;
    expect(existsSync(lockPathOf(databasePath))).toBe(false);

    await expectRestoredWith(fromCli.file, fromCli.accepted, fromCli.began, 'site.db');
    const kept = readdirSync(root).filter((name) => name.startsWith('site.db.before-restore-'));
    expect(kept).toHaveLength(1);
    const old = openConnection(join(root, kept[0]!), { readonly: true });
    expect((old.prepare('SELECT count(*) AS n FROM contact_messages').get() as { n: number }).n).toBe(stored);
    old.close();
    // No lock, no half-written copy left behind; the record of the backups stays.
    expect(readdirSync(root).filter((name) => name.startsWith('site.db.')).sort()).toEqual([...kept, 'site.db.backups.json'].sort());
    expect(existsSync(lockPathOf(databasePath))).toBe(false);
  });
});

// The SQLite database the server owns: one file, WAL mode, created on first start.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrations.ts';

export type Db = Database.Database;

/**
 * better-sqlite3 12 on Node ≥ 24.19: Node aborts the process ("Assertion failed: (env) != nullptr"
 * in RemoveEnvironmentCleanupHook) when V8's garbage collector finalises one of its Database or
 * Statement objects while no JavaScript context is entered (seen in this suite's CLI and server
 * processes under Node 24.21; WiseLibs/better-sqlite3#1515). 13.x has no such objects but needs
 * Node 22, so this project keeps 12 while it also runs on Node 20. Hence none is ever
 * collected: a connection prepares each SQL text once and keeps the statement, a pragma runs
 * through the same statements, and every connection stays referenced until the process ends
 * (docs/decisions.md, "Node 24 and better-sqlite3 12"; npm run test:node24 runs the suite where it applies).
 */
const connections = new Map<Db, Map<string, Database.Statement>>();
const prepareOnce = Database.prototype.prepare;
Database.prototype.prepare = function prepare(this: Db, source: string) {
  let statements = connections.get(this);
  if (statements === undefined) connections.set(this, (statements = new Map()));
  let statement = statements.get(source);
  if (statement === undefined) statements.set(source, (statement = prepareOnce.call(this, source)));
  return statement;
} as Db['prepare'];
Database.prototype.pragma = function pragma(this: Db, source: string, options?: Database.PragmaOptions) {
  const statement = this.prepare(`PRAGMA ${source}`);
  if (!statement.reader) {
    statement.run();
    return options?.simple ? undefined : [];
  }
  return options?.simple ? statement.pluck(true).get() : statement.pluck(false).all();
};
// db.backup() (server/store/backup.ts, scripts/restore.ts) makes a native Backup object of the same kind
// and drops it when the copy is done; under Node 24.21 collecting one aborted the process just the
// same, so each is kept too (one a night).
const backups: object[] = [];
const { cppdb } = createRequire(import.meta.url)('better-sqlite3/lib/util.js') as { cppdb: symbol };
const backupOnce = Database.prototype.backup;
let backupsKept = false;
Database.prototype.backup = function backup(this: Db, destination: string, options?: Database.BackupOptions) {
  if (!backupsKept) {
    const native = Object.getPrototypeOf((this as unknown as Record<symbol, object>)[cppdb]) as { backup(...args: unknown[]): object };
    const start = native.backup;
    native.backup = function startBackup(this: unknown, ...args: unknown[]) {
      const made = start.apply(this, args);
      backups.push(made);
      return made;
    };
    backupsKept = true;
  }
  return backupOnce.call(this, destination, options);
};

/**
 * A connection that is never collected (above): every `new Database` of this project goes through
 * here (tests/unit/sqlite-connections.test.ts checks), so a connection a script or test opens only to close
 * it, or to run `exec`, is kept like the rest.
 */
export function openConnection(path: string, options?: Database.Options): Db {
  const db = new Database(path, options);
  connections.set(db, new Map());
  return db;
}

/** How long a write waits for another connection's lock (the CLI scripts hold theirs briefly). */
const BUSY_TIMEOUT_MS = 5_000;

export function openDatabase(databasePath: string): Db {
  if (databasePath !== ':memory:') {
    const folder = dirname(resolve(databasePath));
    try {
      mkdirSync(folder, { recursive: true });
    } catch (error) {
      throw new Error(
        `Cannot create the folder ${folder} for the database ${databasePath}: ${(error as Error).message}. ` +
          'Set DATABASE_PATH to a writable location.',
      );
    }
  }
  let db: Db;
  try {
    db = openConnection(databasePath);
  } catch (error) {
    throw new Error(
      `Cannot open the SQLite database ${databasePath}: ${(error as Error).message}. ` +
        'Check that the file is a SQLite database and writable, or set DATABASE_PATH to another file.',
    );
  }
  // WAL lets the CLI scripts read while the server writes; busy_timeout rides out their short locks.
  db.pragma('journal_mode = WAL');
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // Every commit reaches the disk before the answer: a 201 for a contact message survives a power cut.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  // A deleted row is overwritten in the file, not only unlinked: a contact message deleted on
  // request (Art. 17 DSGVO) must not stay readable in free pages (server/owner/messages.ts).
  db.pragma('secure_delete = ON');
  try {
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** How long the health check waits for another connection's write lock before it calls the database unwritable. */
const HEALTH_WRITE_WAIT_MS = 1_000;
/** A write proven this recently is not proven again: /healthz is public, and every write is a sync to disk. */
export const HEALTH_WRITE_EVERY_MS = 1_000;
const lastWrite = new WeakMap<Db, { at: number; ok: boolean }>();

/** One committed write to health_checks (migration 5): it reaches the disk, so a full or read-only one fails it. */
function writeProbe(db: Db, now: number, log?: (line: string) => void): boolean {
  const last = lastWrite.get(db);
  if (last !== undefined && now - last.at < HEALTH_WRITE_EVERY_MS) return last.ok;
  let ok = false;
  try {
    db.pragma(`busy_timeout = ${HEALTH_WRITE_WAIT_MS}`);
    db.prepare('INSERT INTO health_checks (id, checked_at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at').run(new Date(now).toISOString());
    ok = true;
  } catch (error) {
    ok = false;
    // Once when it starts failing, not at every look of a monitor: a full disk, a read-only file or a lock held elsewhere.
    if (last?.ok !== false) log?.(`Health check: the database takes no write (${(error as Error).message}); /healthz answers 503 until it does.`);
  } finally {
    try {
      db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    } catch {
      // A closed connection: the probe has failed already.
    }
  }
  lastWrite.set(db, { at: now, ok });
  return ok;
}

/** True when the database answers a trivial query and takes a write (a full disk or a read-only file does not). */
export function isDatabaseHealthy(db: Db, now: number = Date.now(), log?: (line: string) => void): boolean {
  try {
    if (db.prepare('select 1 as ok').get() === undefined) return false;
  } catch {
    return false;
  }
  return writeProbe(db, now, log);
}

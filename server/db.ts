// The SQLite database the server owns: one file, WAL mode, created on first start.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrations.ts';

export type Db = Database.Database;

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
    db = new Database(databasePath);
  } catch (error) {
    throw new Error(
      `Cannot open the SQLite database ${databasePath}: ${(error as Error).message}. ` +
        'Check that the file is a SQLite database and writable, or set DATABASE_PATH to another file.',
    );
  }
  // WAL lets the CLI scripts read while the server writes; busy_timeout rides out their short locks.
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  // Every commit reaches the disk before the answer: a 201 for a contact message survives a power cut.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  try {
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** True when the database answers a trivial query. */
export function isDatabaseHealthy(db: Db): boolean {
  try {
    return db.prepare('select 1 as ok').get() !== undefined;
  } catch {
    return false;
  }
}

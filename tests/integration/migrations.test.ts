import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db.ts';

let dir: string | undefined;
const databasePath = () => {
  dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  return join(dir, 'site.db');
};
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

describe('database migrations', () => {
  it('creates the tables of docs/architecture.md (Database) on a new file, in WAL mode', () => {
    const db = openDatabase(databasePath());
    const tables = db.prepare("select name from sqlite_master where type = 'table' order by name").all() as { name: string }[];
    expect(tables.map((table) => table.name)).toEqual(['contact_messages', 'google_reviews', 'page_counts', 'review_syncs', 'visits']);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('keeps the data when the server starts again', () => {
    const path = databasePath();
    const first = openDatabase(path);
    first
      .prepare("insert into contact_messages (created_at, form, name, message) values ('2026-11-22T02:00:00Z', 'kontakt', 'Jürgen Groß', 'Tür zu')")
      .run();
    first.close();
    const again = openDatabase(path);
    expect(again.prepare('select name from contact_messages').all()).toEqual([{ name: 'Jürgen Groß' }]);
    again.close();
  });

  it('refuses a database from a newer server instead of damaging it', () => {
    const path = databasePath();
    const db = openDatabase(path);
    db.pragma('user_version = 99');
    db.close();
    expect(() => openDatabase(path)).toThrow(/version 99, newer than this server knows/);
  });

  it('rejects a review rating outside 1 to 5', () => {
    const db = openDatabase(databasePath());
    expect(() =>
      db.prepare("insert into google_reviews (id, author_name, rating, time_created, synced_at) values ('r1', 'A', 6, 'x', 'y')").run(),
    ).toThrow(/CHECK constraint failed/);
    db.close();
  });
});

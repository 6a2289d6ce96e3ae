import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, openConnection } from '../../server/store/database.ts';

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
    expect(tables.map((table) => table.name)).toEqual(['backup_runs', 'click_counts', 'click_hours', 'contact_messages', 'content_log', 'device_counts', 'google_reviews', 'health_checks', 'mail_delivery', 'owner_account', 'owner_push_keys', 'owner_sessions', 'page_counts', 'push_delivery', 'push_subscriptions', 'review_syncs', 'source_counts', 'visits']);
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

  it('counts the clicks a database of version 2 holds into the daily totals, by Berlin day', () => {
    const path = databasePath();
    const old = openConnection(path);
    // Version 2's tables, as migrations 1 and 2 left them (the click columns are what matters here).
    old.exec("CREATE TABLE visits (id INTEGER PRIMARY KEY, created_at TEXT NOT NULL, kind TEXT NOT NULL, path TEXT NOT NULL, ip TEXT NOT NULL DEFAULT '', session_id TEXT, screen TEXT, timezone TEXT, click TEXT)");
    // Migrations 5 and 7 add columns to it, and 7 an index on created_at.
    old.exec('CREATE TABLE contact_messages (id INTEGER PRIMARY KEY, created_at TEXT)');
    old.exec("INSERT INTO contact_messages (created_at) VALUES ('2026-11-20T08:00:00.000Z')");
    const click = old.prepare("INSERT INTO visits (created_at, kind, path, click) VALUES (?, 'click', '/preise', ?)");
    // 23:30 UTC on 24 November is 00:30 on the 25th in Berlin.
    click.run('2026-11-24T23:30:00.000Z', 'call');
    click.run('2026-11-24T12:00:00.000Z', 'call');
    click.run('2026-11-24T12:05:00.000Z', 'whatsapp');
    old.exec("INSERT INTO visits (created_at, kind, path) VALUES ('2026-11-24T12:00:00.000Z', 'ip', '/preise')");
    old.pragma('user_version = 2');
    old.close();
    const db = openDatabase(path);
    expect(db.prepare('SELECT day, kind, clicks FROM click_counts ORDER BY day, kind').all()).toEqual([
      { day: '2026-11-24', kind: 'call', clicks: 1 },
      { day: '2026-11-24', kind: 'whatsapp', clicks: 1 },
      { day: '2026-11-25', kind: 'call', clicks: 1 },
    ]);
    // Migration 8: the same clicks by Berlin day and hour (UTC+1 in November).
    expect(db.prepare('SELECT day, hour, kind, clicks FROM click_hours ORDER BY day, hour, kind').all()).toEqual([
      { day: '2026-11-24', hour: 13, kind: 'call', clicks: 1 },
      { day: '2026-11-24', hour: 13, kind: 'whatsapp', clicks: 1 },
      { day: '2026-11-25', hour: 0, kind: 'call', clicks: 1 },
    ]);
    // Migration 7: a message from before the inbox reached the owner by mail, so it is not shown as unread.
    expect(db.prepare('SELECT status, opened_at FROM contact_messages').all()).toEqual([{ status: 'new', opened_at: '2026-11-20T08:00:00.000Z' }]);
    db.close();
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

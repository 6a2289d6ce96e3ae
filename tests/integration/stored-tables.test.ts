// The privacy policy lists what the server stores from core/retention.ts (STORED_TABLES):
// a table or a column the migrations add without an entry there fails here.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STORED_TABLES } from '../../core/retention.ts';
import { openDatabase, type Db } from '../../server/store/database.ts';
import { tempDir } from '../support/temp-dir.ts';

/** Every table of the database with its columns in order, as PRAGMA table_info reports them. */
function schemaOf(db: Db): Record<string, string[]> {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as { name: string }[];
  return Object.fromEntries(
    tables.map(({ name }) => [name, (db.pragma(`table_info(${name})`) as { name: string }[]).map((column) => column.name)]),
  );
}

const listed = (): Record<string, string[]> =>
  Object.fromEntries(Object.entries(STORED_TABLES).map(([table, columns]) => [table, [...columns]]));

describe('STORED_TABLES', () => {
  it('names every table and every column of a freshly migrated database, in order', () => {
    const db = openDatabase(join(tempDir('stored-tables-'), 'site.db'));
    try {
      expect(schemaOf(db)).toEqual(listed());
    } finally {
      db.close();
    }
  });

  it('would catch a column or a table added without an entry', () => {
    const db = openDatabase(join(tempDir('stored-tables-'), 'site.db'));
    try {
      db.exec('ALTER TABLE visits ADD COLUMN referrer TEXT');
      expect(schemaOf(db)).not.toEqual(listed());
      db.exec('ALTER TABLE visits DROP COLUMN referrer; CREATE TABLE sessions (id TEXT)');
      expect(schemaOf(db)).not.toEqual(listed());
    } finally {
      db.close();
    }
  });
});

// Under Node ≥ 24.19 better-sqlite3 12 aborts the process when a collected connection is finalised
// (server/store/database.ts). Every connection of the server, the scripts and the tests is kept by
// opening it through openConnection; one `new Database(` elsewhere brought the suite down under Node 24.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/data-copy.ts';

const OWNER = 'server/store/database.ts';
const opensItself = (text: string) => /\bnew\s+Database\s*\(/.test(text);

describe('SQLite connections', () => {
  it(`are opened through openConnection (${OWNER}) everywhere else`, () => {
    const files = ['build', 'core', 'server', 'scripts', 'tests'].flatMap((folder) =>
      readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
        .filter((name) => /\.(tsx?|mjs)$/.test(name))
        .map((name) => join(folder, name)),
    );
    const offenders = files.filter((file) => file !== OWNER && file !== 'tests/unit/sqlite-connections.test.ts' && opensItself(readFileSync(join(ROOT, file), 'utf8')));
    expect(offenders).toEqual([]);
    expect(opensItself(readFileSync(join(ROOT, OWNER), 'utf8'))).toBe(true);
    expect(opensItself("const db = new Database(path, { readonly: true });")).toBe(true);
  });
});

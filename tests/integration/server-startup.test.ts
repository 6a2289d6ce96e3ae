import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseHealthy, openDatabase, openConnection } from '../../server/store/database.ts';
import { startServer } from '../../server/index.ts';
import { request } from './fixtures/http.ts';
import { writeFixtureSite } from './fixtures/site.ts';
import { escapeMarkup } from '../../core/escape.ts';
import { MESSAGES } from '../support/server-files.ts';
import { UNKNOWN_PLACE_TOKENS } from '../../core/build-server-contract.ts';

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'server-startup-'));
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const options = (name: string) => ({
  distDir: join(root, name, 'dist'),
  port: 0,
  host: '127.0.0.1',
  databasePath: join(root, name, 'var', 'deep', 'site.db'),
  log: () => {},
});

describe('startServer', () => {
  it('refuses a missing dist folder and says how to build it', async () => {
    await expect(startServer(options('missing'))).rejects.toThrow(/does not exist\. Run "npm run build"/);
  });

  it('refuses a dist/ whose files for the server another build version wrote, naming each and saying to rebuild', async () => {
    const dist = join(root, 'stale', 'dist');
    writeFixtureSite(dist);
    mkdirSync(join(dist, '_server'), { recursive: true });
    writeFileSync(join(dist, '_server', 'site.json'), JSON.stringify({ name: 'Alt', email: 'kein-mail', phoneDisplay: '0201', url: 'https://example.test', reviewsPageUrl: 'https://example.test/r' }));
    writeFileSync(join(dist, '_server', 'place-fallback.html'), '<title>Schlüsseldienst PLACENAME</title>');
    // A name with markup would go into the page unescaped.
    writeFileSync(join(dist, '_server', 'fallback-places.json'), JSON.stringify({ haan: 'Haan<script>' }));
    const refused = startServer(options('stale'));
    await expect(refused).rejects.toThrow(/dist\/_server\/place-fallback\.html lacks FALLBACKPLACENAME and fallbackplaceslug and was written by another version of the build; run "npm run build"/);
    await expect(refused).rejects.toThrow(/dist\/_server\/site\.json: email: .*run "npm run build"/);
    await expect(refused).rejects.toThrow(/dist\/_server\/fallback-places\.json: haan: .*run "npm run build"/);
  });

  it('refuses a dist/ with the page of an unknown place but without the list of places it is for', async () => {
    const dist = join(root, 'no-places', 'dist');
    writeFixtureSite(dist);
    writeFileSync(join(dist, '_server', 'place-fallback.html'), `<title>Schlüsseldienst ${UNKNOWN_PLACE_TOKENS.name}</title><a href="/${UNKNOWN_PLACE_TOKENS.slug}">`);
    await expect(startServer(options('no-places'))).rejects.toThrow(/dist\/_server\/fallback-places\.json is missing: .*run "npm run build"/);
  });

  it('creates the database folder and opens the file in WAL mode', async () => {
    writeFixtureSite(join(root, 'db', 'dist'));
    const server = await startServer(options('db'));
    await server.close();
    const file = options('db').databasePath;
    expect(existsSync(file)).toBe(true);
    const db = openConnection(file, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('reports a database that no longer answers as unhealthy', () => {
    const db = openDatabase(join(root, 'health', 'site.db'));
    expect(isDatabaseHealthy(db)).toBe(true);
    db.close();
    expect(isDatabaseHealthy(db)).toBe(false);
  });

  it('refuses a dist/ without the visitor\'s messages, or with messages of another version, and says to rebuild', async () => {
    writeFixtureSite(join(root, 'no-messages', 'dist'));
    rmSync(join(root, 'no-messages', 'dist', '_server', 'messages.json'));
    await expect(startServer(options('no-messages'))).rejects.toThrow(/dist\/_server\/messages\.json is missing: .*run "npm run build"/);
    const { notFound: _gone, ...older } = MESSAGES;
    writeFileSync(join(root, 'no-messages', 'dist', '_server', 'messages.json'), JSON.stringify({ ...older, api: { ...older.api, tooManyRequests: '' } }));
    const refused = startServer(options('no-messages'));
    await expect(refused).rejects.toThrow(/dist\/_server\/messages\.json: (api\.tooManyRequests|notFound): .*run "npm run build"/);
    expect(existsSync(options('no-messages').databasePath)).toBe(false);
  });

  it('answers 404 with the German page of the messages when the build wrote no 404.html', async () => {
    writeFixtureSite(join(root, 'no404', 'dist'));
    rmSync(join(root, 'no404', 'dist', '404.html'));
    const server = await startServer(options('no404'));
    try {
      const res = await request(server.url, '/fehlt');
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body.toString()).toContain(`<h1>${escapeMarkup(MESSAGES.notFound.title)}</h1>`);
      expect(res.body.toString()).toContain(`<a href="/">${escapeMarkup(MESSAGES.notFound.home)}</a>`);
    } finally {
      await server.close();
    }
  });

  it('names the port when it is taken', async () => {
    writeFixtureSite(join(root, 'taken', 'dist'));
    const first = await startServer(options('taken'));
    try {
      await expect(startServer({ ...options('taken'), port: first.port })).rejects.toThrow(
        new RegExp(`Cannot listen on 127\\.0\\.0\\.1:${first.port}: EADDRINUSE`),
      );
    } finally {
      await first.close();
    }
  });
});

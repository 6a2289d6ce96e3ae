// What another site can make a visitor's browser do to ours, and the request targets of RFC 9112,
// against the real server with a real SQLite file: posts that a browser marks as cross-site are
// refused before they reach the API (and the owner's console's editing routes, with a session);
// our own pages and clients without browser headers pass.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/index.ts';
import { hashPassword, storePasswordHash } from '../../server/owner/password.ts';
import { openDatabase, openConnection } from '../../server/store/database.ts';
import { CONSOLE_TOKENS, serverFile } from '../../core/build-server-contract.ts';
import { copyData } from '../support/data-copy.ts';
import { serveContactSite, SITE_FACTS, writeContactSite } from './fixtures/contact-sink.ts';
import { rawExchange } from './fixtures/http.ts';
import { escapeMarkup } from '../../core/escape.ts';
import { MESSAGES } from '../support/server-files.ts';
import { DATA_FORMS } from '../../server/content/forms.ts';
import { dataVersion } from '../../server/content/site-build.ts';
import { formPath } from '../../server/owner/views/content-view.tsx';
import { PREVIEW_PATH, PUBLISH_PATH, UNDO_PATH } from '../../server/owner/views/publish-view.tsx';

let root: string;
let server: RunningServer;
let db: Database.Database;
let nextIp = 1;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cross-site-'));
  server = await serveContactSite(root);
  db = openConnection(join(root, 'site.db'), { readonly: true });
});

afterAll(async () => {
  db?.close();
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

const messages = () => (db.prepare('SELECT count(*) AS n FROM contact_messages').get() as { n: number }).n;
const FORM = 'form=kontakt&name=Max+Muster&phone=0201+123456&message=Bitte+zur%C3%BCckrufen&privacy=on';

/** A plain form post to /api/contact with the given browser headers, from a fresh visitor address. */
async function postForm(headers: Record<string, string>) {
  const response = await fetch(`${server.url}/api/contact`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': `198.51.100.${nextIp++}`, ...headers },
    body: FORM,
  });
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
}

/** The status line of the answer to `requestLine`, sent raw over HTTP/1.1. */
async function rawStatus(requestLine: string): Promise<string> {
  const answer = await rawExchange(server.url, `${requestLine}\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`);
  return answer.split('\r\n')[0]!;
}

describe('posts another site makes a browser send', () => {
  it('refuses a form another site posts (Origin only) with 403 and a German page, and stores nothing', async () => {
    const before = messages();
    const answer = await postForm({ Origin: 'https://evil.example' });
    expect(answer.status).toBe(403);
    expect(answer.type).toMatch(/^text\/html/);
    expect(answer.text).toContain(`<h1>${escapeMarkup(MESSAGES.api.crossSite.title)}</h1>`);
    expect(answer.text).toContain(escapeMarkup(MESSAGES.api.crossSite.text));
    expect(messages()).toBe(before);
  });

  it('refuses by Sec-Fetch-Site where the browser sends it, even with an Origin that looks like ours', async () => {
    const answer = await postForm({ 'Sec-Fetch-Site': 'cross-site', Origin: SITE_FACTS.url });
    expect(answer.status).toBe(403);
    expect((await postForm({ 'Sec-Fetch-Site': 'same-site' })).status).toBe(403);
    expect((await postForm({ Origin: 'null' })).status).toBe(403);
  });

  it('refuses the JSON API and the visitor log alike, in JSON', async () => {
    for (const path of ['/api/contact', '/api/log/visit', '/api/log/click']) {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' },
        body: '{}',
      });
      expect(response.status, path).toBe(403);
      expect((await response.json()) as unknown, path).toEqual({ error: MESSAGES.api.crossSite.text });
    }
  });

  it('takes posts from our own pages (same origin, or the Origin of the configured site) and from clients without browser headers', async () => {
    const before = messages();
    expect((await postForm({ 'Sec-Fetch-Site': 'same-origin', Origin: server.url })).status).toBe(201);
    expect((await postForm({ Origin: server.url })).status).toBe(201);
    expect((await postForm({ Origin: SITE_FACTS.url })).status).toBe(201);
    expect((await postForm({})).status).toBe(201);
    expect(messages()).toBe(before + 4);
  });

  it('lets reads through whatever their origin (a link from another site to a page or the reviews)', async () => {
    const response = await fetch(`${server.url}/api/reviews`, { headers: { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' } });
    expect(response.status).toBe(200);
  });
});

describe('request targets in absolute form (RFC 9112 §3.2.2)', () => {
  it('answers a target naming the address the server listens on, or the configured site, as its path', async () => {
    expect(await rawStatus(`GET http://127.0.0.1:${server.port}/ HTTP/1.1`)).toBe('HTTP/1.1 200 OK');
    expect(await rawStatus(`GET ${SITE_FACTS.url}/ HTTP/1.1`)).toBe('HTTP/1.1 200 OK');
    expect(await rawStatus(`GET ${SITE_FACTS.url}/gibt-es-nicht HTTP/1.1`)).toBe('HTTP/1.1 404 Not Found');
  });

  it('answers 400 for another host: the server is no proxy', async () => {
    expect(await rawStatus('GET http://evil.example/ HTTP/1.1')).toBe('HTTP/1.1 400 Bad Request');
    expect(await rawStatus(`GET http://127.0.0.1:${server.port + 1}/ HTTP/1.1`)).toBe('HTTP/1.1 400 Bad Request');
  });
});

describe("the owner's console's editing routes", () => {
  it('refuses a post another site makes the owner\'s logged-in browser send, and writes no data file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cross-site-console-'));
    const data = copyData();
    try {
      writeContactSite(join(dir, 'dist'));
      writeFileSync(join(dir, 'dist', serverFile('consolePage')), `<!doctype html><title>${CONSOLE_TOKENS.title}</title>${CONSOLE_TOKENS.nav}<main>${CONSOLE_TOKENS.body}</main>`);
      const owner = await startServer({ distDir: join(dir, 'dist'), port: 0, host: '127.0.0.1', databasePath: join(dir, 'site.db'), log: () => undefined, features: { jobs: false, smtpUrl: null, mailDir: join(dir, 'mail'), loginFailureMs: 50, dataDir: data.dir } });
      try {
        const consoleDb = openDatabase(join(dir, 'site.db'));
        storePasswordHash(consoleDb, await hashPassword('Quer-Seite-Test-2026'));
        consoleDb.close();
        const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
        const login = await fetch(`${owner.url}/intern/anmelden`, { method: 'POST', headers: { ...form, 'Sec-Fetch-Site': 'same-origin' }, body: 'password=Quer-Seite-Test-2026', redirect: 'manual' });
        const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
        const before = dataVersion(data.dir);
        // Every route that changes data or the served site: each form, the photos, the places, the preview, publishing, undo.
        const photosAndPlaces = ['/intern/inhalte/fotos/neu', '/intern/inhalte/fotos/galerie-tueroeffnung', '/intern/inhalte/fotos/galerie-tueroeffnung/entfernen', '/intern/inhalte/orte/neu', '/intern/inhalte/orte/essen', '/intern/inhalte/orte/essen/stadtteil', '/intern/inhalte/orte/essen/entfernen'];
        // And every route that changes the owner's own records: a message's status, note, mail and
        // deletion, the phone alerts' devices, the review sync.
        const records = ['/intern/nachrichten/1/status', '/intern/nachrichten/1/notiz', '/intern/nachrichten/1/senden', '/intern/nachrichten/1/loeschen', '/intern/benachrichtigungen/abonnieren', '/intern/benachrichtigungen/geraete/1/entfernen', '/intern/bewertungen/abgleichen'];
        for (const path of [...DATA_FORMS.map(formPath), ...photosAndPlaces, PREVIEW_PATH, PUBLISH_PATH, UNDO_PATH, ...records]) {
          for (const headers of [{ 'Sec-Fetch-Site': 'cross-site' }, { Origin: 'https://evil.example' }] as Record<string, string>[]) {
            const answer = await fetch(`${owner.url}${path}`, { method: 'POST', headers: { ...form, ...headers, Cookie: cookie }, body: 'services.tuer-zugefallen.price=1', redirect: 'manual' });
            expect(answer.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
          }
        }
        expect(dataVersion(data.dir)).toBe(before);
      } finally {
        await owner.close();
      }
    } finally {
      data.remove();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

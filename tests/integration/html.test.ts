// The HTML visitors get and the links between pages: the Nu Html Checker (Java) on one page of
// every template as the real server answers it, and every internal link of the built site. Like
// `npm run audit`, without Lighthouse, whose scores are not deterministic.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLinks, formatBrokenLinks } from '../../scripts/lib/links.ts';
import { firstRoutePerTemplate, readRoutes, type Route } from '../../scripts/lib/routes.ts';
import { checkServedPages, contactResultPages, formatMessage, type ServedPage } from '../../scripts/lib/vnu.ts';
import { openDatabase } from '../../server/store/database.ts';
import { startServer, type RunningServer } from '../../server/index.ts';
import { hashPassword, storePasswordHash } from '../../server/owner/password.ts';
import { makePushKeys } from '../../server/push/keys.ts';
import { buildSite, type BuiltSite } from '../support/site-build.ts';

let site: BuiltSite;
let root: string;
let routes: Route[];
/** Before the first review sync: /bewertungen as built. */
let fresh: RunningServer;
/** After a successful sync: /bewertungen with the aggregate rating the server adds. */
let synced: RunningServer;
const CONSOLE_PASSWORD = 'html-check-password-1';

/** The owner's console as the owner sees it (server/owner/), fetched with a session, as data: URLs for the checker. */
async function consolePages(baseUrl: string): Promise<ServedPage[]> {
  const login = await fetch(new URL('/intern/anmelden', baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
    body: new URLSearchParams({ password: CONSOLE_PASSWORD }),
    redirect: 'manual',
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const paths = ['/intern/anmelden?abgemeldet', '/intern/nachrichten', '/intern/nachrichten?status=in-arbeit&zeit=7-tage', '/intern/nachrichten/1', '/intern/nachrichten/1/loeschen', '/intern/besuche', '/intern/bewertungen', '/intern/telefon', '/intern/inhalte', '/intern/inhalte/preise', '/intern/system', '/intern/benachrichtigungen'];
  return Promise.all(
    paths.map(async (path) => {
      const html = await fetch(new URL(path, baseUrl), { headers: path.includes('anmelden') ? {} : { Cookie: cookie } }).then((response) => response.text());
      // Each page itself, not the login form a missing session would give.
      if (!path.includes('anmelden')) expect(html, path).not.toContain('id="password"');
      return { name: `console ${path}`, url: `data:text/html;charset=utf-8,${encodeURIComponent(html)}` };
    }),
  );
}

function seedSync(databasePath: string): void {
  const db = openDatabase(databasePath);
  try {
    db.prepare(
      'insert into review_syncs (started_at, success, inserted, place_rating, place_rating_count) values (?, 1, 0, 4.7, 128)',
    ).run(new Date().toISOString());
  } finally {
    db.close();
  }
}

const serve = (databasePath: string) =>
  startServer({ distDir: site.dir, port: 0, host: '127.0.0.1', databasePath, log: () => undefined, features: { jobs: false, mailDir: join(root, 'mail') } });

beforeAll(async () => {
  site = await buildSite();
  root = mkdtempSync(join(tmpdir(), 'html-test-'));
  routes = await readRoutes(site.dir);
  const freshDb = openDatabase(join(root, 'fresh.db'));
  storePasswordHash(freshDb, await hashPassword(CONSOLE_PASSWORD));
  freshDb.prepare("INSERT INTO contact_messages (created_at, form, name, email, message) VALUES (?, 'kontakt', 'Jürgen Groß', 'j@example.de', 'Tür zu')").run(new Date().toISOString());
  // The phone alerts' page with its button and a device (server/owner/views/push-view.tsx).
  makePushKeys(freshDb);
  freshDb.prepare("INSERT INTO push_subscriptions (endpoint, device_key, auth_secret, label, created_at) VALUES ('https://push.example/1', 'k', 'a', 'Android-Telefon, Chrome', ?)").run(new Date().toISOString());
  // The console's list of reviews with a low one, marked (/intern/bewertungen).
  freshDb.prepare("INSERT INTO google_reviews (id, author_name, rating, text, time_created, synced_at) VALUES ('places/x/reviews/1', 'Karl Kritisch', 2, 'Zu spät', ?, ?)").run(new Date().toISOString(), new Date().toISOString());
  freshDb.close();
  fresh = await serve(join(root, 'fresh.db'));
  seedSync(join(root, 'synced.db'));
  synced = await serve(join(root, 'synced.db'));
}, 180_000);

afterAll(async () => {
  await fresh?.close();
  await synced?.close();
  if (root) rmSync(root, { recursive: true, force: true });
  site?.remove();
});

describe('the Nu Html Checker', () => {
  it('finds no HTML error on one page of every template as the server answers it', async () => {
    const pages: ServedPage[] = [
      ...firstRoutePerTemplate(routes).map((route) => ({ name: `${route.template} ${route.path}`, url: new URL(route.path, fresh.url).href })),
      { name: 'reviews with a synced rating', url: new URL('/bewertungen', synced.url).href },
      ...contactResultPages(fresh.url),
      ...(await consolePages(fresh.url)),
      // A known error in the same run: proves the checker's findings reach this test at all.
      { name: 'control', url: `data:text/html,${encodeURIComponent('<!doctype html><html lang="de"><title>x</title><p><div></p>')}` },
    ];
    const results = await checkServedPages(pages);

    const ratingPage = await fetch(new URL('/bewertungen', synced.url)).then((response) => response.text());
    expect(ratingPage).toContain('"aggregateRating"');
    expect(routes.map((route) => route.template)).toEqual(expect.arrayContaining(['fallback', 'reviews', '404', 'district']));

    const control = results.pop()!;
    expect(control.errors).toBeGreaterThan(0);
    expect(results.filter((result) => result.problem).map((result) => result.problem)).toEqual([]);
    const errors = results.flatMap((result) =>
      result.messages.filter((message) => message.type === 'error').map((message) => `${result.name}: ${formatMessage(message)}`),
    );
    expect(errors).toEqual([]);
  }, 120_000);
});

describe('internal links', () => {
  it('every same-site link of every page leads to a file the server serves, every #fragment to an id', async () => {
    const report = await checkLinks(site.dir);
    expect(report.pages).toBe(routes.length);
    expect(report.links).toBeGreaterThan(report.pages);
    expect(formatBrokenLinks(report.broken)).toEqual([]);
  }, 60_000);
});

describe('the server\'s own files', () => {
  it('are in the built site but never served: route table, business facts, templates', async () => {
    for (const file of ['routes.json', 'site.json', 'place-fallback.html', 'message.html']) {
      expect(site.read(`_server/${file}`).length, file).toBeGreaterThan(0);
      expect((await fetch(new URL(`/_server/${file}`, fresh.url))).status, file).toBe(404);
    }
    expect((await fetch(new URL('/routes.json', fresh.url))).status).toBe(404);
  });
});

// What a publish from the console serves, against the real server, real builds into a real release
// layout and a real git repository of data whose every go-live item is resolved: the Start page,
// the preview and the publish agree on "ready" by the rule of `npm run build -- --production` with
// the server's SITE_URL (an example SITE_URL counts against both); a ready publish is a production
// build, byte for byte what `build --production` makes of the same data; and a preview built
// before a developer's new release (other code, templates, styles) is never what a publish serves.
import { spawnSync } from 'node:child_process';
import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { escapeMarkup } from '../../core/escape.ts';
import { consoleWordsSchema, type ConsoleWords } from '../../core/schema/console.ts';
import { fillSlots } from '../../core/slots.ts';
import { startServer, type RunningServer } from '../../server/index.ts';
import { hashPassword, storePasswordHash } from '../../server/owner/password.ts';
import { openDatabase } from '../../server/store/database.ts';
import { dataCheckout, type DataCheckout } from '../support/data-checkout.ts';
import { ROOT } from '../support/data-copy.ts';
import { REAL_SITE_URL, resolveGoLive } from '../support/real-data.ts';
import { tempDir } from '../support/temp-dir.ts';

/** A test here runs several whole builds (preview, a developer's release, publish, --production): minutes on a loaded 2-core machine. */
const BUILDS_MS = 300_000;
const PASSWORD = 'Produktion-Essen-2026';
/** Written into the preview's price page: what the old code's templates made, which no build of this code makes. */
const OLD_CODE = 'Vorlage-der-alten-Fassung';
let checkout: DataCheckout;
let words: ConsoleWords;
let dir: string;

beforeAll(() => {
  checkout = dataCheckout();
  resolveGoLive(checkout.data);
  words = consoleWordsSchema.parse(parse(checkout.data.read('console.yaml')));
  dir = tempDir('owner-publish-release-');
}, BUILDS_MS);

afterAll(() => checkout?.data.remove());

interface Console {
  server: RunningServer;
  log: string[];
  page(path: string): Promise<string>;
  post(path: string, fields?: Record<string, string>): Promise<{ status: number; html: string; location: string | null }>;
}

/** The server on the checkout with this SITE_URL, logged in; closed after `use`. */
async function withConsole(siteUrl: string, use: (site: Console) => Promise<void>): Promise<void> {
  const log: string[] = [];
  const server = await startServer({
    distDir: checkout.dist,
    port: 0,
    host: '127.0.0.1',
    databasePath: join(dir, 'site.db'),
    log: (line) => log.push(line),
    features: { jobs: false, smtpUrl: null, mailDir: join(dir, 'mail'), backupDir: join(dir, 'backups'), loginFailureMs: 100, googlePlacesApiKey: null, dataDir: checkout.data.dir, siteUrl },
  });
  try {
    const db = openDatabase(join(dir, 'site.db'));
    storePasswordHash(db, await hashPassword(PASSWORD));
    db.close();
    const login = await fetch(`${server.url}/intern/anmelden`, { method: 'POST', headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ password: PASSWORD }), redirect: 'manual' });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    await use({
      server,
      log,
      page: async (path) => (await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } })).text(),
      post: async (path, fields = {}) => {
        const answer = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' }, body: new URLSearchParams(fields), redirect: 'manual' });
        return { status: answer.status, html: await answer.text(), location: answer.headers.get('location') };
      },
    });
  } finally {
    await server.close();
  }
}

const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
const release = () => realpathSync(checkout.dist);
/** The hash of every page a build wrote, by file (its _server/files.json). */
const pageHashes = (folder: string) =>
  Object.fromEntries(Object.entries(JSON.parse(readFileSync(join(folder, '_server/files.json'), 'utf8')) as Record<string, { hash: string }>).filter(([file]) => file.endsWith('.html')).map(([file, { hash }]) => [file, hash]));
const builtAt = (folder: string) => Date.parse((JSON.parse(readFileSync(join(folder, '_server/site.json'), 'utf8')) as { build: { date: string } }).build.date);

/** Waits until the server logs that it serves `folder`. */
async function serving(site: Console, folder: string): Promise<boolean> {
  for (let tries = 0; tries < 120; tries++) {
    if (site.log.some((line) => line.startsWith(`Now serving the release in ${folder} `))) return true;
    await new Promise((done) => setTimeout(done, 250));
  }
  return false;
}

/** `npm run build` as a developer runs it on the server (a new release, served at once), or with `--out` and `--production`. */
function build(args: string[]): { status: number | null; stderr: string } {
  return spawnSync(process.execPath, ['build/launch.mjs', '--data', checkout.data.dir, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 240_000, env: { ...process.env, SITE_URL: REAL_SITE_URL } });
}

describe('publishing ready data', { timeout: BUILDS_MS }, () => {
  it('counts an example SITE_URL on the Start page as the preview counts it: one item before going live, not ready', async () => {
    await withConsole('https://www.example.de', async (site) => {
      const start = await site.page('/intern/inhalte/start');
      expect(start).toContain('data-kind="siteUrlExample"');
      expect([...start.matchAll(/<section data-group="required">(.*?)<\/section>/gs)].flatMap(([, body]) => [...body!.matchAll(/data-kind="(\w+)"/g)].map(([, kind]) => kind))).toEqual(['siteUrlExample']);
      expect(start).not.toContain(escapeMarkup(words.start.ready));
      expect((await site.post('/intern/vorschau')).status).toBe(303);
      const preview = await site.page('/intern/vorschau');
      expect(preview).toContain(escapeMarkup(fillSlots(words.publish.notProduction, { count: '1' })));
      expect(preview).not.toContain(escapeMarkup(words.publish.production));
    });
  });

  it('with the real SITE_URL: ready on the Start page and in the preview; a preview built for another SITE_URL, or before a developer\'s new release, is never what a publish serves', async () => {
    await withConsole(REAL_SITE_URL, async (site) => {
      const start = await site.page('/intern/inhalte/start');
      expect(start).toContain(escapeMarkup(words.start.ready));
      expect(start).not.toContain('data-group="required"');
      // The preview of the example SITE_URL's server: its links would point there.
      let preview = await site.page('/intern/vorschau');
      expect(preview).toContain(escapeMarkup(words.publish.previewOutdated));
      expect(preview).not.toContain('action="/intern/vorschau/veroeffentlichen"');
      expect((await site.post('/intern/vorschau')).status).toBe(303);
      preview = await site.page('/intern/vorschau');
      expect(preview).toContain(escapeMarkup(words.publish.production));
      const version = hidden(preview, 'stand');
      expect(version).not.toBe('');

      // The preview's price page as older code made it; then a developer deploys newer code.
      const page = join(checkout.repo, 'releases/preview/preise/index.html');
      const old = readFileSync(page, 'utf8').replace('</main>', `<p>${OLD_CODE}</p></main>`);
      writeFileSync(page, old);
      writeFileSync(`${page}.br`, brotliCompressSync(old));
      const developer = build(['--dist', checkout.dist]);
      expect(developer.status, developer.stderr).toBe(0);
      const deployed = release();
      expect(await serving(site, deployed)).toBe(true);
      expect(await site.page('/intern/vorschau')).toContain(escapeMarkup(words.publish.previewOutdated));

      // The data is as previewed: the publish goes ahead, building the release with the code now deployed.
      const published = await site.post('/intern/vorschau/veroeffentlichen', { stand: version });
      expect(published.status, published.html).toBe(303);
      expect(published.location).toBe('/intern/inhalte/verlauf?ergebnis=veroeffentlicht');
      const history = await site.page(published.location!);
      expect(history).toContain(escapeMarkup(words.publish.published));
      expect(history).not.toContain(escapeMarkup(words.publish.publishedTest));
      expect(site.log.some((line) => /^Owner's console: published \(production build\): /.test(line))).toBe(true);
      const served = release();
      expect(basename(served) > basename(deployed)).toBe(true);
      expect(await serving(site, served)).toBe(true);
      expect(builtAt(served)).toBeGreaterThan(builtAt(deployed));
      const prices = await (await fetch(`${site.server.url}/preise`)).text();
      expect(prices).toContain('</main>');
      expect(prices).not.toContain(OLD_CODE);

      // What `npm run build -- --production` makes of the same data, page for page.
      const out = join(dir, 'production');
      const production = build(['--production', '--out', out]);
      expect(production.status, production.stderr).toBe(0);
      expect(pageHashes(served)).toEqual(pageHashes(out));
      expect(checkout.git('log', '-1', '--format=%an')).toBe('Inhaber (Konsole)\n');
    });
  });
});

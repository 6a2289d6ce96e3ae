// The owner changes a price, looks at the preview, publishes and undoes it, in Chromium on a 360 px
// phone without JavaScript, against the real server on a release layout of a git checkout of the
// data (tests/support/data-checkout.ts): visitors read the new price on /, /preise and a town page
// from the running server without a restart, and the old one again after the undo; data/prices.yaml
// keeps every comment through both. While the owner is logged in, a page of another site that
// makes his Chromium post the Preise form is refused and changes nothing.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { consoleWordsSchema, type ConsoleWords } from '../../core/schema/console.ts';
import { startServer, type RunningServer } from '../../server/index.ts';
import { hashPassword, storePasswordHash } from '../../server/owner/password.ts';
import { openDatabase } from '../../server/store/database.ts';
import { dataCheckout, type DataCheckout } from '../support/data-checkout.ts';
import { tempDir } from '../support/temp-dir.ts';
import { useBrowser, type Visit } from './browser.ts';

const PASSWORD = 'Preis-aendern-Essen-2026';
const PHONE = { width: 360, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
/** A build on a loaded 2-core machine may take many seconds: a press that builds waits this long. */
const BUILD_WAIT_MS = 120_000;
let server: RunningServer;
let checkout: DataCheckout;
let words: ConsoleWords;
/** Another site: "localhost" is not the site "127.0.0.1" to the browser. Its page is set by the test. */
let otherSite: Server;
let otherPage = '';
let otherUrl: string;

beforeAll(async () => {
  checkout = dataCheckout();
  const dir = tempDir('owner-publish-e2e-');
  server = await startServer({ distDir: checkout.dist, port: 0, host: '127.0.0.1', databasePath: join(dir, 'site.db'), log: () => undefined, features: { jobs: false, loginFailureMs: 200, dataDir: checkout.data.dir } });
  const db = openDatabase(join(dir, 'site.db'));
  storePasswordHash(db, await hashPassword(PASSWORD));
  db.close();
  words = consoleWordsSchema.parse(parse(checkout.data.read('console.yaml')));
  otherSite = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(otherPage));
  await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
  otherUrl = `http://localhost:${(otherSite.address() as AddressInfo).port}/`;
}, 240_000);

afterAll(async () => {
  if (otherSite) await new Promise((resolve) => otherSite.close(resolve));
  await server?.close();
  checkout?.data.remove();
});

const open = useBrowser({ javaScript: false });
const mainText = (v: Visit) => v.page.$eval('main', (main) => (main as HTMLElement).innerText);
const overflow = (v: Visit) => v.page.evaluate((width) => document.documentElement.scrollWidth - width, PHONE.width);

/** Clicks what `selector` finds and waits for the page it leads to. */
async function press(v: Visit, selector: string, timeout = 30_000): Promise<void> {
  await Promise.all([v.page.waitForNavigation({ timeout }), v.page.click(selector)]);
}

/** Whether a visitor (no cookie) reads `text` on each of the pages within 20 s. */
async function visitorsRead(text: string): Promise<boolean> {
  for (let tries = 0; tries < 80; tries++) {
    const pages = await Promise.all(['/', '/preise', '/schluesseldienst/bochum'].map(async (path) => (await fetch(`${server.url}${path}`)).text()));
    if (pages.every((html) => html.includes(text))) return true;
    await new Promise((done) => setTimeout(done, 250));
  }
  return false;
}

/** What a visitor (no cookie) reads as the price of a door that fell shut on each page: every place it stands. */
async function doorPrices(): Promise<Record<string, string[]>> {
  const pages = ['/', '/preise', '/schluesseldienst/bochum'];
  const texts = await Promise.all(pages.map(async (path) => (await fetch(`${server.url}${path}`)).text()));
  return Object.fromEntries(pages.map((path, i) => [path, [...new Set([...texts[i]!.matchAll(/data-price-id="tuer-zugefallen">([^<]*)</g)].map(([, price]) => price!))]]));
}
const everywhere = (price: string) => ({ '/': [price], '/preise': [price], '/schluesseldienst/bochum': [price] });
/** The comment lines of a YAML file, in order. */
const comments = (text: string) => text.split('\n').filter((line) => line.trimStart().startsWith('#'));

/** A page of the other site that posts the Preise form with `fields` as soon as it loads. */
function attackPage(target: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields).map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`).join('');
  return `<!doctype html><html><body><form id="f" method="post" action="${target}">${inputs}</form><script>document.getElementById('f').submit()</script></body></html>`;
}

describe('changing a price from the phone', () => {
  it('saves 79 €, shows the preview and its change, publishes it to every page without a restart, and undoes it', async () => {
    const v = await open(`${server.url}/intern/anmelden`, { viewport: PHONE });
    await v.page.type('#password', PASSWORD);
    await press(v, 'button[type="submit"]');
    await v.page.goto(`${server.url}/intern/inhalte/preise`);
    const original = checkout.data.read('prices.yaml');
    expect(await doorPrices()).toEqual(everywhere('69\u00a0€'));

    // Another site's page, opened in the owner's browser while he is logged in, posts the form with the file's very version.
    const version = await v.page.$eval('input[name="_version"]', (input) => (input as HTMLInputElement).value);
    otherPage = attackPage(`${server.url}/intern/inhalte/preise`, { _version: version, 'services.tuer-zugefallen.price': '1' });
    const tab = await v.context.newPage();
    const answers: number[] = [];
    tab.on('response', (response) => void (response.url() === `${server.url}/intern/inhalte/preise` && answers.push(response.status())));
    await tab.goto(otherUrl, { waitUntil: 'load' });
    await tab.waitForFunction((url) => location.href === url && document.readyState === 'complete', {}, `${server.url}/intern/inhalte/preise`);
    expect(answers).toEqual([403]);
    expect(await tab.$eval('main', (main) => (main as HTMLElement).innerText)).toContain(words.login.refused);
    await tab.close();
    expect(checkout.data.read('prices.yaml')).toBe(original);

    const field = 'input[name="services.tuer-zugefallen.price"]';
    await v.page.$eval(field, (input) => ((input as HTMLInputElement).value = ''));
    await v.page.type(field, '79');
    await press(v, '.console-form button[type="submit"]', 60_000);
    expect(await mainText(v)).toContain('Zugefallene Tür: 69\u00a0€ → 79\u00a0€');
    expect(await visitorsRead('sonst 138\u00a0€')).toBe(true);

    await press(v, '#gespeichert a[href="/intern/vorschau"]');
    expect(await mainText(v)).toContain('Besucher lesen bisher: 69\u00a0€ Mo–Fr 8–18 Uhr außer an Feiertagen; sonst 138\u00a0€. Danach: 79\u00a0€ Mo–Fr 8–18 Uhr außer an Feiertagen; sonst 158\u00a0€');
    await press(v, 'main form[action="/intern/vorschau"] button', BUILD_WAIT_MS);
    expect(await overflow(v)).toBeLessThanOrEqual(0);
    await press(v, 'main a[href="/intern/vorschau/preise"]');
    expect(await v.page.$eval('body', (body) => body.innerText)).toContain('Vorschau: So sieht diese Seite nach dem Veröffentlichen aus.');
    expect(await v.page.$eval('[data-price-outside="tuer-zugefallen"]', (price) => price.textContent)).toBe('158\u00a0€');
    await v.page.goBack();

    await press(v, 'main form[action="/intern/vorschau/veroeffentlichen"] button', BUILD_WAIT_MS);
    expect(new URL(v.page.url()).pathname).toBe('/intern/inhalte/verlauf');
    expect(await mainText(v)).toContain('Veröffentlicht.');
    expect(await visitorsRead('sonst 158\u00a0€')).toBe(true);
    expect(await doorPrices()).toEqual(everywhere('79\u00a0€'));
    expect(comments(checkout.data.read('prices.yaml'))).toEqual(comments(original));
    expect(await overflow(v)).toBeLessThanOrEqual(0);

    await press(v, 'main form[action="/intern/inhalte/verlauf/rueckgaengig"] button');
    expect(await mainText(v)).toContain('Veröffentlichung rückgängig machen?');
    await press(v, 'main form[method="post"][action="/intern/inhalte/verlauf/rueckgaengig"] button', BUILD_WAIT_MS);
    expect(await mainText(v)).toContain('Rückgängig gemacht und veröffentlicht.');
    expect(await visitorsRead('sonst 138\u00a0€')).toBe(true);
    expect(await doorPrices()).toEqual(everywhere('69\u00a0€'));
    expect(comments(checkout.data.read('prices.yaml'))).toEqual(comments(original));
    expect(checkout.git('log', '--format=%an', '-3')).toBe('Inhaber (Konsole)\nInhaber (Konsole)\nEntwickler\n');
  }, 600_000);
});

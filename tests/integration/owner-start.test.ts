// /intern/inhalte/start against the real server and a copy of the shipped example data: every open
// go-live item of the data, grouped as the check groups them, each with a link to the page of the
// console that resolves it; an item resolved in a form leaves the list at once, before publishing.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/index.ts';
import { hashPassword, storePasswordHash } from '../../server/owner/password.ts';
import { openDatabase } from '../../server/store/database.ts';
import { copyData, type DataCopy } from '../support/data-copy.ts';
import { buildSite } from '../support/site-build.ts';
import { tempDir } from '../support/temp-dir.ts';

const PASSWORD = 'Start-der-Website-2026';
let data: DataCopy;
let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  data = copyData();
  const dir = tempDir('owner-start-');
  const site = await buildSite();
  server = await startServer({ distDir: site.dir, port: 0, host: '127.0.0.1', databasePath: join(dir, 'site.db'), log: () => undefined, features: { jobs: false, smtpUrl: null, mailDir: join(dir, 'mail'), loginFailureMs: 100, dataDir: data.dir } });
  const db = openDatabase(join(dir, 'site.db'));
  storePasswordHash(db, await hashPassword(PASSWORD));
  db.close();
  const login = await fetch(`${server.url}/intern/anmelden`, { method: 'POST', headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ password: PASSWORD }), redirect: 'manual' });
  cookie = login.headers.get('set-cookie')!.split(';')[0]!;
}, 120_000);

afterAll(async () => {
  await server?.close();
  data?.remove();
});

const page = async (path: string) => (await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } })).text();
const decode = (text: string) => text.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

/** The list's items: their group, text and the address of their link. */
function itemsOf(html: string): { group: string; text: string; href: string | null }[] {
  return [...html.matchAll(/<section data-group="(\w+)">(.*?)<\/section>/gs)].flatMap(([, group, body]) =>
    [...body!.matchAll(/<li data-kind="\w+">(.*?)<\/li>/gs)].map(([, item]) => ({ group: group!, text: decode(item!.replace(/<[^>]+>/g, '')), href: /href="([^"]+)"/.exec(item!)?.[1] ?? null })),
  );
}

describe('Start der Website', () => {
  it('lists every open item of the example data with the page that resolves it', async () => {
    const items = itemsOf(await page('/intern/inhalte/start'));
    expect(items.filter((item) => item.group === 'required').length).toBeGreaterThan(3);
    // Each item names what it is about in the form's words (the field's label, the photo's name), never a file or a data path.
    for (const item of items) expect(item.text, item.text).not.toMatch(/data\/|\.ya?ml|\bFeld \w+\.|\bfalse\b/);
    const linkOf = (needle: string) => items.find((item) => item.text.includes(needle))?.href;
    expect(linkOf('Telefonnummer: Hier steht noch der Beispielwert')).toBe('/intern/inhalte/kontakt');
    expect(linkOf('Name wie bei der Gewerbeanmeldung: Hier steht noch der Beispielwert')).toBe('/intern/inhalte/kontakt');
    expect(linkOf('Adresse der Website: Hier steht noch der Beispielwert')).toBe('/intern/inhalte/kontakt');
    expect(linkOf('Versicherer mit Anschrift: Diese Pflichtangabe')).toBe('/intern/inhalte/rechtliches');
    expect(linkOf('Das Versprechen „')).toBe('/intern/inhalte/versprechen');
    expect(linkOf('Foto „')).toMatch(/^\/intern\/inhalte\/fotos\/[a-z0-9-]+$/);
    expect(linkOf('Erledigen unter „Texte: Auftragsformular')).toBe('/intern/inhalte/texte/auftragsformular');
    expect(linkOf('Erledigen unter „Widerrufsbelehrung')).toBe('/intern/inhalte/rechtliches/widerruf');
    expect(linkOf('Team: Diese Inhalte sind erfundene Beispiele.')).toBe('/intern/inhalte/texte/ueber-den-betrieb');
    // Everything to do before going live can be done in a form of the console.
    for (const item of items.filter((candidate) => candidate.group === 'required')) expect(item.href, item.text).not.toBeNull();
    // Every item of data/ leads somewhere, or says that the technician resolves it.
    for (const item of items) expect(item.href !== null || item.text.includes('Techniker'), item.text).toBe(true);
  }, 60_000);

  it('drops the e-mail address from the list as soon as the Kontakt form saved a real one', async () => {
    const before = itemsOf(await page('/intern/inhalte/start'));
    expect(before.some((item) => item.text.startsWith('E-Mail-Adresse: '))).toBe(true);
    const form = await page('/intern/inhalte/kontakt');
    const version = /name="_version" value="([^"]*)"/.exec(form)![1]!;
    const saved = await fetch(`${server.url}/intern/inhalte/kontakt`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' }, body: new URLSearchParams({ _version: version, email: 'kontakt@schluesseldienst-essen-ruhr.de' }) });
    expect(saved.status, await saved.text()).toBe(200);
    const after = itemsOf(await page('/intern/inhalte/start'));
    expect(after.some((item) => item.text.startsWith('E-Mail-Adresse: '))).toBe(false);
    expect(after.length).toBe(before.length - 1);
  }, 60_000);

  it('resolves the registered name of the business in the Kontakt form too, changing only its line', async () => {
    const before = data.read('site.yaml');
    const form = await page('/intern/inhalte/kontakt');
    const version = /name="_version" value="([^"]*)"/.exec(form)![1]!;
    const saved = await fetch(`${server.url}/intern/inhalte/kontakt`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' }, body: new URLSearchParams({ _version: version, legalName: 'Schlüsseldienst Becker, Inhaber Jan Becker' }) });
    expect(saved.status, await saved.text()).toBe(200);
    const changed = data.read('site.yaml').split('\n').filter((line, index) => line !== before.split('\n')[index]);
    expect(changed).toEqual(['legalName: Schlüsseldienst Becker, Inhaber Jan Becker']);
    expect(itemsOf(await page('/intern/inhalte/start')).some((item) => item.text.startsWith('Name wie bei der Gewerbeanmeldung: '))).toBe(false);
  }, 60_000);
});

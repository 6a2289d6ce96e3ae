// The owner's console in a real browser, without JavaScript (it needs none): the login form, the
// cookie the browser keeps, logout, the session's end after 12 idle hours, and the Preise form on a
// 360 px phone (a copy of data/ is the server's data folder).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Db } from '../../server/store/database.ts';
import { startServer, type RunningServer } from '../../server/index.ts';
import { hashPassword, storePasswordHash } from '../../server/owner/password.ts';
import { copyData, type DataCopy } from '../support/data-copy.ts';
import { tempDir } from '../support/temp-dir.ts';
import { useBrowser, type Visit } from './browser.ts';

const PASSWORD = 'Schluessel-im-Schloss-2026';
let server: RunningServer;
let db: Db;
let data: DataCopy;

beforeAll(async () => {
  const dir = tempDir('owner-e2e-');
  data = copyData();
  server = await startServer({ distDir: inject('distDir'), port: 0, host: '127.0.0.1', databasePath: join(dir, 'site.db'), log: () => undefined, features: { jobs: false, loginFailureMs: 200, dataDir: data.dir } });
  db = openDatabase(join(dir, 'site.db'));
  storePasswordHash(db, await hashPassword(PASSWORD));
  db.prepare("INSERT INTO contact_messages (created_at, form, name, message) VALUES (?, 'kontakt', 'Erika Mustermann', 'Tür zugefallen')").run(new Date().toISOString());
});

afterAll(async () => {
  await server?.close();
  db?.close();
  data?.remove();
});

const open = useBrowser({ javaScript: false });
const heading = (v: Visit) => v.page.$eval('h1', (h1) => h1.textContent);
const mainText = (v: Visit) => v.page.$eval('main', (main) => (main as HTMLElement).innerText);

async function logIn(v: Visit, password: string): Promise<void> {
  await v.page.type('#password', password);
  await Promise.all([v.page.waitForNavigation(), v.page.click('button[type="submit"]')]);
}

describe("the owner's console in a browser", () => {
  it('sends a visitor without a session to the login form, logs in, keeps an HttpOnly strict cookie, and logs out', async () => {
    const v = await open(`${server.url}/intern/nachrichten`);
    expect(new URL(v.page.url()).pathname).toBe('/intern/anmelden');
    expect(await heading(v)).toBe('Anmelden');
    await logIn(v, 'nicht-das-passwort');
    expect(await mainText(v)).toContain('Das Passwort stimmt nicht.');
    await logIn(v, PASSWORD);
    expect(new URL(v.page.url()).pathname).toBe('/intern/nachrichten');
    expect(await mainText(v)).toContain('Erika Mustermann');
    // The session and the device cookie (server/owner/device-cookie.ts), both out of the page's reach.
    const cookies = await v.page.cookies();
    expect(cookies.map((cookie) => cookie.name).sort()).toEqual(['owner_device', 'owner_session']);
    for (const cookie of cookies) expect(cookie).toMatchObject({ path: '/intern', httpOnly: true, sameSite: 'Strict', secure: true });
    expect(await v.page.evaluate(() => document.cookie)).toBe('');
    await Promise.all([v.page.waitForNavigation(), v.page.click('.console-nav button')]);
    expect(v.page.url()).toBe(`${server.url}/intern/anmelden?abgemeldet`);
    expect(await mainText(v)).toContain('Sie sind abgemeldet.');
    await v.page.goto(`${server.url}/intern/nachrichten`);
    expect(new URL(v.page.url()).pathname).toBe('/intern/anmelden');
    expect(await mainText(v)).not.toContain('Erika Mustermann');
  });

  it('ends the session 12 hours after its login, however busy, and says why', async () => {
    const v = await open(`${server.url}/intern/anmelden`);
    await logIn(v, PASSWORD);
    await v.page.goto(`${server.url}/intern/system`);
    expect(await heading(v)).toBe('System');
    db.prepare('UPDATE owner_sessions SET created_at = ?').run(new Date(Date.now() - 12 * 3600_000 - 60_000).toISOString());
    await v.page.reload();
    expect(v.page.url()).toBe(`${server.url}/intern/anmelden?abgelaufen=&zurueck=%2Fintern%2Fsystem`);
    expect(await mainText(v)).toContain('Ihre Anmeldung hat 12 Stunden gegolten und ist abgelaufen.');
    await logIn(v, PASSWORD);
    // Back where the owner was.
    expect(await heading(v)).toBe('System');
  });

  it('a price saved after the session ended is not saved, the login page says so and leads back to the form', async () => {
    const v = await open(`${server.url}/intern/anmelden`);
    await logIn(v, PASSWORD);
    await v.page.goto(`${server.url}/intern/inhalte/preise`);
    const before = readFileSync(join(data.dir, 'prices.yaml'), 'utf8');
    db.prepare('UPDATE owner_sessions SET created_at = ?').run(new Date(Date.now() - 12 * 3600_000 - 60_000).toISOString());
    const price = '[name="services.tuer-zugefallen.price"]';
    await v.page.$eval(price, (input) => void ((input as HTMLInputElement).value = ''));
    await v.page.type(price, '77');
    await Promise.all([v.page.waitForNavigation(), v.page.click('.console-form button[type="submit"]')]);
    expect(new URL(v.page.url()).pathname).toBe('/intern/anmelden');
    expect(await mainText(v)).toContain('wurde nicht gespeichert, was Sie eben abgeschickt haben');
    expect(readFileSync(join(data.dir, 'prices.yaml'), 'utf8')).toBe(before);
    await logIn(v, PASSWORD);
    expect(new URL(v.page.url()).pathname).toBe('/intern/inhalte/preise');
  });

  it('shows the Preise form on a 360 px phone without sideways scrolling, refuses a wrong price beside its field and saves a right one', async () => {
    const phone = { width: 360, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
    const v = await open(`${server.url}/intern/inhalte/preise`, { viewport: phone });
    await logIn(v, PASSWORD);
    await v.page.goto(`${server.url}/intern/inhalte/preise`);
    expect(await heading(v)).toBe('Preise');
    const overflow = () => v.page.evaluate((width) => document.documentElement.scrollWidth - width, phone.width);
    expect(await overflow()).toBeLessThanOrEqual(0);
    const field = 'input[name="services.tuer-zugefallen.price"]';
    const before = data.read('prices.yaml');
    await v.page.$eval(field, (input) => ((input as HTMLInputElement).value = ''));
    await v.page.type(field, '79 $');
    await Promise.all([v.page.waitForNavigation(), v.page.click('.console-form button[type="submit"]')]);
    expect(await v.page.$eval(field, (input) => (input as HTMLInputElement).value)).toBe('79 $');
    expect(await v.page.$eval('#feld-services-tuer-zugefallen-price-problem', (p) => p.textContent)).toContain('Bitte einen Betrag in Euro eingeben');
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(data.read('prices.yaml')).toBe(before);
    await v.page.$eval(field, (input) => ((input as HTMLInputElement).value = ''));
    await v.page.type(field, '79');
    await Promise.all([v.page.waitForNavigation({ timeout: 60_000 }), v.page.click('.console-form button[type="submit"]')]);
    expect(await mainText(v)).toContain('Zugefallene Tür: 69\u00a0€ → 79\u00a0€');
    expect(data.read('prices.yaml')).toContain('    price: 79\n');
  }, 90_000);
});

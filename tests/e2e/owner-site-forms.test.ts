// The console's forms of data/site.yaml in a real browser without JavaScript, on a 360 px phone:
// no sideways scrolling with the hints, warnings and checkboxes; a phone number typed into the tel
// field becomes both forms in the file; the box "trifft nicht zu", posted by the browser beside the
// fact's text under the same name, makes the fact false (a copy of data/ is the server's data folder).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Db } from '../../server/store/database.ts';
import { startServer, type RunningServer } from '../../server/index.ts';
import { hashPassword, storePasswordHash } from '../../server/owner/password.ts';
import { copyData, type DataCopy } from '../support/data-copy.ts';
import { tempDir } from '../support/temp-dir.ts';
import { useBrowser, type Visit } from './browser.ts';

const PASSWORD = 'Kontakt-und-Zeiten-2026';
const PHONE = { width: 360, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
let server: RunningServer;
let db: Db;
let data: DataCopy;

beforeAll(async () => {
  const dir = tempDir('owner-site-forms-e2e-');
  data = copyData();
  server = await startServer({ distDir: inject('distDir'), port: 0, host: '127.0.0.1', databasePath: join(dir, 'site.db'), log: () => undefined, features: { jobs: false, loginFailureMs: 200, dataDir: data.dir } });
  db = openDatabase(join(dir, 'site.db'));
  storePasswordHash(db, await hashPassword(PASSWORD));
});

afterAll(async () => {
  await server?.close();
  db?.close();
  data?.remove();
});

const open = useBrowser({ javaScript: false });
const overflow = (v: Visit) => v.page.evaluate((width) => document.documentElement.scrollWidth - width, PHONE.width);

async function loggedIn(path: string): Promise<Visit> {
  const v = await open(`${server.url}${path}`, { viewport: PHONE });
  await v.page.type('#password', PASSWORD);
  await Promise.all([v.page.waitForNavigation(), v.page.click('button[type="submit"]')]);
  await v.page.goto(`${server.url}${path}`);
  return v;
}

async function retype(v: Visit, selector: string, text: string): Promise<void> {
  await v.page.$eval(selector, (input) => ((input as HTMLInputElement).value = ''));
  await v.page.type(selector, text);
}

const save = (v: Visit) => Promise.all([v.page.waitForNavigation({ timeout: 60_000 }), v.page.click('.console-form button[type="submit"]')]);

describe('the forms of data/site.yaml in a browser', () => {
  it('Kontakt und Zeiten: fits a 360 px phone, refuses a wrong number beside it, and stores a typed number in both forms', async () => {
    const v = await loggedIn('/intern/inhalte/kontakt');
    expect(await v.page.$eval('h1', (h1) => h1.textContent)).toBe('Kontakt und Zeiten');
    expect(await overflow(v)).toBeLessThanOrEqual(0);
    const field = 'input[name="phone.display"]';
    const before = data.read('site.yaml');
    await retype(v, field, '+43 1 234567');
    await save(v);
    expect(await v.page.$eval('#feld-phone-display-problem', (p) => p.textContent)).toContain('Bitte eine deutsche Telefonnummer');
    expect(await v.page.$eval(field, (input) => (input as HTMLInputElement).value)).toBe('+43 1 234567');
    expect(await overflow(v)).toBeLessThanOrEqual(0);
    expect(data.read('site.yaml')).toBe(before);
    await retype(v, field, '0201 87 65 43-2');
    await save(v);
    expect(await v.page.$eval('main', (main) => (main as HTMLElement).innerText)).toContain('Telefonnummer: 0201 000 000 0 → 0201 87 65 43 2');
    expect(data.read('site.yaml')).toContain('  e164: "+492018765432"\n  display: "0201 87 65 43 2"\n');
  }, 90_000);

  it('Rechtliches: fits a 360 px phone, and the ticked box "trifft nicht zu" makes a fact false', async () => {
    const v = await loggedIn('/intern/inhalte/rechtliches');
    expect(await overflow(v)).toBeLessThanOrEqual(0);
    const box = '#feld-registration-rollNumber-not-applicable';
    expect(await v.page.$eval(box, (input) => (input as HTMLInputElement).checked)).toBe(false);
    // The box is reached by its label, as a thumb does.
    await v.page.click(`label[for="feld-registration-rollNumber-not-applicable"]`);
    await save(v);
    expect(data.read('site.yaml')).toContain('  rollNumber: false\n');
    expect(await v.page.$eval(box, (input) => (input as HTMLInputElement).checked)).toBe(true);
    expect(await overflow(v)).toBeLessThanOrEqual(0);
  }, 90_000);
});

// The Versprechen and Texte forms in a real browser without JavaScript on a 360 px phone: nothing
// runs past the screen's edge, ticking the box "bestätigt" sends the hidden "false" and the box's
// "true" and confirms the promise in data/claims.yaml, untick it and it is unconfirmed again, and a
// paragraph break typed into a textarea of a page text reaches the file as a folded block's empty
// line (a copy of data/ is the server's data folder).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { startServer, type RunningServer } from '../../server/index.ts';
import { hashPassword, storePasswordHash } from '../../server/owner/password.ts';
import { openDatabase, type Db } from '../../server/store/database.ts';
import { copyData, type DataCopy } from '../support/data-copy.ts';
import { tempDir } from '../support/temp-dir.ts';
import { useBrowser, type Visit } from './browser.ts';

const PASSWORD = 'Versprechen-im-Browser-2026';
const PHONE = { width: 360, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
let server: RunningServer;
let db: Db;
let data: DataCopy;

beforeAll(async () => {
  const dir = tempDir('owner-claims-e2e-');
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
const save = (v: Visit) => Promise.all([v.page.waitForNavigation({ timeout: 60_000 }), v.page.click('.console-form button[type="submit"]')]);

async function logIn(path: string): Promise<Visit> {
  const v = await open(`${server.url}${path}`, { viewport: PHONE });
  await v.page.type('#password', PASSWORD);
  await Promise.all([v.page.waitForNavigation(), v.page.click('button[type="submit"]')]);
  await v.page.goto(`${server.url}${path}`);
  return v;
}

describe('Versprechen and Texte on a 360 px phone without JavaScript', () => {
  it('confirms a promise by ticking its box and unconfirms it by unticking, without sideways scrolling', async () => {
    const v = await logIn('/intern/inhalte/versprechen');
    expect(await overflow(v)).toBeLessThanOrEqual(0);
    const before = data.read('claims.yaml');
    const box = '#feld-insured-confirmed';
    expect(await v.page.$eval(box, (input) => (input as HTMLInputElement).checked)).toBe(false);
    // The box is a box, not a field across the screen.
    expect(await v.page.$eval(box, (input) => input.getBoundingClientRect().width)).toBeLessThan(40);
    await v.page.click(box);
    await save(v);
    expect((parse(data.read('claims.yaml')) as { insured: { confirmed: boolean } }).insured.confirmed).toBe(true);
    expect(await v.page.$eval(box, (input) => (input as HTMLInputElement).checked)).toBe(true);
    expect(await overflow(v)).toBeLessThanOrEqual(0);
    await v.page.click(box);
    await save(v);
    expect(data.read('claims.yaml')).toBe(before);
  }, 120_000);

  it('takes a paragraph typed into a textarea of a page text as a folded empty line', async () => {
    const v = await logIn('/intern/inhalte/texte/startseite');
    expect(await overflow(v)).toBeLessThanOrEqual(0);
    const field = 'textarea[name="hero.lead"]';
    const lead = await v.page.$eval(field, (area) => (area as HTMLTextAreaElement).value);
    await v.page.focus(field);
    await v.page.keyboard.press('End');
    await v.page.$eval(field, (area) => (area as HTMLTextAreaElement).setSelectionRange(1e6, 1e6));
    await v.page.keyboard.press('Enter');
    await v.page.keyboard.type('Rufen Sie an.');
    await save(v);
    const after = data.read('home.yaml');
    expect((parse(after) as { hero: { lead: string } }).hero.lead).toBe(`${lead}\nRufen Sie an.`);
    expect(after).toContain('    ebenfalls vorher.\n\n    Rufen Sie an.\n');
  }, 120_000);
});

// The console's Orte form in a real browser without JavaScript (it needs none), on a 360 px phone:
// the list and a town's page without sideways scrolling, a changed arrival time saved, and a
// district removed through its confirmation page (a copy of data/ is the server's data folder).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Db } from '../../server/store/database.ts';
import { startServer, type RunningServer } from '../../server/index.ts';
import { hashPassword, storePasswordHash } from '../../server/owner/password.ts';
import { copyData, type DataCopy } from '../support/data-copy.ts';
import { tempDir } from '../support/temp-dir.ts';
import { useBrowser, type Visit } from './browser.ts';

const PASSWORD = 'Orte-im-Browser-Essen-2026';
const PHONE = { width: 360, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
let server: RunningServer;
let db: Db;
let data: DataCopy;

beforeAll(async () => {
  const dir = tempDir('owner-places-e2e-');
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
const mainText = (v: Visit) => v.page.$eval('main', (main) => (main as HTMLElement).innerText);
const overflow = (v: Visit) => v.page.evaluate((width) => document.documentElement.scrollWidth - width, PHONE.width);
const submit = (v: Visit, selector: string) => Promise.all([v.page.waitForNavigation({ timeout: 60_000 }), v.page.click(selector)]);

describe('the Orte form in a browser', () => {
  it('lists the towns and shows a town on a 360 px phone without sideways scrolling, saves an arrival time and removes a district after asking', async () => {
    const v = await open(`${server.url}/intern/inhalte/orte`, { viewport: PHONE });
    await v.page.type('#password', PASSWORD);
    await submit(v, 'button[type="submit"]');
    await v.page.goto(`${server.url}/intern/inhalte/orte`);
    expect(await mainText(v)).toContain('Mülheim an der Ruhr');
    expect(await overflow(v)).toBeLessThanOrEqual(0);
    await submit(v, 'a[href="/intern/inhalte/orte/bottrop"]');
    expect(await overflow(v)).toBeLessThanOrEqual(0);
    const field = 'input[name="towns.bottrop.arrivalTime"]';
    await v.page.$eval(field, (input) => ((input as HTMLInputElement).value = ''));
    await v.page.type(field, '25-35');
    await submit(v, 'form[action="/intern/inhalte/orte/bottrop"] button[type="submit"]');
    expect(await v.page.$eval(field, (input) => (input as HTMLInputElement).value)).toBe('25–35');
    expect(data.read('places/ruhrgebiet-nord-ost.yaml')).toContain('    arrivalTime: "25–35 Min."\n');
    expect(await overflow(v)).toBeLessThanOrEqual(0);
    await submit(v, 'a[href="/intern/inhalte/orte/bottrop/overhagen/entfernen"]');
    expect(await mainText(v)).toContain('/schluesseldienst/overhagen');
    expect(data.read('places/ruhrgebiet-nord-ost.yaml')).toContain('      - Overhagen\n');
    await submit(v, 'main form button[type="submit"]');
    expect(data.read('places/ruhrgebiet-nord-ost.yaml')).not.toContain('      - Overhagen\n');
    expect(await mainText(v)).toContain('„Overhagen“ wurde entfernt.');
  }, 120_000);
});

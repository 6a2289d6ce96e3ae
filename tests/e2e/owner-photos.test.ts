// The console's Fotos form in Chromium on a 360 px phone, without JavaScript (it needs none): the
// page fits the screen, a photo chosen in the file field is uploaded by the browser's own multipart
// form, saved as the server's JPEG in the copy of data/ the server edits, and shown on the page.
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/index.ts';
import { hashPassword, storePasswordHash } from '../../server/owner/password.ts';
import { openDatabase, type Db } from '../../server/store/database.ts';
import { copyData, type DataCopy } from '../support/data-copy.ts';
import { tempDir } from '../support/temp-dir.ts';
import { useBrowser, type Visit } from './browser.ts';

const PASSWORD = 'Foto-vom-Einsatz-Essen-2026';
let server: RunningServer;
let db: Db;
let data: DataCopy;
let dir: string;

beforeAll(async () => {
  dir = tempDir('owner-photos-e2e-');
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
const phone = { width: 360, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
const overflow = (v: Visit) => v.page.evaluate((width) => document.documentElement.scrollWidth - width, phone.width);

describe('the Fotos form in a browser', () => {
  it('fits a 360 px phone, uploads the chosen photo with its description, and shows the saved picture', async () => {
    const photo = join(dir, 'Tresor vom Einsatz.png');
    await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#336699' } }).png().toFile(photo);
    const v = await open(`${server.url}/intern/inhalte/fotos`, { viewport: phone });
    await v.page.type('#password', PASSWORD);
    await Promise.all([v.page.waitForNavigation(), v.page.click('button[type="submit"]')]);
    await v.page.goto(`${server.url}/intern/inhalte/fotos`);
    expect(await v.page.$eval('h1', (h1) => h1.textContent)).toBe('Fotos');
    expect(await overflow(v)).toBeLessThanOrEqual(0);
    const input = await v.page.$('input#feld-gallery-items-tresor-image');
    await input!.uploadFile(photo);
    const alt = '#feld-gallery-items-tresor-alt';
    await v.page.$eval(alt, (field) => ((field as HTMLInputElement).value = ''));
    await v.page.type(alt, 'Geöffneter Tresor mit unbeschädigter Tür');
    await Promise.all([v.page.waitForNavigation({ timeout: 60_000 }), v.page.click('#foto-galerie-tresor button[type="submit"]')]);
    const saved = await v.page.$eval('#gespeichert', (notice) => (notice as HTMLElement).innerText);
    expect(saved).toContain('Gespeichert: Tresoröffnung.');
    const kept = /galerie-tresor-[0-9a-f]{10}\.jpg/.exec(data.read('home.yaml'))?.[0];
    expect(kept).toBeDefined();
    // Named as the owner knows the photo, not by the file the server made.
    expect(saved).toContain('Das neue Foto ist gespeichert als Foto „Tresoröffnung“ der Galerie auf der Startseite.');
    expect(saved).not.toContain(kept!);
    expect(data.read('home.yaml')).toContain('      alt: Geöffneter Tresor mit unbeschädigter Tür\n');
    // The page shows the saved picture (made small by the server) and still fits the phone.
    await v.page.$eval('#foto-galerie-tresor img', (img) => img.scrollIntoView());
    await v.page.waitForFunction(() => (document.querySelector('#foto-galerie-tresor img') as HTMLImageElement).naturalWidth === 400);
    expect(await overflow(v)).toBeLessThanOrEqual(0);
  }, 90_000);
});

// The System page's backups in a real browser at 360 and 1280 px: the last backup, a long folder
// path, the copies and a failed attempt's German reason all fit without sideways scrolling, and
// the page reads the same at both widths.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/store/database.ts';
import type { RunningServer } from '../../server/index.ts';
import { takeBackup } from '../../server/store/backup.ts';
import { tempDir } from '../support/temp-dir.ts';
import { openOwnerSite, type OwnerSite } from '../support/owner-site.ts';
import { DESKTOP, MOBILE, useBrowser } from './browser.ts';

const PASSWORD = 'Sicherungskopie-Kray-2026';
const PHONE: typeof MOBILE = { width: 360, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
let site: OwnerSite;
let server: RunningServer;
let db: Db;
let backupDir: string;

beforeAll(async () => {
  const dir = tempDir('owner-backups-e2e-');
  backupDir = join(dir, 'sicherungskopien-der-datenbank-des-schluesseldienstes-essen', 'jede-nacht-um-zwei-uhr-siebzehn');
  site = await openOwnerSite('owner-backups-e2e-', PASSWORD, { backupDir });
  ({ server, db } = site);
  expect((await takeBackup(db, backupDir)).error).toBeNull();
  expect((await takeBackup(db, backupDir)).error).toBeNull();
  const notAFolder = join(dir, 'keine-ordner');
  writeFileSync(notAFolder, '');
  expect((await takeBackup(db, join(notAFolder, 'backups'))).code).toBe('ENOTDIR');
});

afterAll(async () => {
  await site?.close();
});

const open = useBrowser({ javaScript: false });

describe('the backups on the System page', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`show the last backup, the folder, the copies and the failure at ${viewport.width} px without sideways scrolling`, async () => {
      const v = await open(`${server.url}/intern/anmelden`, { viewport });
      await v.page.type('#password', PASSWORD);
      await Promise.all([v.page.waitForNavigation(), v.page.click('button[type="submit"]')]);
      await v.page.goto(`${server.url}/intern/system`);
      const text = await v.page.$eval('main', (main) => (main as HTMLElement).innerText);
      expect(text).toMatch(/Letzte Sicherungskopie\s+\d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr, \d+(,\d)? MB/);
      expect(text).toContain(backupDir);
      expect(await v.page.$$eval('#backup-copies li', (items) => items.length)).toBe(2);
      expect(text).toContain('Den Ordner der Sicherungskopien gibt es nicht');
      expect(text).not.toContain('ENOTDIR');
      expect(await v.page.evaluate((width) => document.documentElement.scrollWidth - width, viewport.width)).toBeLessThanOrEqual(0);
      // Every value stays inside the page: none is cut at the right edge.
      const widest = await v.page.$$eval('#backup-folder, #backup-copies li, #backup-failed', (items) => Math.max(...items.map((item) => item.getBoundingClientRect().right)));
      expect(widest).toBeLessThanOrEqual(viewport.width);
    }, 60_000);
  }
});

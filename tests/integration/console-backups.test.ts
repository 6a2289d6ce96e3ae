// The backups as the owner sees them in the console, on the real server with a real SQLite file
// and real copies: the System page's last backup (time in Essen, size in MB), folder and copies;
// the warning when none was written for 26 hours (on the System page, on every other page, in the
// log once), a failed backup's reason in German without the server's English, and a missing or
// damaged record, when the copies on disk stand in for it. The clock is the record's times.
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_MAX_AGE_HOURS } from '../../core/go-live.ts';
import { formatBerlinTime } from '../../core/format.ts';
import { fillSlots } from '../../core/slots.ts';
import { backupFileName, takeBackup } from '../../server/store/backup.ts';
import { openOwnerSite, type OwnerSite } from '../support/owner-site.ts';

const PASSWORD = 'Sicherung-Rüttenscheid-2026';
const HOUR_MS = 60 * 60 * 1000;

let site: OwnerSite;
let recordPath: string;
let backupDir: string;

beforeAll(async () => {
  site = await openOwnerSite('console-backups-', PASSWORD);
  recordPath = `${site.db.name}.backups.json`;
  // tests/support/owner-site.ts gives the server this folder.
  backupDir = join(dirname(site.db.name), 'backups');
}, 120_000);

afterAll(async () => {
  await site?.close();
});

/** The text of the element with `id`, its entities read back; null when the page has none. */
function byId(html: string, id: string): string | null {
  const match = new RegExp(`id="${id}">([^<]*)<`).exec(html);
  return match ? match[1]!.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&amp;', '&') : null;
}
const overdueLogs = () => site.log.filter((line) => line.startsWith(`No database backup was written for ${BACKUP_MAX_AGE_HOURS} hours`));

describe('backups in the console', () => {
  it(`warns when none was written for ${BACKUP_MAX_AGE_HOURS} hours: on the System page in full, on every other page, in the log once`, async () => {
    const at = new Date(Date.now() - (BACKUP_MAX_AGE_HOURS + 1) * HOUR_MS);
    const run = { startedAt: at.toISOString(), finishedAt: at.toISOString(), folder: backupDir, file: backupFileName(at), bytes: 1_258_291, error: null, code: null };
    writeFileSync(recordPath, JSON.stringify({ runs: [run] }));

    const w = site.words.backups;
    for (const path of ['/intern/nachrichten', '/intern/besuche', '/intern/telefon']) {
      const { html } = await site.page(path);
      expect(byId(html, 'backup-alarm'), path).toBe(fillSlots(w.alarm, { hours: BACKUP_MAX_AGE_HOURS }));
    }
    const system = (await site.page('/intern/system')).html;
    expect(byId(system, 'backup-overdue')).toBe(fillSlots(w.overdue, { time: formatBerlinTime(at), hours: BACKUP_MAX_AGE_HOURS }));
    expect(byId(system, 'backup-alarm')).toBeNull();
    expect(byId(system, 'backup-last')).toBe(fillSlots(w.lastValue, { time: formatBerlinTime(at), size: '1,2 MB' }));
    expect(overdueLogs()).toHaveLength(1);
    expect(overdueLogs()[0]).toContain(`the last one is from ${at.toISOString()}`);
  });

  it('says why a backup failed in German, without the server\'s English, and what to do', async () => {
    const notAFolder = join(dirname(site.db.name), 'not-a-folder');
    writeFileSync(notAFolder, '');
    const failed = await takeBackup(site.db, join(notAFolder, 'backups'));
    expect(failed.code).toBe('ENOTDIR');
    const system = (await site.page('/intern/system')).html;
    const text = byId(system, 'backup-failed');
    expect(text).toContain(site.words.backups.failures.noFolder);
    expect(text).toContain(formatBerlinTime(failed.startedAt));
    expect(system).not.toContain('ENOTDIR');
    expect(system).not.toContain('Cannot write');
  });

  it('after a backup: its time, size in MB, folder and copies, and no warning any more', async () => {
    const run = await takeBackup(site.db, backupDir);
    expect(run.error).toBeNull();
    const system = (await site.page('/intern/system')).html;
    expect(byId(system, 'backup-last')).toMatch(new RegExp(`^${formatBerlinTime(run.startedAt)} Uhr, \\d+(,\\d)? MB$`));
    expect(byId(system, 'backup-folder')).toBe(backupDir);
    expect(system).toMatch(new RegExp(`id="backup-copies"><li>[^<]*\\(${run.file!.replaceAll('.', '\\.')}\\)</li></ul>`));
    expect(byId(system, 'backup-overdue')).toBeNull();
    expect(byId(system, 'backup-failed')).toBeNull();
    expect(byId((await site.page('/intern/nachrichten')).html, 'backup-alarm')).toBeNull();
    expect(overdueLogs()).toHaveLength(1);
  });

  it('without a readable record, shows the copies on disk and says so', async () => {
    writeFileSync(recordPath, 'kein JSON');
    const corrupt = (await site.page('/intern/system')).html;
    expect(corrupt).toContain(site.words.backups.recordCorrupt);
    expect(byId(corrupt, 'backup-last')).toMatch(/ Uhr, \d+(,\d)? MB$/);
    expect(corrupt).toContain('id="backup-copies"');

    rmSync(recordPath);
    const missing = (await site.page('/intern/system')).html;
    expect(missing).toContain(site.words.backups.recordMissing);
    expect(missing).not.toContain(site.words.backups.recordCorrupt);
    expect(missing).toContain('id="backup-copies"');
  });
});

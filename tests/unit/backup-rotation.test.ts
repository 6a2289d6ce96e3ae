// Which database backups the rotation keeps: the newest of each of the last 7 Berlin days and of
// each of the last 4 weeks (Monday to Sunday), and the last 3 copies of those weeks, so none is
// older than 4 weeks (the privacy policy's promise) and a second copy of a day never deletes the
// first, across month ends, clock changes and week ends.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKUP_DAILY_COPIES, BACKUP_LAST_COPIES, BACKUP_WEEKLY_COPIES } from '../../core/retention.ts';
import { backupFileName, backupsToKeep, backupTime, rotateBackups } from '../../server/store/backup.ts';
import { berlinDay, daysBefore } from '../../core/berlin-day.ts';
import { tempDir } from '../support/temp-dir.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const name = (iso: string) => backupFileName(new Date(iso));
/** One copy every night at `time` (UTC) from `from` to `to`, both "YYYY-MM-DD". */
function nightly(from: string, to: string, time = '01:17:00'): string[] {
  const names: string[] = [];
  for (let ms = Date.parse(`${from}T${time}Z`); ms <= Date.parse(`${to}T${time}Z`); ms += DAY_MS) names.push(backupFileName(new Date(ms)));
  return names;
}
const mondayOf = (day: string) => daysBefore(day, (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7);
const kept = (names: string[], now: string) => [...backupsToKeep(names, new Date(now))].sort();
/** The last BACKUP_LAST_COPIES copies, taken in the morning (UTC) of `day`: kept whatever else the rule keeps. */
const lastOn = (day: string) => Array.from({ length: BACKUP_LAST_COPIES }, (_, i) => name(`${day}T0${7 + i}:00:00Z`));

describe('backup file names', () => {
  it('carry the UTC instant, sort by time and are read back', () => {
    expect(name('2026-11-24T01:17:00Z')).toBe('site-2026-11-24T01-17-00.000Z.db');
    expect(backupTime('site-2026-11-24T01-17-00.000Z.db')).toBe(Date.parse('2026-11-24T01:17:00Z'));
    expect([name('2026-10-25T01:17:00Z'), name('2026-10-25T00:17:00Z')].sort()).toEqual([name('2026-10-25T00:17:00Z'), name('2026-10-25T01:17:00Z')]);
  });

  it('ignores every other file', () => {
    for (const other of ['site.db', 'site-2026-11-24.db', '.site-2026-11-24T01-17-00.000Z.db.123.tmp', 'site-2026-11-24T01-17-00.000Z.db-wal', 'notes.txt']) {
      expect(backupTime(other)).toBeNull();
    }
    expect(kept(['site.db', 'notes.txt'], '2026-11-24T12:00:00Z')).toEqual([]);
  });
});

describe('backupsToKeep', () => {
  it('keeps the last 7 nights and the newest copy (Sunday) of the two weeks before; nothing older', () => {
    // Tuesday 24 November 2026: days 18–24, weeks from Monday 23, 16, 9 and 2 November.
    expect(kept(nightly('2026-09-01', '2026-11-24'), '2026-11-24T12:00:00Z')).toEqual([
      ...['08', '15', '18', '19', '20', '21', '22', '23', '24'].map((day) => name(`2026-11-${day}T01:17:00Z`)),
    ]);
  });

  it('counts days and weeks across the end of February', () => {
    // Monday 2 March 2026: days 24 February to 2 March; weeks from 2 March, 23, 16 and 9 February.
    expect(kept(nightly('2026-01-15', '2026-03-02'), '2026-03-02T08:00:00Z')).toEqual(
      ['2026-02-15', '2026-02-22', '2026-02-24', '2026-02-25', '2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02'].map((day) => name(`${day}T01:17:00Z`)),
    );
  });

  it('keeps only the newest copy of a day beyond the last 3, and the day is the one in Essen, not in UTC', () => {
    const names = [
      name('2026-07-14T06:00:00Z'),
      name('2026-07-14T20:00:00Z'), // 22:00 on the 14th in Essen: the newest of the 14th
      name('2026-07-14T22:30:00Z'), // 00:30 on the 15th in Essen, so an older copy of the 15th
      name('2026-07-15T10:00:00Z'),
      ...lastOn('2026-07-16'),
    ];
    expect(kept(names, '2026-07-16T12:00:00Z')).toEqual([name('2026-07-14T20:00:00Z'), name('2026-07-15T10:00:00Z'), ...lastOn('2026-07-16')]);
  });

  it('keeps the first copy of a day when a second is taken the same day, and the last 3 of a busy day', () => {
    const nightly = name('2026-11-24T01:17:00Z');
    const byHand = name('2026-11-24T09:30:00Z');
    expect(kept([name('2026-11-23T01:17:00Z'), nightly, byHand], '2026-11-24T09:30:00Z')).toEqual([name('2026-11-23T01:17:00Z'), nightly, byHand]);
    const busy = ['08', '09', '10', '11', '12'].map((hour) => name(`2026-11-24T${hour}:00:00Z`));
    expect(kept([nightly, ...busy], '2026-11-24T12:00:00Z')).toEqual(busy.slice(-BACKUP_LAST_COPIES));
  });

  it('keeps no copy older than the 4 weeks, not even one of the last 3', () => {
    const old = [name('2026-10-01T01:17:00Z'), name('2026-10-02T01:17:00Z')];
    expect(kept(old, '2026-11-24T12:00:00Z')).toEqual([]);
  });

  it('tells the two 02:17 of the night the clocks go back apart and keeps the later', () => {
    const names = [
      name('2026-10-24T21:59:00Z'), // 23:59 summer time, Saturday 24th
      name('2026-10-24T22:30:00Z'), // 00:30 summer time, Sunday 25th
      name('2026-10-25T00:17:00Z'), // 02:17 summer time
      name('2026-10-25T01:17:00Z'), // 02:17 winter time, an hour later
      ...lastOn('2026-10-26'),
    ];
    expect(kept(names, '2026-10-26T12:00:00Z')).toEqual([name('2026-10-24T21:59:00Z'), name('2026-10-25T01:17:00Z'), ...lastOn('2026-10-26')]);
  });

  it('counts the night the clocks go forward as one day', () => {
    const names = [name('2026-03-28T22:59:00Z'), name('2026-03-29T00:30:00Z'), name('2026-03-29T01:30:00Z'), name('2026-03-29T21:59:00Z'), name('2026-03-29T22:00:00Z')];
    expect(names.map((one) => berlinDay(backupTime(one)!))).toEqual(['2026-03-28', '2026-03-29', '2026-03-29', '2026-03-29', '2026-03-30']);
    expect(kept([...names, ...lastOn('2026-03-31')], '2026-03-31T12:00:00Z')).toEqual([name('2026-03-28T22:59:00Z'), name('2026-03-29T21:59:00Z'), name('2026-03-29T22:00:00Z'), ...lastOn('2026-03-31')]);
  });

  it('starts a week on Monday in Essen: Sunday 23:30 belongs to the week before', () => {
    const sunday = name('2026-11-01T22:30:00Z'); // Sunday 1 November, 23:30 in Essen
    const monday = name('2026-11-01T23:30:00Z'); // Monday 2 November, 00:30 in Essen
    // Tuesday 24 November: the oldest week kept begins on Monday 2 November.
    expect(kept([sunday, monday], '2026-11-24T12:00:00Z')).toEqual([monday]);
  });

  it('run every night for two years, keeps at most 7 + 4 copies, none older than 4 weeks, one for each of the last 7 days and 4 weeks', () => {
    let copies: string[] = [];
    const start = Date.parse('2026-01-01T01:17:00Z');
    for (let night = 0; night < 730; night += 1) {
      const now = new Date(start + night * DAY_MS);
      copies = [...backupsToKeep([...copies, backupFileName(now)], now)];
      const times = copies.map((one) => backupTime(one)!);
      expect(copies.length).toBeLessThanOrEqual(BACKUP_DAILY_COPIES + BACKUP_WEEKLY_COPIES);
      expect(now.getTime() - Math.min(...times)).toBeLessThan(4 * 7 * DAY_MS);
      expect(copies).toContain(backupFileName(now));
      if (night < 4 * 7) continue;
      const days = new Set(times.map((time) => berlinDay(time)));
      for (let back = 0; back < BACKUP_DAILY_COPIES; back += 1) expect(days).toContain(berlinDay(now.getTime() - back * DAY_MS));
      const thisWeek = mondayOf(berlinDay(now.getTime()));
      const weeks = Array.from({ length: BACKUP_WEEKLY_COPIES }, (_, back) => daysBefore(thisWeek, 7 * back));
      expect(new Set([...days].map(mondayOf))).toEqual(new Set(weeks));
    }
  });
});

describe('rotateBackups', () => {
  it('deletes the copies not kept and what a crash left half written, and leaves every other file alone', () => {
    const dir = tempDir('backup-rotation-');
    const now = new Date('2026-11-24T12:00:00Z');
    const copies = nightly('2026-10-01', '2026-11-24');
    const abandoned = '.site-2026-11-24T10-17-00.000Z.db.99.tmp';
    const writing = '.site-2026-11-24T11-59-59.000Z.db.100.tmp';
    const others = ['site.db', 'notes.txt', 'site-2026-10-01T01-17-00.000Z.db.before-restore', '.site-x.db.1.tmp', writing];
    for (const file of [...copies, abandoned, ...others]) writeFileSync(join(dir, file), 'x');
    const deleted = rotateBackups(dir, now);
    expect(deleted).toHaveLength(copies.length - 9 + 1);
    expect(deleted).toContain(abandoned);
    expect(readdirSync(dir).sort()).toEqual([...others, ...backupsToKeep(copies, now)].sort());
  });
});

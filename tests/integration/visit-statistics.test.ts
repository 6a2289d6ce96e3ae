// The statistics `npm run stats` and the owner's console share, read from a real SQLite file: every
// day of the window present, the Berlin day boundary, the clicks from the daily totals, the top
// pages and the place pages among them. What the command prints is tested in visits.test.ts.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { daysBefore } from '../../core/berlin-day.ts';
import { openDatabase, type Db, openConnection } from '../../server/store/database.ts';
import { createPageCounter } from '../../server/visits/counts.ts';
import { countsByDayAndPath, dailyTotals, topPages, topPlacePages } from '../../server/visits/statistics.ts';
import { visitLog } from '../../server/visits/log.ts';
import { tempDir } from '../support/temp-dir.ts';

const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

function database(): { store: Db; file: string } {
  const file = join(tempDir('stats-data-'), 'site.db');
  return { store: openDatabase(file), file };
}

function seed(store: Db, views: [string, string, number][], clicks: [string, string, 'call' | 'whatsapp', number][] = []): void {
  const view = store.prepare('INSERT INTO page_counts (day, path, views) VALUES (?, ?, ?)');
  for (const row of views) view.run(...row);
  const click = store.prepare('INSERT INTO click_counts (day, path, kind, clicks) VALUES (?, ?, ?, ?)');
  for (const row of clicks) click.run(...row);
}

describe('dailyTotals', () => {
  it('gives each of the 30 Berlin days ending today, oldest first, with zeros where nothing was counted', () => {
    const { store } = database();
    // Across the change to summer time (29 March) and a month's end.
    const today = '2026-04-10';
    seed(
      store,
      [
        [today, '/', 10],
        [today, '/preise', 5],
        ['2026-03-29', '/preise', 2],
        ['2026-03-12', '/', 1],
        ['2026-03-11', '/', 99],
        ['2026-04-11', '/', 99],
      ],
      [
        [today, '/', 'call', 3],
        [today, '/preise', 'call', 1],
        [today, '/preise', 'whatsapp', 2],
        ['2026-03-31', '/kontakt', 'whatsapp', 4],
        ['2026-03-11', '/', 'call', 99],
      ],
    );
    const totals = dailyTotals(store, { today, days: 30 });
    expect(totals).toHaveLength(30);
    expect(totals.map((total) => total.day)).toEqual(Array.from({ length: 30 }, (_, i) => daysBefore(today, 29 - i)));
    expect(totals[0]).toEqual({ day: '2026-03-12', views: 1, calls: 0, whatsapp: 0 });
    expect(totals.at(-1)).toEqual({ day: today, views: 15, calls: 4, whatsapp: 2 });
    expect(totals.find((total) => total.day === '2026-03-29')).toEqual({ day: '2026-03-29', views: 2, calls: 0, whatsapp: 0 });
    expect(totals.find((total) => total.day === '2026-03-31')).toEqual({ day: '2026-03-31', views: 0, calls: 0, whatsapp: 4 });
    expect(totals.find((total) => total.day === '2026-03-30')).toEqual({ day: '2026-03-30', views: 0, calls: 0, whatsapp: 0 });
    expect(totals.reduce((sum, total) => sum + total.views, 0)).toBe(18);
    store.close();
  });

  it('gives zeros for every day of an empty database', () => {
    const { store } = database();
    const totals = dailyTotals(store, { today: '2026-01-01', days: 30 });
    expect(totals.map((total) => total.day)).toEqual(Array.from({ length: 30 }, (_, i) => daysBefore('2026-01-01', 29 - i)));
    expect(totals.every((total) => total.views === 0 && total.calls === 0 && total.whatsapp === 0)).toBe(true);
    store.close();
  });

  it("counts a view and a click at 23:30 UTC in winter for the next day: Berlin's", () => {
    const { store } = database();
    const lateEvening = Date.parse('2026-01-15T22:30:00Z');
    const afterMidnight = Date.parse('2026-01-15T23:30:00Z');
    let clock = lateEvening;
    const counter = createPageCounter(store, { flushEveryMs: 0, log: () => undefined, now: () => clock });
    counter.count('/preise', BROWSER);
    clock = afterMidnight;
    counter.count('/preise', BROWSER);
    counter.count('/preise', BROWSER);
    counter.close();
    const log = visitLog(store);
    log({ kind: 'click', path: '/preise', ip: '127.0.0.0', click: 'call' }, new Date(lateEvening));
    log({ kind: 'click', path: '/preise', ip: '127.0.0.0', click: 'whatsapp' }, new Date(afterMidnight));
    expect(dailyTotals(store, { today: '2026-01-16', days: 2 })).toEqual([
      { day: '2026-01-15', views: 1, calls: 1, whatsapp: 0 },
      { day: '2026-01-16', views: 2, calls: 0, whatsapp: 1 },
    ]);
    store.close();
  });

  it.each([
    [{ today: '16.01.2026', days: 30 }, /today must be a Berlin day written "YYYY-MM-DD"/],
    [{ today: '2026-01-16', days: 0 }, /days must be a whole number of at least 1/],
    [{ today: '2026-01-16', days: 1.5 }, /days must be a whole number of at least 1/],
  ])('refuses %j', (options, message) => {
    const { store } = database();
    expect(() => dailyTotals(store, options)).toThrow(message);
    store.close();
  });
});

describe('topPages and topPlacePages', () => {
  const since = '2026-03-01';
  function seeded(): Db {
    const { store } = database();
    seed(
      store,
      [
        ['2026-03-01', '/', 50],
        ['2026-03-02', '/', 20],
        ['2026-03-02', '/preise', 40],
        ['2026-03-05', '/schluesseldienst/essen', 30],
        ['2026-03-06', '/schluesseldienst/mülheim-an-der-ruhr', 12],
        ['2026-03-06', '/schluesseldienst/altstadt-duesseldorf', 12],
        ['2026-03-06', '/einsatzgebiet', 25],
        ['2026-03-06', '/leistungen/tuer-oeffnen', 8],
        ['2026-02-28', '/schluesseldienst/bochum', 500],
        ['2026-02-28', '/kontakt', 500],
      ],
      [
        ['2026-03-02', '/preise', 'call', 3],
        ['2026-03-03', '/preise', 'call', 2],
        ['2026-03-03', '/preise', 'whatsapp', 1],
        ['2026-03-05', '/schluesseldienst/essen', 'call', 4],
        ['2026-03-06', '/schluesseldienst/altstadt-duesseldorf', 'whatsapp', 1],
        // The fallback page of an unknown place is not counted, but its buttons log clicks.
        ['2026-03-07', '/schluesseldienst/irgendwo', 'call', 1],
        ['2026-03-07', '/schluesseldienst-essen', 'call', 1],
        ['2026-03-07', '/schluesseldienst/essen/extra', 'call', 1],
        ['2026-02-28', '/schluesseldienst/bochum', 'call', 9],
      ],
    );
    return store;
  }

  it('ranks the paths by page views since the day, each with its clicks', () => {
    const store = seeded();
    expect(topPages(store, { since, limit: 4 })).toEqual([
      { path: '/', views: 70, calls: 0, whatsapp: 0 },
      { path: '/preise', views: 40, calls: 5, whatsapp: 1 },
      { path: '/schluesseldienst/essen', views: 30, calls: 4, whatsapp: 0 },
      { path: '/einsatzgebiet', views: 25, calls: 0, whatsapp: 0 },
    ]);
    const all = topPages(store, { since, limit: 100 });
    expect(all.map((page) => page.path)).not.toContain('/kontakt');
    // Paths with clicks but no counted view come last.
    expect(all.slice(-3)).toEqual([
      { path: '/schluesseldienst-essen', views: 0, calls: 1, whatsapp: 0 },
      { path: '/schluesseldienst/essen/extra', views: 0, calls: 1, whatsapp: 0 },
      { path: '/schluesseldienst/irgendwo', views: 0, calls: 1, whatsapp: 0 },
    ]);
    store.close();
  });

  it('lists only the place pages /schluesseldienst/{slug}', () => {
    const store = seeded();
    expect(topPlacePages(store, { since, limit: 10 })).toEqual([
      { path: '/schluesseldienst/essen', views: 30, calls: 4, whatsapp: 0 },
      { path: '/schluesseldienst/altstadt-duesseldorf', views: 12, calls: 0, whatsapp: 1 },
      { path: '/schluesseldienst/mülheim-an-der-ruhr', views: 12, calls: 0, whatsapp: 0 },
      { path: '/schluesseldienst/irgendwo', views: 0, calls: 1, whatsapp: 0 },
    ]);
    expect(topPlacePages(store, { since, limit: 1 })).toEqual([{ path: '/schluesseldienst/essen', views: 30, calls: 4, whatsapp: 0 }]);
    expect(topPlacePages(store, { since: '2026-02-28', limit: 1 })).toEqual([{ path: '/schluesseldienst/bochum', views: 500, calls: 9, whatsapp: 0 }]);
    store.close();
  });

  it('refuses a limit below 1 and a day that is not one', () => {
    const store = seeded();
    expect(() => topPages(store, { since, limit: 0 })).toThrow(/limit must be a whole number of at least 1/);
    expect(() => topPlacePages(store, { since: 'gestern', limit: 5 })).toThrow(/since must be a Berlin day/);
    store.close();
  });
});

describe('countsByDayAndPath', () => {
  it('reads a read-only connection: views, the consented log by Berlin day, clicks from the daily totals only', () => {
    const { store, file } = database();
    seed(store, [['2026-01-16', '/preise', 7]], [['2026-01-16', '/preise', 'call', 2]]);
    const log = visitLog(store);
    // 23:30 UTC on the 15th is the 16th in Essen; the click row is already in click_counts.
    log({ kind: 'ip', path: '/preise', ip: '127.0.0.0' }, new Date('2026-01-15T23:30:00Z'));
    log({ kind: 'visit', path: '/preise', ip: '127.0.0.0', sessionId: '3b241101-e2bb-4255-8caf-4136c566a962', screen: '390x844', timezone: 'Europe/Berlin' }, new Date('2026-01-16T08:00:00Z'));
    log({ kind: 'click', path: '/preise', ip: '127.0.0.0', click: 'whatsapp' }, new Date('2026-01-16T08:00:00Z'));
    log({ kind: 'ip', path: '/preise', ip: '127.0.0.0' }, new Date('2026-01-15T22:30:00Z'));
    store.close();

    const reader = openConnection(file, { readonly: true, fileMustExist: true });
    expect(countsByDayAndPath(reader, { since: '2026-01-16' })).toEqual([
      { day: '2026-01-16', path: '/preise', views: 7, consented: 1, visits: 1, calls: 2, whatsapp: 1 },
    ]);
    expect(countsByDayAndPath(reader, { since: '2026-01-15' })).toEqual([
      { day: '2026-01-16', path: '/preise', views: 7, consented: 1, visits: 1, calls: 2, whatsapp: 1 },
      { day: '2026-01-15', path: '/preise', views: 0, consented: 1, visits: 0, calls: 0, whatsapp: 0 },
    ]);
    reader.close();
  });
});

// The statistics page /intern/besuche in Chromium without JavaScript (it needs none), on a 360 px
// phone and a 1280 px desktop, for each period: pages named by title or place, each figure against
// the period before, no sideways scrolling, and every label of every chart inside its SVG (the
// last date label was once cut to "27.1").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { berlinDay, daysBefore } from '../../core/berlin-day.ts';
import type { Db } from '../../server/store/database.ts';
import type { RunningServer } from '../../server/index.ts';
import { openOwnerSite, type OwnerSite } from '../support/owner-site.ts';
import { DESKTOP, useBrowser, type Visit } from './browser.ts';

const PASSWORD = 'Besuche-im-Browser-2026';
const PHONE = { width: 360, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
let site: OwnerSite;
let server: RunningServer;
let db: Db;

beforeAll(async () => {
  site = await openOwnerSite('owner-visits-e2e-', PASSWORD);
  ({ server, db } = site);
  const today = berlinDay(Date.now());
  const views = db.prepare('INSERT INTO page_counts (day, path, views) VALUES (?, ?, ?)');
  const sources = db.prepare('INSERT INTO source_counts (day, source, views) VALUES (?, ?, ?)');
  const devices = db.prepare('INSERT INTO device_counts (day, device, views) VALUES (?, ?, ?)');
  const clicks = db.prepare("INSERT INTO click_counts (day, path, kind, clicks) VALUES (?, '/preise', 'call', ?)");
  const hours = db.prepare("INSERT INTO click_hours (day, hour, kind, clicks) VALUES (?, ?, 'call', ?)");
  // 180 days, so that every period has a period before it; large numbers test the labels' room.
  for (let back = 0; back < 180; back += 1) {
    const day = daysBefore(today, back);
    views.run(day, '/preise', 12_345 + back);
    views.run(day, '/schluesseldienst/altstadt-duesseldorf', 3 + (back % 5));
    sources.run(day, 'google', 40 + back);
    sources.run(day, 'maps', 7);
    devices.run(day, 'phone', 90);
    devices.run(day, 'desktop', 30 + back);
    clicks.run(day, 1 + (back % 3));
    hours.run(day, (back * 5) % 24, 1 + (back % 3));
  }
});

afterAll(async () => {
  await site?.close();
});

const open = useBrowser({ javaScript: false });
const overflow = (v: Visit, width: number) => v.page.evaluate((viewport) => document.documentElement.scrollWidth - viewport, width);
const mainText = (v: Visit) => v.page.$eval('main', (main) => (main as HTMLElement).innerText);

/** Every text of every chart whose rendered box leaves its SVG's viewBox: "label: x…right". */
const labelsOutside = (v: Visit) =>
  v.page.$$eval('svg.console-chart', (charts) =>
    charts.flatMap((chart) => {
      const box = (chart as SVGSVGElement).viewBox.baseVal;
      return [...chart.querySelectorAll('text')]
        .map((text) => ({ text: text.textContent, bbox: (text as SVGTextElement).getBBox() }))
        .filter(({ bbox }) => bbox.x < box.x - 0.5 || bbox.y < box.y - 0.5 || bbox.x + bbox.width > box.x + box.width + 0.5 || bbox.y + bbox.height > box.y + box.height + 0.5)
        .map(({ text, bbox }) => `${text}: ${Math.round(bbox.x)}…${Math.round(bbox.x + bbox.width)}`);
    }),
  );

/** Date labels under a chart that overlap the label before them: "24.11./25.11.". */
const labelsOverlapping = (v: Visit) =>
  v.page.$$eval('svg.console-chart', (charts) =>
    charts.flatMap((chart) => {
      const dates = [...chart.querySelectorAll('text')].filter((text) => /^\d\d\.\d\d\.$/.test(text.textContent ?? '')).map((text) => ({ text: text.textContent, bbox: (text as SVGTextElement).getBBox() }));
      return dates.slice(1).flatMap((date, index) => (dates[index]!.bbox.x + dates[index]!.bbox.width > date.bbox.x ? [`${dates[index]!.text}/${date.text}`] : []));
    }),
  );

describe('the statistics page in a browser', () => {
  for (const [name, viewport] of [
    ['a 360 px phone', PHONE],
    ['a 1280 px desktop', DESKTOP],
  ] as const) {
    it(`shows names, comparisons and whole chart labels on ${name}, for 7, 30 and 90 days`, async () => {
      const v = await open(`${server.url}/intern/anmelden`, { viewport });
      await v.page.type('#password', PASSWORD);
      await Promise.all([v.page.waitForNavigation({ timeout: 60_000 }), v.page.click('button[type="submit"]')]);
      for (const days of [7, 30, 90]) {
        await v.page.goto(`${server.url}/intern/besuche?tage=${days}`);
        const text = await mainText(v);
        expect(text).toContain('Preise Schlüsseldienst Essen – Festpreise vorab genannt');
        expect(text).toContain('Altstadt (Düsseldorf)');
        expect(text).toMatch(new RegExp(`Seitenaufrufe\\s+[\\d.]+\\s+▼ weniger: −\\d+ % gegenüber den ${days} Tagen davor`));
        expect(text).toContain(`Google Maps\n= gleich viele wie in den ${days} Tagen davor`);
        // The newest day's label stands whole under the chart.
        const [, month, date] = berlinDay(Date.now()).split('-');
        expect(await v.page.$$eval('svg.console-chart text', (texts) => texts.map((text) => text.textContent))).toContain(`${date}.${month}.`);
        expect(await labelsOutside(v), `${days} days`).toEqual([]);
        expect(await labelsOverlapping(v), `${days} days`).toEqual([]);
        expect(await overflow(v, viewport.width), `${days} days`).toBeLessThanOrEqual(0);
      }
    }, 120_000);
  }
});

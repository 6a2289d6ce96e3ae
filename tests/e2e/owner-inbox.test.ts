// The messages as the owner's inbox in a real browser without JavaScript (it needs none), on a
// 360 px phone and a 1280 px screen: no sideways scrolling on the list and a message's page, a
// message opened from the list, its status and note saved through their forms, the status filter,
// and the export link answering the filtered messages as CSV.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/store/database.ts';
import type { RunningServer } from '../../server/index.ts';
import { openOwnerSite, type OwnerSite } from '../support/owner-site.ts';
import { useBrowser, type Visit } from './browser.ts';

const PASSWORD = 'Posteingang-im-Browser-2026';
const SCREENS = [
  { name: 'a 360 px phone', viewport: { width: 360, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 1 } },
  { name: 'a 1280 px screen', viewport: { width: 1280, height: 800, isMobile: false, hasTouch: false, deviceScaleFactor: 1 } },
];
let site: OwnerSite;
let server: RunningServer;
let db: Db;

beforeAll(async () => {
  site = await openOwnerSite('owner-inbox-e2e-', PASSWORD);
  ({ server, db } = site);
  // Long values that could push a phone's page sideways: an address, an unbroken word, a note.
  const insert = db.prepare("INSERT INTO contact_messages (created_at, form, name, email, phone, message, mail_status, note) VALUES (?, 'kontakt', ?, ?, ?, ?, 'sent', ?)");
  for (const { width } of SCREENS.map((screen) => screen.viewport)) {
    insert.run(new Date(Date.now() - 60_000).toISOString(), `Andere Anfrage ${width}`, '', '0201 123456', 'Schloss klemmt, bitte Rückruf.', '');
    insert.run(
      new Date().toISOString(),
      `Bärbel Größmann ${width}`,
      'baerbel.groessmann.sehr.lange.adresse@beispiel-schluesseldienst-essen.de',
      '+49 (0)171 234 56 78',
      `Haustür zugefallen, Kind drinnen! Rüttenscheider Straße 123, Hinterhaus, ${'Wohnungsabschlusstürschlüssel'.repeat(3)}.`,
      'Rückruf zugesagt, Monteur unterwegs',
    );
  }
});

afterAll(async () => {
  await site?.close();
});

const open = useBrowser({ javaScript: false });
const mainText = (v: Visit) => v.page.$eval('main', (main) => (main as HTMLElement).innerText);
/** How far the page reaches past the window's right edge (0 or less: no sideways scrolling). */
const overflow = (v: Visit) => v.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const submit = (v: Visit, selector: string) => Promise.all([v.page.waitForNavigation({ timeout: 60_000 }), v.page.click(selector)]);

describe('the inbox in a browser', () => {
  for (const { name, viewport } of SCREENS) {
    it(`on ${name}: opens a message, saves its status and note, filters by status and exports what it shows`, async () => {
      const customer = `Bärbel Größmann ${viewport.width}`;
      const v = await open(`${server.url}/intern/nachrichten`, { viewport });
      await v.page.type('#password', PASSWORD);
      await submit(v, 'button[type="submit"]');
      expect(new URL(v.page.url()).pathname).toBe('/intern/nachrichten');
      expect(await mainText(v)).toContain(customer);
      expect(await overflow(v)).toBeLessThanOrEqual(0);
      const id = await v.page.$$eval('li.console-item', (items, wanted) => items.find((item) => item.querySelector('h2')?.textContent === wanted)?.id.replace('nachricht-', ''), customer);
      expect(await v.page.$eval(`#nachricht-${id} .console-status`, (status) => (status as HTMLElement).innerText)).toMatch(/^Status: Neu\s+Ungeöffnet$/);

      await submit(v, `#nachricht-${id} a[href="/intern/nachrichten/${id}"].btn`);
      expect(await v.page.$eval('h1', (h1) => h1.textContent)).toBe(`Nachricht von ${customer}`);
      expect(await overflow(v)).toBeLessThanOrEqual(0);
      expect(await v.page.$$eval('.console-replies a', (links) => links.map((link) => link.getAttribute('href')!.split('?')[0]))).toEqual([
        'tel:+491712345678',
        'https://wa.me/491712345678',
        'mailto:baerbel.groessmann.sehr.lange.adresse@beispiel-schluesseldienst-essen.de',
      ]);

      await v.page.click('input[name="status"][value="in-arbeit"]');
      await submit(v, `form[action="/intern/nachrichten/${id}/status"] button[type="submit"]`);
      expect(await mainText(v)).toContain('Der Status ist gespeichert.');
      expect(await mainText(v)).toContain('Status: In Arbeit');
      expect(await mainText(v)).not.toContain('Ungeöffnet');
      await v.page.$eval('#notiz', (area) => ((area as HTMLTextAreaElement).value = ''));
      await v.page.type('#notiz', 'Tür geöffnet, Rechnung folgt.');
      await submit(v, `form[action="/intern/nachrichten/${id}/notiz"] button[type="submit"]`);
      expect(await mainText(v)).toContain('Die Notiz ist gespeichert.');
      expect(await v.page.$eval('#notiz', (area) => (area as HTMLTextAreaElement).value)).toBe('Tür geöffnet, Rechnung folgt.');
      expect(await overflow(v)).toBeLessThanOrEqual(0);

      await v.page.goto(`${server.url}/intern/nachrichten`);
      await v.page.select('#status', 'in-arbeit');
      await submit(v, 'form[role="search"] button[type="submit"]');
      expect(new URL(v.page.url()).searchParams.get('status')).toBe('in-arbeit');
      const shown = await v.page.$$eval('li.console-item h2', (headings) => headings.map((heading) => heading.textContent));
      expect(shown).toContain(customer);
      expect(shown).not.toContain(`Andere Anfrage ${viewport.width}`);
      expect(await mainText(v)).toContain('Tür geöffnet, Rechnung folgt.');
      expect(await overflow(v)).toBeLessThanOrEqual(0);

      // The export link, fetched with the browser's own session: the same messages as CSV.
      const href = await v.page.$eval('a[download]', (link) => (link as HTMLAnchorElement).href);
      expect(new URL(href).pathname).toBe('/intern/nachrichten/tabelle.csv');
      const csv = await v.page.evaluate(async (url) => {
        const answer = await fetch(url);
        return { type: answer.headers.get('content-type'), bytes: [...new Uint8Array(await answer.arrayBuffer())] };
      }, href);
      expect(csv.type).toBe('text/csv; charset=utf-8');
      const text = Buffer.from(csv.bytes).toString('utf8');
      expect(text.startsWith('\uFEFFNr.;Eingang;Status;')).toBe(true);
      expect(text).toContain(`;In Arbeit;${customer};`);
      expect(text).not.toContain(`Andere Anfrage ${viewport.width}`);
    });
  }
});

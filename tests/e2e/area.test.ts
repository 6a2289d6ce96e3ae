// Finding one's town on /einsatzgebiet: the search filters as the visitor types, case-insensitive,
// and says how many places match; without JavaScript every place is listed.
import { describe, expect, it } from 'vitest';
import type { HTTPRequest, Page } from 'puppeteer';
import { DESKTOP, MOBILE, clientStarted, stylesheetApplied, useBrowser } from './browser.ts';

const open = useBrowser({ viewport: DESKTOP });

const visibleList = (page: Page) =>
  page.$$eval('.az-list li', (items) => items.filter((item) => item.checkVisibility()).map((item) => item.querySelector('a')!.textContent));
const count = (page: Page) => page.$eval('[data-city-search-count]', (element) => element.textContent);
/** The island wakes on the first focus and loads React first: wait until it has counted. */
const counted = (page: Page, text: string | RegExp) =>
  page.waitForFunction(
    (source, flags) => new RegExp(source, flags).test(document.querySelector('[data-city-search-count]')?.textContent ?? ''),
    { timeout: 10_000 },
    typeof text === 'string' ? `^${text}$` : text.source,
    typeof text === 'string' ? '' : text.flags,
  );

describe('the city search', () => {
  it('filters towns and the A–Z list by a case-insensitive part of the name', async () => {
    const { page } = await open('/einsatzgebiet');
    await page.click('[data-consent-necessary]');
    const all = (await visibleList(page)).length;
    expect(all).toBeGreaterThan(500);
    expect(await count(page)).toBe(`${all} Orte`);

    await page.type('#city-search-input', 'RÜTTEN');
    await counted(page, '1 Ort gefunden');
    expect(await visibleList(page)).toEqual(['Rüttenscheid']);
    expect(await page.$eval('.region', (region) => (region as HTMLElement).hidden)).toBe(true);

    await page.click('#city-search-input', { count: 3 });
    await page.type('#city-search-input', 'essen');
    await counted(page, /^\d+ Orte gefunden$/);
    // What a district shows: its name and, in brackets, its town's.
    const found = await page.$$eval('.az-list li', (items) => items.filter((item) => item.checkVisibility()).map((item) => item.textContent!.split(' · ')[0]!));
    expect(found).toContain('Essen');
    // A district matches by its own name or its town's ("Rüttenscheid Essen").
    expect(found.every((name) => name.toLowerCase().includes('essen'))).toBe(true);
    expect(await page.$eval('.town-card.is-main', (card) => card.checkVisibility())).toBe(true);

    // Name and town together, as the list shows them without the brackets.
    await page.click('#city-search-input', { count: 3 });
    await page.type('#city-search-input', 'rüttenscheid essen');
    await counted(page, '1 Ort gefunden');
    expect(await visibleList(page)).toEqual(['Rüttenscheid']);

    await page.click('#city-search-input', { count: 3 });
    await page.type('#city-search-input', 'xyzxyz');
    await counted(page, '0 Orte gefunden');
    expect(await visibleList(page)).toEqual([]);

    // A town card is found by its name, not by its badge or its arrival time.
    await page.click('#city-search-input', { count: 3 });
    await page.type('#city-search-input', 'hauptstandort');
    await counted(page, '0 Orte gefunden');
    expect(await page.$eval('.town-card.is-main', (card) => card.checkVisibility())).toBe(false);
  });

  it('loads React only when the visitor reaches for the search', async () => {
    const v = await open('/einsatzgebiet');
    await v.page.click('[data-consent-necessary]');
    expect(v.requests.filter((url) => url.includes('/assets/city-search.'))).toEqual([]);
    await v.page.focus('#city-search-input');
    await v.page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/assets/city-search.')));
  });

  it('brings a letter of the A–Z row into view on a phone, although letters are laid out only near the screen', async () => {
    /** Where the letter's heading and its first place stand, against the sticky header and the screen. */
    const where = (page: Page, id: string) =>
      page.evaluate((id) => {
        const heading = document.getElementById(id);
        if (!heading) return { url: location.href, header: 0, screen: 0, heading: [-1, -1], first: [-1, -1] };
        const first = heading.parentElement!.querySelector('li')!.getBoundingClientRect();
        const box = heading.getBoundingClientRect();
        return { url: location.href, header: document.querySelector('.site-header')!.getBoundingClientRect().bottom, screen: innerHeight, heading: [box.top, box.bottom], first: [first.top, first.bottom] };
      }, id);
    const inView = ({ header, screen, heading, first }: Awaited<ReturnType<typeof where>>) =>
      heading[0]! >= header && heading[1]! <= screen && first[0]! >= header && first[1]! <= screen;
    // The stylesheet loads by itself right after the HTML (client/boot.ts). It is held until the
    // test lets it through, so that it arrives before the tap or after it every time: a tap while it
    // arrives would hit whatever the new layout puts under the finger, as a visitor's would (the
    // unstyled town cards above the row are about 4,800 px taller). The choice in the cookie banner
    // comes first (the banner would cover the row on a phone).
    for (const stylesheet of ['without JavaScript', 'before the tap', 'after the tap'] as const) {
      const held: HTTPRequest[] = [];
      const { page } = await open('/einsatzgebiet', {
        viewport: MOBILE,
        ...(stylesheet === 'without JavaScript'
          ? { javaScript: false }
          : {
              until: 'paint',
              prepare: async (page: Page) => {
                await page.setRequestInterception(true);
                page.on('request', (request) => (request.url().endsWith('.css') ? held.push(request) : void request.continue()));
              },
            }),
      });
      const letThrough = async () => {
        for (const request of held.splice(0)) await request.continue();
        await stylesheetApplied(page);
      };
      if (stylesheet !== 'without JavaScript') {
        await clientStarted(page);
        await page.click('[data-consent-necessary]');
        await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-consent]')!.hidden && document.querySelector('link[rel="stylesheet"]') !== null, { timeout: 10_000 });
        await page.$eval('.letter-nav', (nav) => nav.scrollIntoView({ block: 'center', behavior: 'instant' }));
        if (stylesheet === 'before the tap') await letThrough();
      }
      for (const letter of ['W', 'K']) {
        await page.click(`.letter-nav a[href="#buchstabe-${letter}"]`);
        if (held.length > 0) await letThrough();
        // Once any smooth scroll has ended and the page has settled.
        const deadline = Date.now() + 5_000;
        let seen = await where(page, `buchstabe-${letter}`);
        while (!inView(seen) && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          seen = await where(page, `buchstabe-${letter}`);
        }
        expect({ stylesheet, letter, inView: inView(seen), seen }).toEqual({ stylesheet, letter, inView: true, seen });
      }
    }
  });

  it('lists every place without JavaScript', async () => {
    const { page } = await open('/einsatzgebiet', { javaScript: false });
    expect((await visibleList(page)).length).toBeGreaterThan(500);
  });

  it('loads the map only after the visitor asks for it', async () => {
    const v = await open('/einsatzgebiet', {
      prepare: async (page) => {
        await page.setRequestInterception(true);
        page.on('request', (request) => (request.url().startsWith('https://www.google.com/') ? request.respond({ status: 200, contentType: 'text/html', body: '<p>Karte</p>' }) : request.continue()));
      },
    });
    await v.page.click('[data-consent-necessary]');
    expect(v.requests.filter((url) => url.includes('google'))).toEqual([]);
    // The frame's request may leave a moment after the frame is in the document: wait for it.
    const mapRequest = v.page.waitForRequest((request) => request.url().startsWith('https://www.google.com/maps'), { timeout: 10_000 });
    await v.page.click('[data-map-load]');
    await v.page.waitForSelector('iframe.map-frame');
    expect((await mapRequest).url()).toMatch(/^https:\/\/www\.google\.com\/maps/);
  });
});

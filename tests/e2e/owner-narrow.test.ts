// Every page of the owner's console on a 360 px phone and at 1280 px: the test logs in, finds the
// pages by following every same-origin link under /intern (GET only) from the navigation and the
// pages themselves, so a page added later is measured without a change here, and asserts on each
// that the page does not scroll sideways and that no element with text is cut (beyond the
// viewport, clipped by a box or an SVG chart, or shortened with an ellipsis). The database holds
// messages, reviews and visits with long words, addresses and URLs, which must wrap. The reviews'
// list is read as the owner reads it at both widths.
import type { Page, Viewport } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Db } from '../../server/store/database.ts';
import type { RunningServer } from '../../server/index.ts';
import type { DataCopy } from '../support/data-copy.ts';
import { openOwnerSite, type OwnerSite } from '../support/owner-site.ts';
import { DESKTOP, useBrowser } from './browser.ts';
import { seedConsole } from './owner-seed.ts';

const PASSWORD = 'Schmal-wie-ein-Telefon-360';
const PHONE: Viewport = { width: 360, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
/** A family of pages (a town, a message) is measured on its first two members, once it has more than this many. */
const FAMILY = 30;
const PER_KIND = 2;

let site: OwnerSite;
let server: RunningServer;
let db: Db;
let data: DataCopy;

beforeAll(async () => {
  site = await openOwnerSite('owner-narrow-', PASSWORD);
  ({ server, db, data } = site);
  seedConsole(db, new Date());
});

afterAll(async () => {
  await site?.close();
});

const open = useBrowser({ javaScript: false });

/** What is cut on the page: its elements with text whose box leaves the viewport or a clipping ancestor, or whose text overflows its own clipped box. */
function cutElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    const name = (element: Element) => `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().replace(/\s+/g, '.')}` : ''} «${(element.textContent ?? '').trim().slice(0, 50)}»`;
    const clips = (style: CSSStyleDeclaration) => style.overflowX !== 'visible';
    for (const element of document.body.querySelectorAll('*')) {
      const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '') || element.matches('input, select, button, textarea, meter');
      if (!ownText) continue;
      const box = element.getBoundingClientRect();
      // Hidden, or only for screen readers (a 1 px clipped box).
      if (box.width <= 2 || box.height <= 2) continue;
      if (box.right > width + 0.5 || box.left < -0.5) {
        found.push(`${name(element)}: ${Math.round(box.left)}..${Math.round(box.right)} px of ${width}`);
        continue;
      }
      const style = getComputedStyle(element);
      if (!element.matches('input, textarea, select') && (clips(style) || style.textOverflow === 'ellipsis') && element.scrollWidth > element.clientWidth + 1) found.push(`${name(element)}: its text is ${element.scrollWidth} px wide in ${element.clientWidth} px`);
      // Inside a box that clips or scrolls sideways (a table's frame, an SVG chart): within it.
      for (let ancestor = element.parentElement; ancestor && ancestor !== document.body; ancestor = ancestor.parentElement) {
        const clipping = ancestor instanceof SVGSVGElement || clips(getComputedStyle(ancestor));
        if (!clipping) continue;
        const frame = ancestor.getBoundingClientRect();
        if (box.right > frame.right + 0.5 || box.left < frame.left - 0.5) found.push(`${name(element)}: ${Math.round(box.left)}..${Math.round(box.right)} px, cut by ${ancestor.tagName.toLowerCase()} at ${Math.round(frame.left)}..${Math.round(frame.right)} px`);
        break;
      }
    }
    return found;
  });
}

/** The page's links under /intern that a GET may follow: same origin, not the public preview's pages. */
function consoleLinks(page: Page, origin: string): Promise<string[]> {
  return page.$$eval('a[href]', (anchors, from) => anchors.map((a) => new URL(a.getAttribute('href')!, location.href)).filter((url) => url.origin === from).map((url) => url.pathname + url.search), origin);
}

/** A page's kind: numbers, query values, and members of a family of more than FAMILY siblings are one. */
function kindOf(path: string, children: Map<string, Set<string>>): string {
  const url = new URL(path, 'http://x');
  let prefix = '';
  for (const segment of url.pathname.split('/').slice(1)) {
    const siblings = children.get(prefix);
    prefix += `/${/\d/.test(segment) || (siblings?.size ?? 0) > FAMILY ? '*' : segment}`;
  }
  return `${prefix}?${[...url.searchParams.keys()].sort().join('&')}`;
}

function remember(path: string, children: Map<string, Set<string>>): void {
  let prefix = '';
  for (const segment of new URL(path, 'http://x').pathname.split('/').slice(1)) {
    const siblings = children.get(prefix) ?? new Set<string>();
    children.set(prefix, siblings.add(segment));
    prefix += `/${/\d/.test(segment) || siblings.size > FAMILY ? '*' : segment}`;
  }
}

const isConsolePage = (path: string) => /^\/intern(\/|$|\?)/.test(path) && !path.startsWith('/intern/vorschau/') && path !== '/intern/abmelden';

async function logIn(page: Page): Promise<void> {
  await page.type('#password', PASSWORD);
  await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
}

describe.each([
  ['a 360 px phone', PHONE],
  ['a 1280 px desktop', DESKTOP],
])("every page of the owner's console on %s", (_label, viewport) => {
  it('fits the width: no sideways scrolling and no cut text on the login page and every page its links reach', async () => {
    const v = await open(`${server.url}/intern/anmelden`, { viewport });
    const problems: string[] = [];
    const measure = async (path: string) => {
      const overflow = await v.page.evaluate(() => document.documentElement.scrollWidth);
      if (overflow > viewport.width) problems.push(`${path}: the page is ${overflow} px wide`);
      for (const cut of await cutElements(v.page)) problems.push(`${path}: ${cut}`);
    };
    await measure('/intern/anmelden');
    await logIn(v.page);
    const cookie = (await v.page.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');

    const queue = ['/intern/nachrichten'];
    const seen = new Set(queue);
    const kinds = new Map<string, number>();
    const children = new Map<string, Set<string>>();
    const visited: string[] = [];
    while (queue.length > 0) {
      const path = queue.shift()!;
      const kind = kindOf(path, children);
      if ((kinds.get(kind) ?? 0) >= PER_KIND) continue;
      // A download (CSV) or a picture is no page: asked first, without the browser.
      const head = await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } });
      await head.body?.cancel();
      if (!head.ok || !head.headers.get('content-type')?.startsWith('text/html')) continue;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      await v.page.goto(`${server.url}${path}`, { waitUntil: 'load' });
      visited.push(path);
      await measure(path);
      for (const link of await consoleLinks(v.page, server.url)) {
        if (!isConsolePage(link) || seen.has(link)) continue;
        seen.add(link);
        remember(link, children);
        queue.push(link);
      }
    }
    // Every section of the navigation, a message's pages, a town's and a page text's form were reached.
    for (const path of ['/intern/nachrichten', '/intern/besuche', '/intern/bewertungen', '/intern/telefon', '/intern/inhalte', '/intern/system', '/intern/inhalte/preise', '/intern/inhalte/orte', '/intern/inhalte/fotos']) expect(visited).toContain(path);
    expect(visited.some((path) => /^\/intern\/nachrichten\/\d+\/loeschen$/.test(path))).toBe(true);
    expect(visited.some((path) => /^\/intern\/inhalte\/orte\/[a-z-]+$/.test(path) && path !== '/intern/inhalte/orte/neu')).toBe(true);
    expect(visited.some((path) => path.startsWith('/intern/inhalte/texte/'))).toBe(true);
    expect(problems).toEqual([]);
  }, 300_000);

  it('lists the stored reviews newest first with the ones of 3 stars or fewer marked in words', async () => {
    const v = await open(`${server.url}/intern/anmelden`, { viewport });
    await logIn(v.page);
    await v.page.goto(`${server.url}/intern/bewertungen`, { waitUntil: 'load' });
    const reviews = await v.page.$$eval('.console-review', (items) => items.map((item) => (item as HTMLElement).innerText));
    expect(reviews).toHaveLength(3);
    expect(reviews.map((text) => /(\d) von 5 Sternen/.exec(text)?.[1])).toEqual(['2', '5', '4']);
    expect(reviews.map((text) => text.includes('3 Sterne oder weniger'))).toEqual([true, false, false]);
    expect(reviews[2]).toContain('Nur Sterne, ohne Text.');
    // Without GOOGLE_PLACE_ID, "Bei Google antworten" opens the profile of data/site.yaml, and the note says so.
    const pageUrl = (parse(data.read('site.yaml')) as { reviews: { pageUrl: string } }).reviews.pageUrl;
    expect(await v.page.$$eval('.console-review a', (links) => links.map((a) => (a as HTMLAnchorElement).href))).toEqual([pageUrl, pageUrl, pageUrl]);
    expect(await v.page.$eval('main', (main) => (main as HTMLElement).innerText)).toContain('die Adresse aus den Kontaktdaten der Website');
    const rows = await v.page.$$eval('.console-stars tbody tr', (trs) => trs.map((tr) => (tr as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));
    expect(rows).toEqual(['5 von 5 Sternen 1', '4 von 5 Sternen 1', '3 von 5 Sternen 0', '2 von 5 Sternen 1', '1 von 5 Sternen 0']);
    expect(await v.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  }, 60_000);
});

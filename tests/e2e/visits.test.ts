// Visitor logging as a visitor's browser does it: nothing at all goes to /api/log before
// 'Alle akzeptieren' (the server counts page views itself, from the pages it answers); after it,
// the path, the visit with screen, time zone and session id, and a beacon per call or WhatsApp click.
import type { HTTPRequest, Page } from 'puppeteer';
import { beforeEach, describe, expect, it } from 'vitest';
import { goTo, scrollToRatio, useBrowser, type Visit } from './browser.ts';

interface Logged {
  endpoint: string;
  body: Record<string, unknown> | null;
}

let logged: Logged[] = [];

async function record(page: Page): Promise<void> {
  page.on('request', (request: HTTPRequest) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/log/')) return;
    const data = request.postData();
    logged.push({ endpoint: url.pathname.slice('/api/log/'.length), body: data ? (JSON.parse(data) as Record<string, unknown>) : null });
  });
  // tel: would hand over to the phone app and WhatsApp opens a tab; the test stays on the page.
  await page.evaluateOnNewDocument(() => {
    addEventListener('click', (event) => {
      if ((event.target as Element).closest?.('a[href^="tel:"], [data-track="whatsapp"]')) event.preventDefault();
    });
  });
}

const visitPage = useBrowser({ prepare: record });

beforeEach(() => {
  logged = [];
});

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 150 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
}

const sent = (endpoint: string) => logged.filter((entry) => entry.endpoint === endpoint).map((entry) => entry.body);
const toLog = (v: Visit) => v.requests.filter((url) => new URL(url).pathname.startsWith('/api/log/'));

/** The status of every /api/log/ call this document made, once `count` have been answered. */
async function answers(v: Visit, count: number): Promise<number[]> {
  const statuses = () =>
    v.page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => new URL(entry.name).pathname.startsWith('/api/log/'))
        .map((entry) => entry.responseStatus),
    );
  for (let i = 0; i < 150 && (await statuses()).filter(Boolean).length < count; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  return statuses();
}

/** What the browser fires when the tab closes or navigates away, without leaving the page. */
async function hide(v: Visit): Promise<void> {
  await v.page.evaluate(() => dispatchEvent(new PageTransitionEvent('pagehide')));
}

async function navigate(v: Visit, path: string): Promise<void> {
  await goTo(v.page, path);
}

/** Everything a visitor does that sent something to /api/log before: scroll, come back, move on, call, chat, leave. */
async function browse(v: Visit): Promise<void> {
  await scrollToRatio(v.page, 0.6);
  await scrollToRatio(v.page, 0);
  await v.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await v.page.click('header a[href^="tel:"]');
  await v.page.$eval('[data-track="whatsapp"]', (link) => (link as HTMLElement).click());
  await v.page.evaluate(() => history.pushState(null, '', '/agb'));
  await hide(v);
  // Beacons and keepalive fetches leave at once; this is ample time for any of them to show.
  await new Promise((resolve) => setTimeout(resolve, 300));
}

describe('before the visitor chose', () => {
  it('sends nothing to /api/log: not on load, scrolling, a new path, the tab coming back, a call or WhatsApp click or leaving', async () => {
    const v = await visitPage('/');
    await browse(v);
    expect(toLog(v)).toEqual([]);
    expect(logged).toEqual([]);
    expect(await v.page.evaluate(() => sessionStorage.getItem('visitor-session'))).toBeNull();

    // The same watcher sees the first request once the visitor agrees: the silence above is real.
    await v.page.click('[data-consent-simple] [data-consent-accept]');
    await hide(v);
    await until(() => logged.length >= 2);
    expect(logged).toEqual([
      { endpoint: 'ip', body: { path: '/agb' } },
      { endpoint: 'visit', body: null },
    ]);
    expect(v.warnings).toEqual([]);
  });

  it("after 'Nur Notwendige' still nothing, on this page and the next", async () => {
    const v = await visitPage('/');
    await v.page.click('[data-consent-simple] [data-consent-necessary]');
    await browse(v);
    await navigate(v, '/preise');
    await browse(v);
    expect(v.requests.some((url) => new URL(url).pathname === '/preise')).toBe(true);
    expect(toLog(v)).toEqual([]);
    expect(logged).toEqual([]);
  });
});

describe("after 'Alle akzeptieren'", () => {
  it('posts the path on load, on a new path and when the tab becomes visible again, and a beacon on leaving', async () => {
    const v = await visitPage('/');
    await v.page.click('[data-consent-simple] [data-consent-accept]');
    // Nothing for the page the visitor agreed on: the server counted it already.
    expect(logged).toEqual([]);

    await navigate(v, '/impressum');
    await until(() => sent('ip').length >= 1);
    expect(sent('ip')).toEqual([{ path: '/impressum' }]);

    await v.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await until(() => sent('ip').length >= 2);
    expect(sent('ip')).toEqual([{ path: '/impressum' }, { path: '/impressum' }]);

    await v.page.evaluate(() => history.pushState(null, '', '/agb'));
    await until(() => sent('ip').length >= 3);
    expect(sent('ip')[2]).toEqual({ path: '/agb' });
    // A history change that keeps the path (the drawer's #menu) is not a page view.
    await v.page.evaluate(() => {
      history.replaceState(null, '', '/agb#menu');
      history.pushState(null, '', '/preise');
    });
    // The tab close beacon (a real unload's beacon leaves after puppeteer stops watching the page).
    await hide(v);
    await until(() => sent('ip').length >= 5);
    expect(sent('ip').slice(3)).toEqual([{ path: '/preise' }, { path: '/preise' }]);
    // ip and visit for each of load, visibility, /agb and /preise, then the beacons ip and empty visit.
    await until(() => sent('visit').length >= 5);
    expect(await answers(v, 10)).toEqual(Array(10).fill(204));
    expect(v.warnings).toEqual([]);
  });

  it('every page of the tab posts a visit with its path, screen, time zone and one session id', async () => {
    const v = await visitPage('/');
    await v.page.click('[data-consent-simple] [data-consent-accept]');
    expect(sent('visit')).toEqual([]);

    await navigate(v, '/impressum');
    await until(() => sent('visit').length >= 1);
    await hide(v);
    await until(() => sent('visit').includes(null));
    await navigate(v, '/agb');
    await until(() => sent('visit').filter((body) => body !== null).length >= 2);

    const visits = sent('visit').filter((body) => body !== null);
    const origin = new URL(v.page.url()).origin;
    expect(visits[0]).toEqual({
      pageUrl: `${origin}/impressum`,
      screenResolution: '390x844',
      timezone: expect.stringMatching(/^[A-Za-z]/),
      sessionId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    });
    expect(visits[1]).toMatchObject({ pageUrl: `${origin}/agb`, sessionId: visits[0]!.sessionId });
    expect(await v.page.evaluate(() => sessionStorage.getItem('visitor-session'))).toBe(visits[0]!.sessionId);
    // The tab close beacons of /impressum: the path, and an empty visit.
    expect(logged).toContainEqual({ endpoint: 'visit', body: null });
    // At least: the real unload on leaving /impressum sends one more, which puppeteer may or may not see.
    expect(sent('ip').filter((body) => body?.path === '/impressum').length).toBeGreaterThanOrEqual(2);
    // On /agb: its page view and its visit.
    expect(await answers(v, 2)).toEqual([204, 204]);
  });

  it('a tel click and a WhatsApp click each send the path and the kind', async () => {
    const v = await visitPage('/');
    await v.page.click('header a[href^="tel:"]');
    await v.page.click('[data-consent-simple] [data-consent-accept]');
    await v.page.click('header a[href^="tel:"]');
    await until(() => sent('click').length >= 1);
    expect(sent('click')).toEqual([{ path: '/', kind: 'call' }]);

    await v.page.$eval('[data-track="whatsapp"]', (link) => (link as HTMLElement).click());
    await until(() => sent('click').length >= 2);
    expect(sent('click')).toEqual([{ path: '/', kind: 'call' }, { path: '/', kind: 'whatsapp' }]);
    expect(await v.page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('all');
  });
});

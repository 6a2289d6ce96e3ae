// Analytics with ids configured: a second build whose site.yaml carries test ids. Google is
// never reached: gtag.js is answered by a local stand-in that turns every dataLayer entry into
// a beacon, so the test sees exactly what would leave the browser, even across navigations.
import type { HTTPRequest, Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type LaunchedBrowser } from '../../scripts/lib/chromium.ts';
import { DESKTOP, MOBILE, dataLayer, follow, goTo, reload, visit, type Visit } from './browser.ts';
import { serveBuiltSite, type ServedSite } from './site.ts';

const IDS = {
  gaMeasurementId: 'G-E2ETEST01',
  adsId: 'AW-123456789',
  adsCallConversionLabel: 'CallLabel1',
  adsContactConversionLabel: 'ContactLabel1',
};
const GTAG_URL = `https://www.googletagmanager.com/gtag/js?id=${IDS.gaMeasurementId}`;
const BEACON_URL = 'https://www.google-analytics.com/e2e-collect';

const FAKE_GTAG = `(() => {
  const queue = (window.dataLayer = window.dataLayer || []);
  const send = (entry) => navigator.sendBeacon('${BEACON_URL}?d=' + encodeURIComponent(JSON.stringify(Array.from(entry))));
  Array.from(queue).forEach(send);
  const push = queue.push.bind(queue);
  queue.push = (...entries) => { entries.forEach(send); return push(...entries); };
})();`;

let chromium: LaunchedBrowser;
let site: ServedSite;
let current: Visit | undefined;
/** Requests that tried to leave for any Google host, and the beacons the stand-in sent. */
let toGoogle: string[] = [];
let hits: unknown[][] = [];
/** While set, the site's own scripts are answered only once it resolves. */
let heldScripts: Promise<void> | null = null;

beforeAll(async () => {
  [chromium, site] = await Promise.all([launchChromium(), serveBuiltSite({ analytics: IDS })]);
});
afterAll(async () => {
  await current?.close();
  await Promise.all([chromium?.close(), site?.close()]);
});

async function answerGoogleLocally(page: Page): Promise<void> {
  await page.setRequestInterception(true);
  page.on('request', (request: HTTPRequest) => {
    const url = new URL(request.url());
    if (!/google|doubleclick/.test(url.hostname)) {
      if (heldScripts && request.resourceType() === 'script') void heldScripts.then(() => request.continue());
      else void request.continue();
      return;
    }
    toGoogle.push(request.url());
    if (request.url() === GTAG_URL) {
      void request.respond({ status: 200, contentType: 'text/javascript', body: FAKE_GTAG });
    } else if (request.url().startsWith(BEACON_URL)) {
      hits.push(JSON.parse(url.searchParams.get('d')!) as unknown[]);
      void request.respond({ status: 204, body: '' });
    } else {
      void request.abort();
    }
  });
}

async function open(path: string, viewport = MOBILE, prepare?: (page: Page) => Promise<void>, until?: 'paint'): Promise<Visit> {
  await current?.close();
  toGoogle = [];
  hits = [];
  current = await visit(chromium.browser, new URL(path, site.url).href, {
    viewport,
    prepare: async (page) => {
      await answerGoogleLocally(page);
      // A tel: link would hand over to the phone app; the test stays on the page.
      await page.evaluateOnNewDocument(() => {
        addEventListener('click', (event) => {
          if ((event.target as Element).closest?.('a[href^="tel:"]')) event.preventDefault();
        });
      });
      await prepare?.(page);
    },
    ...(until ? { until } : {}),
  });
  return current;
}

const events = (queue: unknown[][], name: string) => queue.filter((entry) => entry[0] === 'event' && entry[1] === name);

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('without a choice, or with necessary only', () => {
  it('requests nothing from Google or /api/log and queues no event, before and after Nur Notwendige', async () => {
    const v = await open('/');
    await v.page.click('header a[href^="tel:"]');
    expect(toGoogle).toEqual([]);
    expect(events(await dataLayer(v.page), 'conversion')).toEqual([]);

    await v.page.click('[data-consent-simple] [data-consent-necessary]');
    await v.page.click('header a[href^="tel:"]');
    await reload(v.page);
    await v.page.click('header a[href^="tel:"]');
    expect(toGoogle).toEqual([]);
    const queue = await dataLayer(v.page);
    expect(queue.filter((entry) => entry[0] !== 'consent')).toEqual([]);
    expect(v.requests.filter((url) => new URL(url).pathname.startsWith('/api/log/'))).toEqual([]);
  });
});

describe("after 'Alle akzeptieren'", () => {
  it('loads gtag.js once with the measurement id, after the denied default and the update', async () => {
    const v = await open('/');
    await v.page.click('[data-consent-simple] [data-consent-accept]');
    await v.page.waitForFunction(() => (window as { dataLayer?: unknown[] }).dataLayer?.length && document.querySelector('script[src*="gtag/js"]'));
    await until(() => hits.length >= 5);

    expect(toGoogle.filter((url) => url.includes('/gtag/js'))).toEqual([GTAG_URL]);
    const queue = await dataLayer(v.page);
    expect(queue[0]).toEqual([
      'consent',
      'default',
      { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied', wait_for_update: 500 },
    ]);
    expect(queue[1]).toEqual([
      'consent',
      'update',
      { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'granted' },
    ]);
    expect(queue[2]?.[0]).toBe('js');
    expect(queue.filter((entry) => entry[0] === 'config').map((entry) => entry[1])).toEqual([IDS.gaMeasurementId, IDS.adsId]);
    expect(hits.map((hit) => hit.slice(0, 2))).toEqual(queue.map((entry) => entry.slice(0, 2)));
  });

  it('sends one ads call conversion and one cta_click_call per tap on a call link', async () => {
    const v = await open('/');
    await v.page.click('[data-consent-simple] [data-consent-accept]');
    await v.page.click('header a[href^="tel:"]');
    let queue = await dataLayer(v.page);
    const phone = (await v.page.$eval('header a[href^="tel:"]', (link) => link.getAttribute('href')!)).slice(4);
    expect(events(queue, 'conversion')).toEqual([
      ['event', 'conversion', { send_to: `${IDS.adsId}/${IDS.adsCallConversionLabel}`, phone_number: phone }],
    ]);
    expect(events(queue, 'cta_click_call')).toEqual([
      ['event', 'cta_click_call', { location: 'header', link_url: `tel:${phone}` }],
    ]);

    await v.page.click('footer a[href^="tel:"]');
    await v.page.click('a.fab-call');
    queue = await dataLayer(v.page);
    expect(events(queue, 'conversion')).toHaveLength(3);
    expect(events(queue, 'cta_click_call').map((entry) => (entry[2] as { location: string }).location)).toEqual([
      'header',
      'footer',
      'sticky',
    ]);
    await until(() => events(hits, 'conversion').length >= 3);
    expect(events(hits, 'conversion')).toHaveLength(3);
  });

  it('counts a call tapped before the page script ran, when that tap is the only interaction on the page', async () => {
    let release: () => void = () => undefined;
    heldScripts = new Promise<void>((resolve) => (release = resolve));
    let v: Visit;
    try {
      // A visitor who chose 'Alle akzeptieren' on an earlier visit.
      v = await open('/', MOBILE, (page) => page.evaluateOnNewDocument(() => localStorage.setItem('cookie-consent', 'all')).then(() => undefined), 'paint');
      await v.page.click('header a[href^="tel:"]');
      expect(await v.page.evaluate(() => (window as { __siteClientStarted?: boolean }).__siteClientStarted)).toBeUndefined();
    } finally {
      heldScripts = null;
      release();
    }
    await v.page.waitForFunction(() => (window as { __siteClientStarted?: boolean }).__siteClientStarted === true, { timeout: 10_000 });
    const phone = (await v.page.$eval('header a[href^="tel:"]', (link) => link.getAttribute('href')!)).slice(4);
    const queue = await dataLayer(v.page);
    expect(events(queue, 'cta_click_call')).toEqual([['event', 'cta_click_call', { location: 'header', link_url: `tel:${phone}` }]]);
    expect(events(queue, 'conversion')).toEqual([
      ['event', 'conversion', { send_to: `${IDS.adsId}/${IDS.adsCallConversionLabel}`, phone_number: phone }],
    ]);
    await until(() => events(hits, 'conversion').length >= 1);
    expect(events(hits, 'conversion')).toHaveLength(1);
    // The visitor log counts it too (client/visits.ts), once.
    await until(() => v.requests.some((url) => new URL(url).pathname === '/api/log/click'));
    expect(v.requests.filter((url) => new URL(url).pathname === '/api/log/click')).toHaveLength(1);
  });

  it('still counts a tap once when the script is loaded a second time', async () => {
    const v = await open('/');
    await v.page.click('[data-consent-simple] [data-consent-accept]');
    const src = await v.page.$eval('script[data-main]', (script) => new URL((script as HTMLScriptElement).dataset.main!, location.href).href);
    await v.page.addScriptTag({ type: 'module', url: `${src}?again` });
    await v.page.click('header a[href^="tel:"]');
    const queue = await dataLayer(v.page);
    expect(events(queue, 'conversion')).toHaveLength(1);
    expect(queue.filter((entry) => entry[0] === 'consent' && entry[1] === 'default')).toHaveLength(1);
    expect(toGoogle.filter((url) => url.includes('/gtag/js'))).toHaveLength(1);
  });

  it('re-applies the choice on the next page without the banner and reports the navigation click', async () => {
    const v = await open('/', DESKTOP);
    await v.page.click('[data-consent-simple] [data-consent-accept]');
    await follow(v.page, 'header nav a[data-nav="Startseite"]');
    await until(() => events(hits, 'nav_click').length > 0);
    expect(events(hits, 'nav_click')).toEqual([['event', 'nav_click', { menu_item: 'Startseite' }]]);

    expect(await v.page.$eval('[data-consent]', (banner) => (banner as HTMLElement).hidden)).toBe(true);
    const queue = await dataLayer(v.page);
    expect(queue[1]).toEqual(['consent', 'update', expect.objectContaining({ analytics_storage: 'granted' })]);
    expect(toGoogle.filter((url) => url.includes('/gtag/js'))).toEqual([GTAG_URL, GTAG_URL]);
  });

  it('reports WhatsApp, the hero slogan, a service card and the review link on the home page', async () => {
    const v = await open('/');
    await v.page.click('[data-consent-simple] [data-consent-accept]');
    const popup = new Promise<Page | null>((resolve) => v.page.once('popup', resolve));
    await v.page.click('a[data-track="whatsapp"][data-track-location="hero"]');
    // WhatsApp opens in a new tab; back on the site, a background tab would get no animation frames.
    await (await popup)?.close();
    await v.page.bringToFront();
    const slogan = await v.page.$eval('[data-slogan] [data-slogan-item].is-active', (item) => item.textContent!.trim());
    await v.page.click('[data-slogan]');
    const service = await v.page.$eval('details[data-service]', (details) => (details as HTMLElement).dataset.service!);
    await v.page.click('details[data-service] > summary');
    await v.page.click('details[data-service] > summary');

    const queue = await dataLayer(v.page);
    expect(events(queue, 'cta_click_whatsapp')).toEqual([['event', 'cta_click_whatsapp', { location: 'hero' }]]);
    expect(events(queue, 'call_click')).toEqual([['event', 'call_click', { slogan }]]);
    expect(events(queue, 'service_expand_toggle')).toEqual([
      ['event', 'service_expand_toggle', { service_name: service, expanded: true }],
      ['event', 'service_expand_toggle', { service_name: service, expanded: false }],
    ]);

    await follow(v.page, 'a[data-track="review"]');
    await until(() => events(hits, 'review_click').length > 0);
    expect(events(hits, 'review_click')).toHaveLength(1);
  });
  it('labels calls on trust and service pages and reports price questions', async () => {
    const v = await open('/keine-abzocke', DESKTOP);
    await v.page.click('[data-consent-simple] [data-consent-accept]');
    await v.page.click('aside a[data-track="call"]');
    expect(events(await dataLayer(v.page), 'cta_click_call')).toEqual([
      ['event', 'cta_click_call', { location: 'keine_abzocke_page', link_url: 'tel:+492010000000' }],
    ]);

    await goTo(v.page, '/leistungen/tueroeffnung');
    await v.page.click('.page-hero a[data-track="call"]');
    const title = await v.page.$eval('h1', (h1) => h1.textContent);
    expect(events(await dataLayer(v.page), 'cta_click_call')).toEqual([
      ['event', 'cta_click_call', { location: 'service_page', link_url: 'tel:+492010000000', page_title: title }],
    ]);

    await goTo(v.page, '/preise');
    const question = await v.page.$eval('details[data-faq]', (details) => (details as HTMLElement).dataset.faq);
    await v.page.$eval('details[data-faq] > summary', (summary) => summary.scrollIntoView({ block: 'center' }));
    await v.page.click('details[data-faq] > summary');
    expect(events(await dataLayer(v.page), 'faq_toggle')).toEqual([['event', 'faq_toggle', { faq_question: question }]]);
  });
});

// The first paint uses only the rules inline in the page (build/render/first-screen-css.ts); the whole
// stylesheet and the page script come by themselves without blocking it (client/boot.ts). When the
// stylesheet arrives, nothing the visitor already sees may move (a layout shift): here it is held
// back until the first screen is measured, on a phone, for one page of every template, with the
// cookie banner showing as on a first visit.
import type { HTTPRequest, Page } from 'puppeteer';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { firstRoutePerTemplate, readRoutes } from '../../scripts/lib/routes.ts';
import { baseUrl, stylesheetApplied, useBrowser } from './browser.ts';

const open = useBrowser();
let paths: string[] = [];

beforeAll(async () => {
  paths = firstRoutePerTemplate(await readRoutes(inject('distDir'))).map((route) => route.path);
});

/** Where the parts of the first screen stand: header, the first section, the call button, the banner. */
const FIXED = ['header', 'main > :first-child', 'a.fab-call', '[data-consent]'];

describe('before and after the stylesheet', () => {
  it('no page is wider than the phone and nothing on the first screen moves when the stylesheet arrives', async () => {
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) {
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      const v = await open(path, {
        until: 'paint',
        prepare: async (page) => {
          await page.setRequestInterception(true);
          page.on('request', (request: HTTPRequest) => {
            if (request.resourceType() === 'stylesheet') void held.then(() => request.continue());
            else void request.continue();
          });
        },
      });
      const place = () =>
        v.page.evaluate((selectors: string[]) => {
          const boxes = selectors.map((selector) => {
            const element = document.querySelector(selector);
            if (!element) return `${selector}: none`;
            const box = element.getBoundingClientRect();
            // Its height counts while it ends on the screen; below the screen it is not seen to change.
            const height = box.bottom <= innerHeight ? box.height.toFixed(1) : 'past the screen';
            return `${selector}: ${box.left.toFixed(1)},${box.top.toFixed(1)} ${box.width.toFixed(1)}×${height}`;
          });
          return { width: document.documentElement.scrollWidth, viewport: innerWidth, boxes };
        }, FIXED);
      const before = await place();
      expect(await v.page.$$eval('link[rel="stylesheet"]', (links) => links.every((link) => !(link as HTMLLinkElement).sheet))).toBe(true);
      release();
      await stylesheetApplied(v.page);
      const after = await place();

      expect(before.width, `${path}: wider than the phone before the stylesheet`).toBeLessThanOrEqual(before.viewport);
      expect(after.boxes, `${path} (${baseUrl()})`).toEqual(before.boxes);
    }
  }, 120_000);
});

/** The footer's background: a rule of the whole stylesheet only (the footer is below every first screen). */
const footerBackground = (page: Page) => page.$eval('footer', (footer) => getComputedStyle(footer).backgroundColor);
const TRANSPARENT = 'rgba(0, 0, 0, 0)';

/** Requests of one kind answered only once the test lets them through. */
function holding(kind: 'stylesheet' | 'script') {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const prepare = async (page: Page) => {
    await page.setRequestInterception(true);
    page.on('request', (request: HTTPRequest) => {
      if (request.resourceType() === kind) void held.then(() => request.continue());
      else void request.continue();
    });
  };
  return { prepare, release };
}

describe('without any interaction', () => {
  it('paints and starts the page script while the stylesheet is still on its way, then styles what is below the first screen', async () => {
    const css = holding('stylesheet');
    const v = await open('/', { until: 'paint', prepare: css.prepare });
    await v.page.waitForFunction(() => (window as { __siteClientStarted?: boolean }).__siteClientStarted === true, { timeout: 10_000 });
    expect(v.requests.filter((url) => /\/assets\/site\.[0-9a-f]+\.css$/.test(url))).toHaveLength(1);
    expect(await footerBackground(v.page)).toBe(TRANSPARENT);
    css.release();
    await stylesheetApplied(v.page);
    expect(await footerBackground(v.page)).not.toBe(TRANSPARENT);
  }, 60_000);

  it('the content below the first screen is styled when the page has loaded, on every template', async () => {
    for (const path of paths) {
      const v = await open(path, { until: 'load' });
      expect(await footerBackground(v.page), path).not.toBe(TRANSPARENT);
    }
  }, 120_000);

  it("a tap on the banner before the page script ran is carried out once it has, and a screen reader's click too", async () => {
    for (const press of ['tap', 'click'] as const) {
      const script = holding('script');
      const v = await open('/', { until: 'paint', prepare: script.prepare });
      await stylesheetApplied(v.page);
      // The visitor answers while the page script is still on its way.
      if (press === 'tap') await v.page.tap('[data-consent-necessary]');
      else await v.page.$eval('[data-consent-accept]', (button) => (button as HTMLButtonElement).click());
      expect(await v.page.evaluate(() => localStorage.getItem('cookie-consent'))).toBeNull();
      script.release();
      await v.page.waitForFunction((choice) => localStorage.getItem('cookie-consent') === choice, { timeout: 10_000 }, press === 'tap' ? 'necessary' : 'all');
      expect(await v.page.$eval('[data-consent]', (banner) => (banner as HTMLElement).hidden), press).toBe(true);
    }
  }, 60_000);
});

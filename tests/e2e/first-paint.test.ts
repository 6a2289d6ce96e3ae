// The first paint uses only the rules inline in the page (build/render/first-screen-css.ts); the whole
// stylesheet and the page script come on the first interaction (client/boot.ts). When the
// stylesheet arrives, nothing the visitor already sees may move (a layout shift): here it is held
// back until the first screen is measured, on a phone, for one page of every template, with the
// cookie banner showing as on a first visit.
import type { HTTPRequest } from 'puppeteer';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { firstRoutePerTemplate, readRoutes } from '../../scripts/lib/routes.ts';
import { baseUrl, useBrowser } from './browser.ts';

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
      await v.page.waitForFunction(() => [...document.querySelectorAll('link[rel="stylesheet"]')].some((link) => (link as HTMLLinkElement).sheet), { timeout: 10_000 });
      const after = await place();

      expect(before.width, `${path}: wider than the phone before the stylesheet`).toBeLessThanOrEqual(before.viewport);
      expect(after.boxes, `${path} (${baseUrl()})`).toEqual(before.boxes);
    }
  }, 120_000);
});

describe('before the first interaction', () => {
  it('loads nothing but the page; the first tap loads the stylesheet and the page script, and a tap on the banner before the script ran still counts', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const v = await open('/', {
      interact: false,
      prepare: async (page) => {
        await page.setRequestInterception(true);
        page.on('request', (request: HTTPRequest) => {
          if (request.resourceType() === 'script') void held.then(() => request.continue());
          else void request.continue();
        });
      },
    });
    // Two seconds after load nothing more was asked for; the banner shows.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(v.requests.filter((url) => new URL(url).pathname.startsWith('/assets/'))).toEqual([]);
    expect(await v.page.$eval('[data-consent]', (banner) => (banner as HTMLElement).hidden)).toBe(false);
    // The visitor taps "Nur Notwendige" while the page script is still on its way.
    await v.page.tap('[data-consent-necessary]');
    await v.page.waitForFunction(() => [...document.querySelectorAll('link[rel="stylesheet"]')].some((link) => (link as HTMLLinkElement).sheet), { timeout: 10_000 });
    expect(await v.page.evaluate(() => localStorage.getItem('cookie-consent'))).toBeNull();
    release();
    await v.page.waitForFunction(() => localStorage.getItem('cookie-consent') === 'necessary', { timeout: 10_000 });
    expect(await v.page.$eval('[data-consent]', (banner) => (banner as HTMLElement).hidden)).toBe(true);
  }, 60_000);

  it('a screen reader pressing a banner button (a click and nothing before it) starts the page script, which carries the choice out', async () => {
    const v = await open('/', { interact: false });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(v.requests.filter((url) => new URL(url).pathname.startsWith('/assets/'))).toEqual([]);
    await v.page.$eval('[data-consent-accept]', (button) => (button as HTMLButtonElement).click());
    await v.page.waitForFunction(() => localStorage.getItem('cookie-consent') === 'all', { timeout: 10_000 });
    expect(await v.page.$eval('[data-consent]', (banner) => (banner as HTMLElement).hidden)).toBe(true);
  }, 60_000);
});

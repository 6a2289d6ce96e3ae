// What a visitor on any screen sees first: no sideways scrolling down to 320 px, and a call
// button of at least 48 px in the first screenful of every page.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Viewport } from 'puppeteer';
import { firstRoutePerTemplate, readRoutes } from '../../scripts/lib/routes.ts';
import { DESKTOP, MOBILE, goTo, useBrowser } from './browser.ts';

const NARROW: Viewport = { ...MOBILE, width: 320, height: 640 };
const SCREENS: [string, Viewport][] = [
  ['320 px', NARROW],
  ['390 px', MOBILE],
  ['1280 px', DESKTOP],
];

const open = useBrowser();
let paths: string[] = [];

beforeAll(async () => {
  // One page of every template (and of each index state, a district with and without a text of
  // its own): the layout is the template's. The longest place names stand in for the text that
  // varies, since a long word is what pushes a narrow screen sideways.
  const routes = await readRoutes(inject('distDir'));
  const longest = (template: string) => routes.filter((route) => route.template === template).sort((a, b) => b.path.length - a.path.length)[0]!;
  paths = [...firstRoutePerTemplate(routes), longest('town'), longest('district')].map((route) => route.path);
});

describe.each(SCREENS)('at %s', (_name, viewport) => {
  it('no page scrolls sideways and every page shows a call button of at least 48 px at once', async () => {
    expect(paths.length).toBeGreaterThan(2);
    // One tab per screen size: the consent banner is answered once, as a visitor would, and every
    // page after that is measured as they would see it.
    const { page } = await open('/', { viewport });
    await page.click('[data-consent-necessary]');
    for (const path of paths) {
      await goTo(page, path);
      expect(await page.$('[data-consent-necessary]:not([hidden])').then((banner) => banner?.isVisible() ?? false), `${path}: consent asked again`).toBe(false);
      // Against the screen's width, not innerWidth: a phone zooms a page that is too wide out,
      // and innerWidth then grows with it (a 546 px table made innerWidth 546 on a 360 px phone).
      const overflow = await page.evaluate((width) => document.documentElement.scrollWidth - width, viewport.width);
      expect(overflow, `${path} overflows by ${overflow} px`).toBeLessThanOrEqual(0);

      const calls = await page.$$eval('a.btn-call, a.fab-call', (links) =>
        links
          .filter((link) => link.checkVisibility())
          .map((link) => {
            const box = link.getBoundingClientRect();
            return { href: link.getAttribute('href'), top: box.top, bottom: box.bottom, height: box.height };
          }),
      );
      for (const call of calls) expect(call.height, `${path}: call button height`).toBeGreaterThanOrEqual(48);
      const inFirstScreen = calls.filter((call) => call.top >= 0 && call.bottom <= viewport.height);
      expect(inFirstScreen.length, `${path}: a call button in the first screenful`).toBeGreaterThan(0);
      expect(inFirstScreen.every((call) => call.href?.startsWith('tel:+'))).toBe(true);
    }
  });
});

describe('the header on a phone', () => {
  it.each([360, 375, 390, 414, 480])('at %i px shows the business name whole, beside the call button, not under it', async (width) => {
    const { page } = await open('/', { viewport: { ...MOBILE, width } });
    const header = await page.evaluate(() => {
      const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
      const text = document.querySelector('.site-header .logo-text') as HTMLElement;
      return { cut: text.scrollWidth - text.clientWidth, textRight: box('.site-header .logo-text').right, callLeft: box('.site-header .header-call').left, mark: box('.site-header .logo').width > 0 };
    });
    expect(header.cut, `${width} px: the name runs past its box by ${header.cut} px`).toBeLessThanOrEqual(0);
    expect(header.textRight, `${width} px: the name reaches under the call button`).toBeLessThanOrEqual(header.callLeft);
    expect(header.mark).toBe(true);
  });
});


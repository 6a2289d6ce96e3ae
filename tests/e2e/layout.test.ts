// What a visitor on any screen sees first: no sideways scrolling down to 320 px, and a call
// button of at least 48 px in the first screenful of every page.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Viewport } from 'puppeteer';
import { DESKTOP, MOBILE, baseUrl, useBrowser } from './browser.ts';

const NARROW: Viewport = { ...MOBILE, width: 320, height: 640 };
const SCREENS: [string, Viewport][] = [
  ['320 px', NARROW],
  ['390 px', MOBILE],
  ['1280 px', DESKTOP],
];

const open = useBrowser();
let paths: string[] = [];

beforeAll(async () => {
  // Up to three pages of every template: the layout is the template's, the text varies.
  const routes = (await (await fetch(new URL('/routes.json', baseUrl()))).json()) as { path: string; template: string }[];
  const perTemplate = new Map<string, string[]>();
  for (const route of routes) perTemplate.set(route.template, [...(perTemplate.get(route.template) ?? []), route.path].slice(0, 3));
  paths = [...perTemplate.values()].flat();
});

describe.each(SCREENS)('at %s', (_name, viewport) => {
  it('no page scrolls sideways and every page shows a call button of at least 48 px at once', async () => {
    expect(paths.length).toBeGreaterThan(2);
    for (const path of paths) {
      const { page } = await open(path, { viewport });
      await page.click('[data-consent-necessary]');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
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

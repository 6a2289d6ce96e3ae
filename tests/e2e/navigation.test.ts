// Finding one's way: the header marks the current page, and on a phone the menu drawer opens,
// keeps keyboard focus inside, and closes by Escape, by its close link or by choosing a page.
import type { HTTPRequest } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, baseUrl, focused, isFocusInside, isShown, type Visit, useBrowser } from './browser.ts';

const open = useBrowser();


const activeItems = (v: Visit) =>
  v.page.$$eval('header nav a[aria-current="page"]', (links) => links.map((link) => (link as HTMLElement).dataset.nav));

// A page below a navigation item (/leistungen/…) marks that item active by its path's prefix;
// checked where the build wrote such a page.
const servicePageExists = (await fetch(new URL('/leistungen/tueroeffnung', baseUrl()))).ok;

describe('header navigation at 1280 px', () => {
  it('marks only Startseite on the home page', async () => {
    const v = await open('/', { viewport: DESKTOP });
    expect(await activeItems(v)).toEqual(['Startseite']);
    expect(await isShown(v.page, 'header nav a[data-nav="Startseite"]')).toBe(true);
  });

  it('marks no item on a page outside the navigation', async () => {
    const v = await open('/impressum', { viewport: DESKTOP });
    expect(await activeItems(v)).toEqual([]);
  });

  it.runIf(servicePageExists)('marks Leistungen on a page below /leistungen', async () => {
    const v = await open('/leistungen/tueroeffnung', { viewport: DESKTOP });
    expect(await activeItems(v)).toEqual(['Leistungen']);
  });
});

describe('menu drawer at 390 px', () => {
  async function openDrawer(path = '/'): Promise<Visit> {
    const v = await open(path, { viewport: MOBILE });
    expect(await isShown(v.page, '[data-drawer-panel]')).toBe(false);
    await v.page.click('[data-drawer-open]');
    return v;
  }

  it('opens as a dialog with focus inside and the toggle expanded', async () => {
    const v = await openDrawer();
    expect(await isShown(v.page, '[data-drawer-panel]')).toBe(true);
    expect(await v.page.$eval('[data-drawer-open]', (toggle) => toggle.getAttribute('aria-expanded'))).toBe('true');
    expect(await isFocusInside(v.page, '[data-drawer-panel]')).toBe(true);
    expect(await v.page.$$eval('[data-drawer-panel] a[href^="tel:"]', (links) => links.length)).toBeGreaterThan(0);
    expect(new URL(v.page.url()).hash).toBe('');
  });

  it('keeps Tab and Shift+Tab inside the drawer', async () => {
    const v = await openDrawer();
    const count = await v.page.$$eval('[data-drawer-panel] a[href], [data-drawer-panel] button', (items) => items.length);
    for (let i = 0; i < count + 2; i++) {
      await v.page.keyboard.press('Tab');
      expect(await isFocusInside(v.page, '[data-drawer-panel]')).toBe(true);
    }
    for (let i = 0; i < count + 2; i++) {
      await v.page.keyboard.down('Shift');
      await v.page.keyboard.press('Tab');
      await v.page.keyboard.up('Shift');
      expect(await isFocusInside(v.page, '[data-drawer-panel]')).toBe(true);
    }
  });

  it('closes on Escape and gives focus back to the menu button', async () => {
    const v = await openDrawer();
    await v.page.keyboard.press('Escape');
    expect(await isShown(v.page, '[data-drawer-panel]')).toBe(false);
    expect(await v.page.$eval('[data-drawer-open]', (toggle) => toggle.getAttribute('aria-expanded'))).toBe('false');
    expect(await focused(v.page)).toContain('data-drawer-open');
  });

  it('closes by its close link without jumping to the top of the page', async () => {
    const v = await open('/', { viewport: MOBILE });
    await v.page.evaluate(() => scrollTo(0, 400));
    await v.page.click('[data-drawer-open]');
    await v.page.click('[data-drawer-panel] a[data-drawer-close]');
    expect(await isShown(v.page, '[data-drawer-panel]')).toBe(false);
    expect(await focused(v.page)).toContain('data-drawer-open');
    expect(await v.page.evaluate(() => scrollY)).toBe(400);
    expect(new URL(v.page.url()).hash).toBe('');
  });

  it('closes when the visitor chooses a page', async () => {
    const v = await openDrawer('/impressum');
    // The new page is held back (204 keeps the current document) to see the drawer as left behind.
    await v.page.setRequestInterception(true);
    const requested = new Promise<string>((resolve) => {
      v.page.on('request', (request: HTTPRequest) => {
        if (request.isNavigationRequest()) {
          resolve(new URL(request.url()).pathname);
          void request.respond({ status: 204, body: '' });
        } else void request.continue();
      });
    });
    await v.page.click('[data-drawer-panel] a[data-nav="Startseite"]');
    expect(await requested).toBe('/');
    expect(await isShown(v.page, '[data-drawer-panel]')).toBe(false);
    expect(await v.page.$eval('[data-drawer-open]', (toggle) => toggle.getAttribute('aria-expanded'))).toBe('false');
  });
});

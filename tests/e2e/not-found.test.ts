// A mistyped or outdated address: the visitor gets a real 404 page that still lets them call.
import { describe, expect, it } from 'vitest';
import { baseUrl, isShown, useBrowser } from './browser.ts';

const open = useBrowser();

describe('an unknown address', () => {
  it('answers 404 with the old site\'s 404 texts, a call link and ways back', async () => {
    const path = '/gibt-es-nicht/straße';
    const response = await fetch(new URL(path, baseUrl()));
    expect(response.status).toBe(404);
    await response.body?.cancel();

    const current = await open(path);
    const page = current.page;
    const text = await page.$eval('main', (main) => (main as HTMLElement).innerText);
    expect(text).toContain('404');
    expect(text).toContain('Seite nicht gefunden');
    expect(text).toContain('Die angeforderte Seite konnte leider nicht gefunden werden.');
    expect(await isShown(page, 'main a[href^="tel:"]')).toBe(true);
    const links = await page.$$eval('main a', (anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
    expect(links).toEqual(
      expect.arrayContaining(['/', '/leistungen/tueroeffnung', '/leistungen/schlosswechsel', '/einsatzgebiet', '/kontakt']),
    );
  });

  it('logs the requested path as a console warning, not an error', async () => {
    const current = await open('/gibt-es-nicht/straße');
    await current.page.waitForFunction(() => document.readyState === 'complete');
    expect(current.warnings).toContain('404 – Seite nicht gefunden: /gibt-es-nicht/stra%C3%9Fe');
    // The 404 status of the document itself is reported by Chromium as a failed resource.
    expect(current.errors.filter((error) => !error.includes('404'))).toEqual([]);
  });
});

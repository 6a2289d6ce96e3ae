// With JavaScript switched off the site still does its job: call, navigate, read.
import { describe, expect, it } from 'vitest';
import { MOBILE, isShown, type Visit, useBrowser } from './browser.ts';

const PAGES = ['/', '/impressum', '/datenschutz', '/agb', '/diese-seite-gibt-es-nicht'];
const FOOTER_LINKS = [
  '/leistungen/tueroeffnung',
  '/leistungen/schlosswechsel',
  '/leistungen/einbruchschutz',
  '/leistungen/autooeffnung',
  '/leistungen/tresoroeffnung',
  '/schluesseldienst/essen',
  '/schluesseldienst/duisburg',
  '/schluesseldienst/bochum',
  '/schluesseldienst/oberhausen',
  '/einsatzgebiet',
  '/impressum',
  '/datenschutz',
  '/agb',
];
const NAV_LINKS = ['/', '/leistungen', '/preise', '/einsatzgebiet', '/bewertungen', '/ueber-uns', '/kontakt'];

const open = useBrowser({ viewport: MOBILE, javaScript: false });


const hrefs = (v: Visit, selector: string) =>
  v.page.$$eval(selector, (links) => links.map((link) => link.getAttribute('href')));

describe.each(PAGES)('%s without JavaScript at 390 px', (path) => {
  it('shows the call link in the header, the menu link and the footer links; no banner', async () => {
    const v = await open(path);
    expect(await v.page.evaluate(() => typeof (window as { dataLayer?: unknown }).dataLayer)).toBe('undefined');
    expect(await isShown(v.page, 'header a[href^="tel:"]')).toBe(true);
    expect(await isShown(v.page, 'header a[href="#menu"]')).toBe(true);
    expect(await hrefs(v, '#menu nav a')).toEqual(NAV_LINKS);
    expect(await hrefs(v, 'footer a')).toEqual(expect.arrayContaining(FOOTER_LINKS));
    expect(await isShown(v.page, '[data-consent]')).toBe(false);
    expect(await isShown(v.page, '[data-consent-open]')).toBe(false);
    // Chromium reports the 404 status of the not-found page itself as a failed resource.
    expect(v.errors.filter((error) => !(path.startsWith('/diese-seite') && error.includes('404')))).toEqual([]);
  });
});

describe('the menu drawer without JavaScript', () => {
  it('opens through #menu and closes again', async () => {
    const v = await open('/impressum');
    expect(await isShown(v.page, '#menu [data-drawer-panel]')).toBe(false);
    await v.page.click('header a[href="#menu"]');
    expect(new URL(v.page.url()).hash).toBe('#menu');
    expect(await isShown(v.page, '#menu [data-drawer-panel]')).toBe(true);
    expect(await isShown(v.page, '#menu [data-drawer-panel] a[href^="tel:"]')).toBe(true);
    expect(await isShown(v.page, '#menu [data-drawer-panel] a[href="/"]')).toBe(true);

    await v.page.click('#menu [data-drawer-panel] a[data-drawer-close]');
    expect(await isShown(v.page, '#menu [data-drawer-panel]')).toBe(false);
  });
});

describe('the home page without JavaScript', () => {
  it('shows every section, the first slogan, and links each gallery image to its JPEG', async () => {
    const v = await open('/');
    await v.page.evaluate(() => scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    const opacities = await v.page.$$eval('section[data-reveal]', (sections) => sections.map((section) => getComputedStyle(section).opacity));
    expect(opacities.length).toBeGreaterThan(0);
    expect(opacities.every((opacity) => opacity === '1')).toBe(true);
    expect(await isShown(v.page, '[data-slogan] [data-slogan-item].is-active')).toBe(true);
    // The whole stylesheet applies (the <noscript> link): the footer's background is one of its rules only.
    expect(await v.page.$eval('footer', (footer) => getComputedStyle(footer).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    const gallery = await hrefs(v, 'a[data-gallery-item]');
    expect(gallery).toHaveLength(4);
    for (const href of gallery) expect(href).toMatch(/\.jpe?g$/);
  });
});

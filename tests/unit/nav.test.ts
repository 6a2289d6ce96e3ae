// The header navigation as a visitor meets it on the built pages: every item leads to a page of
// the site, and each page marks the item it belongs to, and only that one, as the current page.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { isActive } from '../../templates/lib/nav.ts';
import { Navigation } from '../../templates/layout/Navigation.tsx';
import { FAKE_ASSETS, fakeImages } from '../support/fake-images.ts';
import { listRoutes } from '../../build/routes/index.ts';
import { loadSiteData } from '../../build/load/site-data.ts';
import { BUILD_DATE } from '../support/build-settings.ts';
import { loadChanged } from '../support/data-load.ts';
import { renderDocument } from '../../build/render/page.ts';

/** The labels of the items a page's navigation marks as current. */
function current(path: string | null): string[] {
  const html = renderToStaticMarkup(createElement(Navigation, { items: data.navigation.items, path, className: 'main-nav', label: 'Hauptnavigation' }));
  return [...html.matchAll(/<a [^>]*data-nav="([^"]+)"[^>]*aria-current="page"/g)].map((match) => match[1]!);
}

const data = loadSiteData({ buildDate: BUILD_DATE });

describe('header navigation', () => {
  const paths = listRoutes({ data, siteUrl: 'https://example.test', images: fakeImages(data) }).map((route) => route.path);

  it('leads only to pages the build writes', () => {
    expect(data.navigation.items.length).toBeGreaterThan(1);
    for (const item of data.navigation.items) expect(paths, item.href).toContain(item.href);
  });

  it('marks exactly the item whose section a page lies in: a service page Leistungen; a place page or a legal page, whose paths lie outside every section, none', () => {
    expect(current('/')).toEqual(['Startseite']);
    expect(current('/leistungen/tueroeffnung')).toEqual(['Leistungen']);
    expect(current('/schluesseldienst/werden')).toEqual([]);
    expect(current('/einsatzgebiet')).toEqual(['Einsatzgebiet']);
    expect(current('/impressum')).toEqual([]);
    expect(current(null)).toEqual([]);
    for (const path of paths) expect(current(path).length, String(path)).toBeLessThanOrEqual(1);
  });

  it('refuses a link to a page the build does not write, naming file and field', () => {
    const changed = loadChanged((copy) =>
      copy.edit('navigation.yaml', (text) => text.replace('label: Kontakt }\n', 'label: Kontakt }\n  - { href: /gibt-es-nicht, label: Angebote }\n')),
    );
    expect(() => listRoutes({ data: changed, siteUrl: 'https://example.test', images: fakeImages(changed) })).toThrow(
      'data/navigation.yaml: items[7].href: "/gibt-es-nicht" is no page the build writes; link one of its pages',
    );
  });

  it('refuses a footer town the data does not know, naming file and field', () => {
    const changed = loadChanged((copy) => copy.edit('navigation.yaml', (text) => text.replace('towns: [Essen,', 'towns: [Esen,')));
    expect(() => listRoutes({ data: changed, siteUrl: 'https://example.test', images: fakeImages(changed) })).toThrow(
      'data/navigation.yaml: footer.towns[0]: "Esen" is not a town of data/places/',
    );
  });

  it('marks the right item on whole pages rendered one after another, in the header and in the drawer (their markup is made once and reused)', () => {
    const routes = listRoutes({ data, siteUrl: 'https://example.test', images: fakeImages(data) });
    const page = (path: string, site = data.site) =>
      renderDocument(routes.find((route) => route.path === path)!, { site, navigation: data.navigation, layout: data.layout, siteUrl: 'https://example.test', assets: FAKE_ASSETS });
    /** The current item of each navigation on the page: the header's, then the drawer's. */
    const marked = (html: string) =>
      [...html.matchAll(/<nav class="(main-nav|drawer-nav)"[^]*?<\/nav>/g)].map((nav) => /data-nav="([^"]+)"[^>]*aria-current="page"/.exec(nav[0])?.[1] ?? 'none');
    expect(marked(page('/'))).toEqual(['Startseite', 'Startseite']);
    expect(marked(page('/leistungen/tueroeffnung'))).toEqual(['Leistungen', 'Leistungen']);
    expect(marked(page('/schluesseldienst/essen'))).toEqual(['none', 'none']);
    expect(marked(page('/'))).toEqual(['Startseite', 'Startseite']);
    // Other site facts are other markup: a changed phone number reaches header, drawer, footer and floating button.
    const display = '0201 999 888 7';
    const changed = page('/', { ...data.site, phone: { ...data.site.phone, display } });
    for (const part of ['header', 'footer', 'aside']) expect(new RegExp(`<${part}[^]*?${display}[^]*?</${part}>`).test(changed), part).toBe(true);
    expect(page('/')).not.toContain(display);
  });

  it('matches a prefix only on a path segment boundary', () => {
    expect(isActive('/preise', '/preisevergleich')).toBe(false);
    expect(isActive('/leistungen', '/leistungen/tueroeffnung')).toBe(true);
  });
});

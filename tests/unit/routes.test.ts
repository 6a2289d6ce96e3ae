import { describe, expect, it } from 'vitest';
import { loadSiteData } from '../../build/load/site-data.ts';
import { fileForPath, listRoutes, type Route } from '../../build/routes/index.ts';
import { checkRoutes } from '../../build/routes/checks.ts';
import { absoluteUrl, sitemapXml } from '../../build/site-files/sitemap.ts';
import { fakeImages } from '../support/fake-images.ts';

const data = loadSiteData({ buildDate: new Date('2026-11-22T10:00:00Z') });
const images = fakeImages(data);
const routes = listRoutes({ data, siteUrl: 'https://example.test', images });

describe('route table', () => {
  it('starts with home and ends with the 404 page, every other route a file of its own', () => {
    expect([routes[0]!.path, routes[0]!.file, routes[0]!.template]).toEqual(['/', 'index.html', 'home']);
    expect([routes.at(-1)!.path, routes.at(-1)!.file, routes.at(-1)!.template]).toEqual([null, '404.html', '404']);
    expect(routes.filter((route) => route.template === 'legal').map((route) => route.file)).toEqual([
      'impressum/index.html',
      'datenschutz/index.html',
      'agb/index.html',
    ]);
    expect(routes.filter((route) => route.template === 'service')).toHaveLength(data.services.services.length);
    expect(routes.filter((route) => route.template === 'trust')).toHaveLength(9);
  });

  it('maps paths to files without trailing slashes in URLs', () => {
    expect(fileForPath('/')).toBe('index.html');
    expect(fileForPath('/schluesseldienst/essen')).toBe('schluesseldienst/essen/index.html');
  });

  it('rejects two routes writing one file and lists both', () => {
    const impressum = routes.find((route) => route.path === '/impressum')!;
    const twin: Route = { ...impressum, path: '/impressum-kopie', head: { ...impressum.head, title: 'Anders', description: 'Anders auch' } };
    expect(() => checkRoutes([...routes, twin])).toThrow(
      'Route conflict: 2 routes are writing the same output file "impressum/index.html":\n  1. /impressum (legal)\n  2. /impressum-kopie (legal)',
    );
  });

  it('rejects two pages with one title', () => {
    const twin: Route = { ...routes[1]!, path: '/x', file: 'x/index.html', head: { ...routes[1]!.head, description: 'Eine andere Beschreibung' } };
    expect(() => checkRoutes([...routes, twin])).toThrow(/sharing one title/);
  });
});

describe('sitemap', () => {
  const xml = sitemapXml(routes, 'https://example.test');

  it('lists every indexable page and not the 404 page', () => {
    expect(xml.match(/<loc>/g)).toHaveLength(routes.filter((route) => route.indexable).length);
    // Districts stay outside the index until they have content of their own (build/indexing/policy.ts).
    expect(new Set(routes.filter((route) => !route.indexable).map((route) => route.template))).toEqual(new Set(['district', 'fallback', 'order', 'message', '404']));
    expect(routes.filter((route) => route.template === 'town').every((route) => route.indexable)).toBe(true);
    expect(xml).toContain('<loc>https://example.test/impressum</loc>');
    expect(xml).not.toContain('404');
    expect(xml).not.toContain('FALLBACK');
  });

  it('claims no lastmod it cannot know', () => {
    expect(xml).not.toContain('lastmod');
  });

  it('percent-encodes umlauts and ß in URLs', () => {
    expect(absoluteUrl('https://example.test', '/schluesseldienst/straße')).toBe('https://example.test/schluesseldienst/stra%C3%9Fe');
  });
});

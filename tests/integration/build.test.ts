import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILES_MANIFEST } from '../../build/write/dist-writer.ts';
import { contentHash } from '../../build/hash.ts';
import { securityHeaders } from '../../core/http-policy.ts';
import { SERVER_FOLDER, serverFile } from '../../core/build-server-contract.ts';
import { copyData } from '../support/data-copy.ts';
import { relativeDate } from '../../core/relative-date.ts';
import { BUILD_DATE, buildSite, type BuiltSite } from '../support/site-build.ts';

let site: BuiltSite;
let pages: { path: string; file: string; template: string; title: string }[];

beforeAll(async () => {
  site = await buildSite();
  pages = JSON.parse(site.read('_server/routes.json'));
}, 180_000);
afterAll(() => site?.remove());

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [relative(site.dir, path)];
  });
}

/** The file the build wrote for a page of routes.json. */
const fileOf = (path: string) => pages.find((page) => page.path === path)!.file;
const attr = (html: string, pattern: RegExp) => html.match(pattern)?.[1];

describe('the build', () => {
  it('writes every page, the assets, sitemap, robots and the 404 page', () => {
    const written = files(site.dir);
    for (const file of ['index.html', 'impressum/index.html', 'datenschutz/index.html', 'agb/index.html', '404.html', 'sitemap.xml', 'robots.txt', 'favicon.svg']) {
      expect(written).toContain(file);
    }
    expect(written.filter((file) => /^assets\/site\.[0-9a-f]{8}\.css$/.test(file))).toHaveLength(1);
    expect(written.filter((file) => /^assets\/main\.[0-9a-f]{8}\.js$/.test(file))).toHaveLength(1);
    expect(site.summary.pages).toBe(pages.length);
  });

  it('names assets by their content', () => {
    // By the SHA-256 of their bytes alone, scripts too: a script names the chunks it imports, so a
    // changed chunk renames everything that imports it, and a moved source file renames nothing.
    const assets = files(site.dir).filter((name) => /^assets\/.*\.(css|js)$/.test(name));
    expect(assets.filter((name) => name.endsWith('.js')).length).toBeGreaterThan(1);
    for (const file of assets) expect(file).toMatch(new RegExp(`^assets/[a-z-]+\\.${contentHash(site.bytes(file))}\\.(css|js)$`));
  });

  it('puts a .br beside every text file and a .gz beside every one but the pages, each decompressing to the original', () => {
    // The server's own folder (the build's record of what it wrote, the route list, the templates it
    // fills) is read by the server as it is and never sent: nothing compressed beside it.
    const texts = files(site.dir).filter((file) => /\.(html|css|js|svg|xml|txt|json)$/.test(file));
    const served = texts.filter((file) => !file.startsWith(`${SERVER_FOLDER}/`));
    expect(served.length).toBeGreaterThan(8);
    const own = texts.filter((file) => file.startsWith(`${SERVER_FOLDER}/`));
    expect(own).toEqual(expect.arrayContaining([FILES_MANIFEST, serverFile('routes'), serverFile('messagePage')]));
    expect(own.filter((file) => existsSync(join(site.dir, `${file}.br`)) || existsSync(join(site.dir, `${file}.gz`)))).toEqual([]);
    for (const file of served) {
      const original = site.bytes(file);
      expect(brotliDecompressSync(site.bytes(`${file}.br`)).equals(original), `${file}.br`).toBe(true);
      // A page's gzip is made by the server when a client without brotli asks (server/http/table.ts).
      if (file.endsWith('.html')) expect(existsSync(join(site.dir, `${file}.gz`)), `${file}.gz`).toBe(false);
      else expect(gunzipSync(site.bytes(`${file}.gz`)).equals(original), `${file}.gz`).toBe(true);
    }
  });

  it('writes a sitemap with absolute URLs and no lastmod, and robots.txt pointing to it', () => {
    const sitemap = site.read('sitemap.xml');
    expect(sitemap).toContain('<loc>https://www.schluesseldienst-mustermann.example/</loc>');
    expect(sitemap).toContain('<loc>https://www.schluesseldienst-mustermann.example/agb</loc>');
    expect(sitemap).not.toContain('lastmod');
    expect(site.read('robots.txt')).toContain('Sitemap: https://www.schluesseldienst-mustermann.example/sitemap.xml');
  });

  it('gives every page its own title, description and canonical URL', () => {
    const heads = pages.map((page) => {
      const html = site.read(fileOf(page.path));
      return {
        path: page.path,
        title: attr(html, /<title>([^<]*)<\/title>/),
        description: attr(html, /<meta name="description" content="([^"]*)"/),
        canonical: attr(html, /<link rel="canonical" href="([^"]*)"/),
      };
    });
    for (const key of ['title', 'description'] as const) {
      const values = heads.map((head) => head[key]);
      expect(values.every(Boolean), key).toBe(true);
      expect(new Set(values).size, key).toBe(values.length);
    }
    // The 404 page and the noindex pages (the fallback page of unknown places, the order form)
    // have no address of their own.
    const addressless = new Set(
      pages.filter((page) => page.template === '404' || site.read(fileOf(page.path)).includes('<meta name="robots" content="noindex')).map((page) => page.path),
    );
    for (const head of heads.filter((h) => !addressless.has(h.path))) {
      expect(head.canonical).toBe(`https://www.schluesseldienst-mustermann.example${head.path}`);
    }
    for (const path of addressless) expect(heads.find((h) => h.path === path)?.canonical).toBeUndefined();
  });

  it('serves the page in German with the call link in the header of every page', () => {
    for (const page of pages) {
      const html = site.read(fileOf(page.path));
      expect(html).toMatch(/^<!DOCTYPE html><html lang="de">/);
      const header = html.slice(html.indexOf('<header class="site-header"'), html.indexOf('</header>'));
      expect(header, page.path).toContain('href="tel:+492010000000"');
    }
  });

  it('renders the gallery through the image pipeline with width and height set', () => {
    const html = site.read('index.html');
    const gallery = html.slice(html.indexOf('<ul class="card-grid gallery">'), html.indexOf('</ul>', html.indexOf('<ul class="card-grid gallery">')));
    expect(gallery.match(/<picture>/g)).toHaveLength(4);
    expect(gallery.match(/type="image\/avif"/g)).toHaveLength(4);
    expect(gallery.match(/type="image\/webp"/g)).toBeNull();
    for (const img of gallery.match(/<img [^>]*>/g) ?? []) {
      expect(img).toMatch(/width="\d+"/);
      expect(img).toMatch(/height="\d+"/);
      expect(img).toMatch(/alt="[^"]+"/);
      const src = attr(img, /src="([^"]+)"/)!;
      expect(files(site.dir)).toContain(src.slice(1));
    }
  });
});

describe('dist/ alone on a static host', () => {
  it('carries the server\'s security headers, cache rules and redirects in _headers and _redirects', () => {
    const headers = site.read('_headers');
    // The build's policy: the server's default plus the hash of the page's one inline script.
    const { csp } = JSON.parse(site.read('_server/headers.json')) as { csp: string };
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]{43}='/);
    for (const [name, value] of Object.entries(securityHeaders(csp))) expect(headers).toContain(`  ${name}: ${value}\n`);
    expect(headers).toMatch(/^\/assets\/\*\n  Cache-Control: public, max-age=31536000, immutable$/m);
    const redirects = site.read('_redirects');
    expect(redirects).toContain('/schluesseldienst-:slug  /schluesseldienst/:slug  301');
    expect(redirects).toContain('/leistungen/*  /leistungen  301');
  });
});

describe('legal pages, correct for Germany today', () => {
  it('the Impressum follows § 5 DDG, states no arbitration and never links the closed ODR platform', () => {
    const html = site.read('impressum/index.html');
    expect(html).toContain('§ 5 DDG');
    expect(html).not.toMatch(/TMG\b/);
    expect(html).toContain('nicht bereit und nicht verpflichtet');
    expect(html).toContain('GeoNames');
    for (const page of pages) expect(site.read(fileOf(page.path))).not.toMatch(/ec\.europa\.eu\/consumers\/odr/);
  });

  // The version a customer agreed to must be recognisable later: the date the owner sets with the
  // text (front matter `stand`), never the day of the build, which changed with every build.
  it('the privacy policy and the terms show the version the owner set, not the build date', () => {
    for (const file of ['datenschutz/index.html', 'agb/index.html']) {
      const html = site.read(file);
      expect(html, file).toMatch(/Stand: <time dateTime="\d{4}-\d{2}-\d{2}">\d{1,2}\. [A-Zä][a-zä]+ \d{4}<\/time>/);
      expect(html, file).not.toContain('22. November 2026');
    }
  });

  it('builds of the same data on two days give identical AGB and privacy policy', async () => {
    const later = await buildSite({ now: new Date('2027-03-05T23:30:00Z') });
    try {
      for (const file of ['agb/index.html', 'datenschutz/index.html']) expect(later.read(file) === site.read(file), file).toBe(true);
    } finally {
      later.remove();
    }
  }, 120_000);

  it('the AGB have sections 1 to 9 and name Essen as venue for merchants', () => {
    const html = site.read('agb/index.html');
    for (let section = 1; section <= 9; section += 1) expect(html).toContain(`§ ${section} `);
    expect(html).toMatch(/Gerichtsstand[^]*Essen/);
  });
});

describe('one data file holds the business facts', () => {
  it('a new phone number in data/site.yaml changes every page and leaves the old one nowhere', async () => {
    const data = copyData();
    data.edit('site.yaml', (text) => text.replace('e164: "+492010000000"', 'e164: "+49201987654"').replace('display: "0201 000 000 0"', 'display: "0201 987 654"'));
    const changed = await buildSite({ dataDir: data.dir });
    try {
      for (const page of pages) {
        const html = changed.read(fileOf(page.path));
        expect(html, page.path).not.toContain('+492010000000');
        expect(html, page.path).not.toContain('0201 000 000 0');
        expect(html, page.path).toContain('href="tel:+49201987654"');
      }
      expect(changed.read('impressum/index.html')).toContain('0201 987 654');
    } finally {
      changed.remove();
      data.remove();
    }
  }, 120_000);
});

describe('the basis of a promise', () => {
  // data/claims.yaml: `basis` says what a promise rests on, for the owner alone; the condition beside it is shown.
  it('appears in no file of the build, compressed or not, while the condition next to it does', async () => {
    const data = copyData();
    let bases = 0;
    data.edit('claims.yaml', (text) =>
      text
        .replace(/^( {2}basis: ).*$/gm, (_line, key: string) => `${key}Grundlage-Marker-QX7 ${++bases}`)
        .replace(/^( {4})Für girocard und privat/m, '$1Bedingung-Marker-QX7: Für girocard und privat'),
    );
    expect(bases).toBeGreaterThanOrEqual(4);
    const built = await buildSite({ dataDir: data.dir });
    try {
      const files = readdirSync(built.dir, { recursive: true, encoding: 'utf8' }).filter((file) => statSync(join(built.dir, file)).isFile());
      const textOf = (file: string) => {
        const bytes = built.bytes(file);
        return (file.endsWith('.br') ? brotliDecompressSync(bytes) : file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
      };
      const withBasis = files.filter((file) => textOf(file).includes('Grundlage-Marker-QX7'));
      const withCondition = files.filter((file) => textOf(file).includes('Bedingung-Marker-QX7'));
      expect(withBasis).toEqual([]);
      // The search sees what the build writes: the condition of the same promise is there, plain and compressed.
      expect(withCondition.some((file) => file.endsWith('.html'))).toBe(true);
      expect(withCondition.some((file) => file.endsWith('.br'))).toBe(true);
    } finally {
      built.remove();
      data.remove();
    }
  }, 240_000);
});

describe('the home page holds every section', () => {
  const html = () => site.read('index.html');
  const hrefs = (fragment: string) => [...fragment.matchAll(/<a [^>]*href="([^"]+)"/g)].map((match) => match[1]);
  const section = (id: string) => {
    const text = html();
    const start = text.indexOf(`<section id="${id}"`);
    expect(start, id).toBeGreaterThan(0);
    return text.slice(start, text.indexOf('</section>', start));
  };

  it('a hero with the two fixed prices from data/prices.yaml, call and WhatsApp', () => {
    const start = html().indexOf('<section class="hero"');
    const hero = html().slice(start, html().indexOf('</section>', start));
    // Each with its time condition and its price outside those hours (PAngV).
    expect(hero).toMatch(/Zugefallene Tür<!-- -->:<\/span> <span class="price-schedule price-chip-amount"><span class="price-amount-value" data-price-id="tuer-zugefallen">69\u00a0€<\/span> <span class="price-when">Mo–Fr 8–18 Uhr außer an Feiertagen; sonst <span data-price-outside="tuer-zugefallen">138\u00a0€/);
    expect(hero).toMatch(/Abgeschlossene Tür<!-- -->:<\/span> .{0,200}data-price-id="tuer-abgeschlossen">129\u00a0€.{0,200}data-price-outside="tuer-abgeschlossen">258\u00a0€/);
    expect(hero.match(/data-slogan-item/g)).toHaveLength(2);
    expect(hero).toContain('data-track-location="hero"');
    expect(hero).toContain('href="https://wa.me/491700000000"');
  });

  it('six trust cards with tooltips linking to the six trust pages', () => {
    const cards = section('vertrauen');
    expect(hrefs(cards)).toEqual([
      '/festpreis-garantie', '/alles-inklusive', '/ehrlicher-handwerker', '/schnell-vor-ort', '/geld-zurueck-garantie', '/kartenzahlung-moeglich',
    ]);
    expect(cards.match(/role="tooltip"/g)).toHaveLength(6);
  });

  it('service cards with step lists and Details links, and a link to all services', () => {
    const services = section('leistungen');
    expect(services.match(/<details name="services"/g)).toHaveLength(6);
    expect(hrefs(services)).toEqual([
      '/leistungen/tueroeffnung', '/leistungen/tueroeffnung-abgeschlossen', '/leistungen/autooeffnung', '/leistungen/schlosswechsel',
      '/leistungen/tresoroeffnung', '/leistungen/happy-hour', '/leistungen',
    ]);
    // Read out as "Details: Abgeschlossene Tür": the title after a colon keeps its own case
    // ("Details zu Abgeschlossene Tür" would need the dative).
    expect(services).toContain('Details<span class="visually-hidden">: Abgeschlossene Tür</span>');
    expect(site.read('leistungen/index.html')).toContain('Mehr erfahren<span class="visually-hidden">: Beratung &amp; Service</span>');
  });

  it('three price cards, only the closed door marked as the most popular', () => {
    const prices = section('preise');
    expect(prices.match(/class="card price-card/g)).toHaveLength(3);
    expect(prices.match(/Beliebtester Service/g)).toHaveLength(1);
    expect(prices).toMatch(/is-popular"><p class="price-badge">Beliebtester Service<\/p><h3>Zugefallene Tür/);
  });

  it('nine reviews and a link to /bewertungen', () => {
    const reviews = section('bewertungen');
    expect(reviews.match(/class="card review-card"/g)).toHaveLength(9);
    expect(hrefs(reviews)).toEqual(['/bewertungen']);
  });

  // data/home.yaml holds the day a review was written, so "vor 2 Wochen" is true on the build's day
  // and a later build says a longer time, instead of a text that was wrong within weeks.
  it('each review says how long ago it was written, counted from the build date', () => {
    const dates = [...section('bewertungen').matchAll(/<time dateTime="([\d-]+)">([^<]+)<\/time>/g)].map((match) => [match[1], match[2]]);
    expect(dates).toHaveLength(9);
    expect(dates[0]).toEqual(['2026-11-08', 'vor 2 Wochen']);
    for (const [day, text] of dates) expect(text, day).toBe(relativeDate(day!, BUILD_DATE));
  });

  it('eight coverage towns linking to /schluesseldienst/{slug}, and the town strip', () => {
    expect(hrefs(section('einsatzgebiet'))).toEqual([
      '/schluesseldienst/essen', '/schluesseldienst/duisburg', '/schluesseldienst/bochum', '/schluesseldienst/oberhausen',
      '/schluesseldienst/gelsenkirchen', '/schluesseldienst/dortmund', '/schluesseldienst/bottrop', '/schluesseldienst/ratingen', '/einsatzgebiet',
    ]);
    const strip = html().slice(html().indexOf('<nav class="link-strip section-muted"'));
    expect(hrefs(strip.slice(0, strip.indexOf('</nav>')))).toEqual([
      '/schluesseldienst/essen', '/schluesseldienst/duisburg', '/schluesseldienst/bochum', '/schluesseldienst/oberhausen',
    ]);
  });

  it('the final call to action and the business as structured data', () => {
    expect(html()).toContain('data-track-location="cta"');
    const data = [...html().matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) => JSON.parse(match[1]!));
    const business = data.find((item) => item['@type'] === 'Locksmith');
    expect(business.telephone).toBe('+492010000000');
    expect(business.address.addressLocality).toBe('Essen');
    expect(business.openingHoursSpecification.dayOfWeek).toHaveLength(7);
  });
});

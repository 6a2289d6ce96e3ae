// Every content page of the site, as the build writes it: structured data, and one price per
// service wherever it is stated.
import { HOME_WORDS, wordsOf } from '../../build/routes/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteData, type SiteData } from '../../build/load/site-data.ts';
import { formatEuro } from '../../core/format.ts';
import { districtsWord } from '../../core/place.ts';
import { extrasFor, HAPPY_HOUR_ID, outsideText, priceText, quote } from '../../core/prices.ts';
import { BUILD_DATE, buildSite, type BuiltSite } from '../support/site-build.ts';

let site: BuiltSite;
let data: SiteData;
let pages: { path: string; file: string; template: string; title: string; indexable: boolean }[];

beforeAll(async () => {
  site = await buildSite();
  data = loadSiteData({ buildDate: BUILD_DATE });
  pages = JSON.parse(site.read('_server/routes.json'));
}, 180_000);
afterAll(() => site?.remove());

/** The file the build wrote for a page of routes.json. */
const fileOf = (path: string) => pages.find((page) => page.path === path)!.file;
const html = (path: string) => site.read(fileOf(path));
const jsonLd = (path: string) =>
  [...html(path).matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, any>);
const types = (path: string) => jsonLd(path).map((item) => item['@type']);
/** The text a visitor reads: tags, scripts and styles removed, entities of interest decoded. */
const visibleText = (page: string) =>
  page
    .replace(/<script[^]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('the pages of the spec exist', () => {
  it('lists the services overview, nine services, prices, about and nine trust pages', () => {
    const paths = pages.map((page) => page.path);
    expect(paths).toEqual(expect.arrayContaining(['/leistungen', '/preise', '/ueber-uns']));
    for (const slug of ['tueroeffnung', 'schlosswechsel', 'zylinderwechsel', 'einbruchschutz', 'notdienst', 'autooeffnung', 'tresoroeffnung', 'tueroeffnung-abgeschlossen', 'happy-hour']) {
      expect(paths).toContain(`/leistungen/${slug}`);
    }
    for (const slug of ['keine-abzocke', 'alles-inklusive', 'festpreis-garantie', 'lokaler-handwerker', 'schonende-oeffnung', 'schnell-vor-ort', 'ehrlicher-handwerker', 'geld-zurueck-garantie', 'kartenzahlung-moeglich']) {
      expect(paths).toContain(`/${slug}`);
    }
  });

  it('every link from one page to another of the site leads to a page that exists', () => {
    const known = new Set(pages.map((page) => page.path));
    for (const page of pages) {
      for (const match of html(page.path).matchAll(/<a [^>]*href="(\/[^"#?]*)/g)) {
        const target = match[1]!;
        if (target.startsWith('/img/')) continue;
        expect(known.has(target), `${page.path} links ${target}`).toBe(true);
      }
    }
  });
});

describe('the contact and reviews pages', () => {
  /** Whether a page's HTML holds a text or matches a pattern (without dumping the page on failure). */
  const has = (page: string, what: string | RegExp) => (typeof what === 'string' ? page.includes(what) : what.test(page));
  const expectIn = (page: string, ...all: (string | RegExp)[]) => {
    for (const what of all) expect(has(page, what), String(what)).toBe(true);
  };

  it('/kontakt has the four contact cards, the form of variant B and the address fields, all from data/site.yaml', () => {
    const page = html('/kontakt');
    const { site } = data;
    const cards = page.slice(page.indexOf('contact-cards'), page.indexOf('id="kontaktformular"'));
    expectIn(
      cards,
      `href="tel:${site.phone.e164}"`,
      `href="https://wa.me/${site.whatsapp.e164.slice(1)}"`,
      `href="mailto:${site.email}"`,
      site.address.street,
      /href="https:\/\/www\.google\.com\/maps\/dir\/\?api=1&amp;destination=[\d.]+,[\d.]+"[^>]*>Route planen/,
    );
    // The form posts without JavaScript, variant B, with its honeypot and consent box.
    expectIn(
      page,
      /<form [^>]*action="\/api\/contact" method="post"/,
      '<input type="hidden" name="form" value="kontakt"/>',
      /<input id="kontakt-contact-phone" required=""[^>]*name="phone"/,
      /<input id="kontakt-contact-privacy" type="checkbox" required="" name="privacy"/,
      /<input id="kontakt-contact-website"[^>]*tabindex="-1"[^>]*name="website"/,
      'placeholder="Beschreiben Sie kurz Ihr Anliegen..."',
      /<input id="address-country"[^>]*disabled=""[^>]*value="Deutschland"/,
    );
    for (const field of ['street', 'postalCode', 'city']) expectIn(page, new RegExp(`<input id="address-${field}"[^>]*required=""`));
    for (const slot of site.hours.office) expect(visibleText(page)).toContain(`${slot.opens}–${slot.closes} Uhr`);
    // Two-click map: no frame from Google in the HTML.
    expect(has(page, '<iframe')).toBe(false);
    expect(has(page, 'data-map-embed=')).toBe(true);
    // No maps key is configured, and the page says nothing of a search or a map that is missing.
    expect(visibleText(page)).not.toMatch(/nicht verfügbar/);
  });

  it('the home page has the contact form of variant A (e-mail required, phone optional)', () => {
    const page = html('/');
    expectIn(page, '<input type="hidden" name="form" value="home"/>', /<input id="home-contact-email" required=""/);
    expect(has(page, /<input id="home-contact-phone" required=""/)).toBe(false);
  });

  it('/bewertungen holds no review text and no rating in its static HTML (Google: only from the cache)', () => {
    const page = html('/bewertungen');
    expectIn(page, 'Bewertungen werden geladen...', `href="${data.site.reviews.pageUrl.replace(/&/g, '&amp;')}"`);
    expect(has(page, 'aggregateRating')).toBe(false);
    for (const review of wordsOf(data, HOME_WORDS).reviews.items) expect(has(page, review.text), review.name).toBe(false);
  });
});

describe('structured data', () => {
  it('parses on every page, and every page but the 404 has a WebPage', () => {
    for (const page of pages) {
      expect(() => jsonLd(page.path), page.path).not.toThrow();
      if (page.template !== '404') expect(types(page.path), page.path).toContain('WebPage');
    }
  });

  it('defines the Locksmith once, on the home page, with its address; every other page names it by @id', () => {
    const home = jsonLd('/').find((item) => item['@type'] === 'Locksmith')!;
    expect(home.address).toMatchObject({ '@type': 'PostalAddress', addressLocality: 'Essen', postalCode: data.site.address.postalCode });
    expect(home['@id']).toBe(`${data.site.url}/#business`);
    // /bewertungen gets its rating block from the server on request; its static file has none.
    for (const page of pages.filter((p) => p.path !== '/')) expect(types(page.path), page.path).not.toContain('Locksmith');
  });

  it('service pages have Service (served in the regions of data/site.yaml), WebPage and a BreadcrumbList', () => {
    for (const page of pages.filter((p) => p.template === 'service')) {
      const items = jsonLd(page.path);
      expect(types(page.path), page.path).toEqual(expect.arrayContaining(['Service', 'WebPage', 'BreadcrumbList']));
      const service = items.find((item) => item['@type'] === 'Service')!;
      expect(service.provider['@id']).toBe(`${data.site.url}/#business`);
      expect(service.areaServed.map((area: { name: string }) => area.name)).toEqual(data.site.serviceRegions);
      const crumbs = items.find((item) => item['@type'] === 'BreadcrumbList')!;
      expect(crumbs.itemListElement.map((crumb: { name: string }) => crumb.name).slice(0, 2)).toEqual(['Startseite', 'Leistungen']);
      expect(html(page.path)).toMatch(/<meta name="keywords" content="[^",]+, [^",]+, [^",]+"/);
    }
  });

  it('a service offer states each of its prices with the hours it holds, never the daytime price alone', () => {
    const { prices } = data;
    const notdienst = jsonLd('/leistungen/notdienst').find((item) => item['@type'] === 'Service')!;
    const door = quote(prices, 'tuer-zugefallen');
    expect(notdienst.offers.price).toBeUndefined();
    expect(notdienst.offers.priceSpecification).toEqual([
      { '@type': 'PriceSpecification', price: door.total.toFixed(2), priceCurrency: 'EUR', description: prices.terms.standardHours },
      { '@type': 'PriceSpecification', price: door.outside!.toFixed(2), priceCurrency: 'EUR', description: prices.surcharges.outsideHours.when },
    ]);
    // The happy hour's price holds only in its window and only for students: both stand beside it.
    const [happy] = jsonLd('/leistungen/happy-hour').find((item) => item['@type'] === 'Service')!.offers.priceSpecification;
    expect(happy.price).toBe(prices.happyHour.price.toFixed(2));
    expect(happy.description).toContain(`${prices.happyHour.from}–${prices.happyHour.to} Uhr`);
    expect(happy.description).toContain(prices.happyHour.condition);
    for (const page of pages.filter((p) => p.template === 'service')) {
      const { offers } = jsonLd(page.path).find((item) => item['@type'] === 'Service')!;
      expect(offers.price, page.path).toBeUndefined();
      for (const specification of offers.priceSpecification) expect(specification.description, page.path).toMatch(/\d Uhr/);
    }
  });

  it('states no price range the data does not hold', () => {
    const business = jsonLd('/').find((item) => item['@type'] === 'Locksmith')!;
    expect(business.priceRange).toBeUndefined();
  });

  it('the prices page describes its five questions as an FAQPage', () => {
    const faq = jsonLd('/preise').find((item) => item['@type'] === 'FAQPage')!;
    expect(faq.mainEntity).toHaveLength(5);
  });
});

describe('one price per service, everywhere', () => {
  it('every shown price of an item equals data/prices.yaml, on every page', () => {
    const ids = [...data.prices.services, ...data.prices.parts, ...data.prices.extras].map((item) => item.id).concat(HAPPY_HOUR_ID);
    const expected = new Map(ids.map((id) => [id, priceText(quote(data.prices, id))]));
    const seen = new Map<string, Set<string>>();
    for (const page of pages) {
      for (const match of html(page.path).matchAll(/data-price-id="([^"]+)"[^>]*>([^<]+)</g)) {
        const [, id, text] = match as unknown as [string, string, string];
        expect(expected.get(id), `${page.path}: ${id}`).toBe(text);
        seen.set(id, (seen.get(id) ?? new Set()).add(page.path));
      }
    }
    expect(seen.get('tuer-zugefallen')?.size).toBeGreaterThan(2);
  });

  it('no page states a euro amount that data/prices.yaml does not hold', () => {
    const { prices } = data;
    const quotes = [...prices.services, ...prices.parts, ...prices.extras].map((item) => quote(prices, item.id));
    const amounts = quotes.flatMap((q) => [q.item.price, q.total, ...(q.outside === null ? [] : [q.outside])]);
    const amountsIn = (text: string) => [...text.matchAll(/(\d{1,3}(?:\.\d{3})*(?:,\d{2})?) ?€/g)].map((match) => Number(match[1]!.replace(/\./g, '').replace(',', '.')));
    const known = new Set([
      ...amounts,
      prices.happyHour.price,
      prices.terms.waiting.per15Minutes,
      // Amounts written in the price file's own notes ("+5 € je weitere 5 mm").
      ...amountsIn(JSON.stringify(prices)),
    ]);
    for (const page of pages) {
      for (const amount of amountsIn(visibleText(html(page.path)))) {
        expect(known.has(amount), `${page.path} states ${amount} €`).toBe(true);
      }
    }
  });

  it('every extra that can be added to a fixed price stands with its amount wherever that price is shown, work with its night price', () => {
    const { prices } = data;
    const showsExtras = (path: string, extras: typeof prices.extras) => {
      const markup = html(path);
      for (const extra of extras) {
        const q = quote(prices, extra.id);
        expect(markup, `${path}: ${extra.id}`).toContain(`data-price-id="${extra.id}">${priceText(q)}<`);
        if (extra.labour) expect(markup, `${path}: ${extra.id} at night`).toContain(`data-price-outside="${extra.id}">${outsideText(q)}<`);
      }
    };
    expect(prices.extras.map((extra) => extra.id).sort()).toEqual(['anfahrt-ausserhalb', 'mehrfachverriegelung', 'zylinder-nach-aufbohren']);
    // The fitting after drilling is labour and the part, the travel an amount per kilometre.
    expect(priceText(quote(prices, 'zylinder-nach-aufbohren'))).toMatch(/^ab \d+\u00a0€ inkl\. Profilzylinder/);
    expect(priceText(quote(prices, 'anfahrt-ausserhalb'))).toMatch(/^\d+,\d{2}\u00a0€ je km Fahrstrecke$/);
    showsExtras('/preise', prices.extras);
    for (const service of data.services.services) showsExtras(`/leistungen/${service.slug}`, extrasFor(prices, service.priceId));
    // Where running text names an extra, it names its amount (data/prices.yaml, not typed).
    for (const path of ['/agb', '/alles-inklusive', '/festpreis-garantie', '/keine-abzocke']) {
      const text = visibleText(html(path));
      for (const extra of prices.extras) expect(text, `${path}: ${extra.id}`).toContain(priceText(quote(prices, extra.id)).replace(/\u00a0/g, ' '));
    }
  });

  it('states the price of travel outside the area with the one condition of data/prices.yaml, on every page', () => {
    const travel = data.prices.extras.find((extra) => extra.id === 'anfahrt-ausserhalb')!;
    const unit = `${formatEuro(travel.price)} ${travel.unit}`.replace(/\u00a0/g, ' ');
    let seen = 0;
    for (const page of pages) {
      const text = visibleText(html(page.path));
      for (const match of text.matchAll(new RegExp(unit, 'g'))) {
        expect(text.slice(match.index!, match.index! + unit.length + 80).toLowerCase(), page.path).toContain(travel.note!.toLowerCase());
        seen += 1;
      }
      expect(text.replace(new RegExp(travel.note!, 'gi'), ''), page.path).not.toMatch(/Grenze des Einsatzgebiets/);
    }
    expect(seen).toBeGreaterThan(10);
  });

  it('never claims VAT is included, nor that there are no surcharges', () => {
    for (const page of pages) {
      const text = visibleText(html(page.path));
      expect(text, page.path).not.toMatch(/inkl\.? ?(der )?MwSt|inklusive Mehrwertsteuer/i);
      expect(text, page.path).not.toMatch(/keine (Nacht|Wochenend)?zuschläge/i);
      expect(text, page.path).not.toMatch(/15 Jahre/);
    }
  });
});

describe('claims that hold', () => {
  const texts = () => pages.map((page) => ({ path: page.path, text: visibleText(html(page.path)) }));

  it('every service price stands with its time condition and its price outside the standard hours', () => {
    let checked = 0;
    for (const page of pages) {
      const markup = html(page.path);
      for (const service of data.prices.services) {
        const q = quote(data.prices, service.id);
        for (const match of markup.matchAll(new RegExp(`data-price-id="${service.id}"`, 'g'))) {
          const before = markup.slice(Math.max(0, match.index - 200), match.index);
          const after = markup.slice(match.index, match.index + 500);
          expect(`${before} ${after}`, `${page.path}: ${service.id}`).toContain(data.prices.terms.standardHours);
          expect(after, `${page.path}: ${service.id}`).toContain(`data-price-outside="${service.id}">${outsideText(q)}<`);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('a door-opening price in running text has its night price beside it', () => {
    for (const id of ['tuer-zugefallen', 'tuer-abgeschlossen']) {
      const q = quote(data.prices, id);
      const day = formatEuro(q.total).replace(/\u00a0/g, ' ');
      const night = formatEuro(q.outside!).replace(/\u00a0/g, ' ');
      for (const { path, text } of texts()) {
        // "ab 129 € inkl. Einsteckschloss" is another job's price that happens to be the same amount.
        for (const match of text.matchAll(new RegExp(`(?<!\\d|ab )${day}`, 'g'))) {
          const around = text.slice(Math.max(0, match.index! - 200), match.index! + 200);
          expect(around, `${path}: ${day}`).toContain(night);
        }
      }
    }
  });

  it('no page says what was found untrue or misleading', () => {
    const banned = [
      /100 % Öffnungserfolg/,
      /ohne Spuren/,
      /Monteur/,
      /Notruf(?! 11[02])/,
      /alle Stimmen/,
      /ungefiltert/,
      /Kartengebühr|(ohne|keine) Gebühr/,
      /Extra-Posten/,
      /ohne Aufschläge vor Ort/,
      /voll versichert/,
      /zufriedene Kund/,
      /ab \d+ € Festpreis|Festpreis ab/,
      /Google-Bewertung(?!en)/,
      /durchschnittliche Anfahrt/,
      /\d Jahre Gewährleistung/,
    ];
    for (const { path, text } of texts()) {
      for (const pattern of banned) expect(text, `${path}: ${pattern}`).not.toMatch(pattern);
    }
  });

  it('the generic arrival time is always said with the towns it holds for', () => {
    const { core, coreTowns } = data.arrival;
    let seen = 0;
    for (const { path, text } of texts()) {
      for (const match of text.matchAll(new RegExp(core, 'g'))) {
        expect(text.slice(Math.max(0, match.index! - 200), match.index! + 100), path).toMatch(new RegExp(`${coreTowns}|Städte, die wir am schnellsten erreichen`));
        seen += 1;
      }
    }
    expect(seen).toBeGreaterThan(2);
  });

  it('every damage-free share is the one of data/claims.yaml', () => {
    for (const { path, text } of texts()) {
      for (const match of text.matchAll(/(\d+) % (?:unserer |der |aller )?Tür(?:en|öffnungen)/g)) {
        expect(Number(match[1]), path).toBe(data.claims.damageFree.percent);
      }
    }
  });

  it('the money-back guarantee is advertised with its condition in the same element', () => {
    const card = html('/').match(/<a class="card trust-card" href="\/geld-zurueck-garantie"[^]*?<\/a>/)![0];
    expect(visibleText(card)).toContain(`mehr als ${data.claims.moneyBack.lateArrivalMinutes} Minuten nach der am Telefon genannten Ankunftszeit`);
    expect(visibleText(card)).toContain('auch wenn wir die Verspätung vorher ankündigen');
    expect(visibleText(card)).toContain(`innerhalb von ${data.claims.moneyBack.refundWithinHours} Stunden`);
    expect(visibleText(html('/agb'))).not.toMatch(/Staus? oder (eines )?schwere/);
  });

  it('a late arrival is a guarantee case whether or not the delay was announced, on every page', () => {
    // The old escape: a delay we announce (a call from the technician) was no guarantee case.
    const escapes = [/unangekündigt/i, /ohne (Ihnen )?(die Verspätung )?(vorher )?(angekündigt|anzukündigen|Bescheid)/i, /(ankündig|angekündigt)[^.]*\bist kein(er)?\b/i, /wir sagen Bescheid/i];
    let seen = 0;
    for (const { path, text } of texts()) {
      for (const escape of escapes) expect(text, `${path}: ${escape}`).not.toMatch(escape);
      if (text.includes(`${data.claims.moneyBack.lateArrivalMinutes} Minuten nach der am Telefon genannten`)) seen += 1;
    }
    for (const path of ['/', '/agb', '/geld-zurueck-garantie', '/schnell-vor-ort']) {
      expect(visibleText(html(path)), path).toMatch(/auch (wenn|dann, wenn) wir (Ihnen )?(die Verspätung )?vorher (ankündigen|anrufen)/);
    }
    expect(seen).toBeGreaterThan(4);
  });

  it('the surcharge window is said positively: never "außerhalb" of hours that end "außer an Feiertagen"', () => {
    const { standardHours } = data.prices.terms;
    expect(standardHours).toMatch(/außer/);
    let seen = 0;
    for (const { path, text } of texts()) {
      for (const match of text.matchAll(new RegExp(standardHours.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g'))) {
        expect(text.slice(Math.max(0, match.index! - 40), match.index!), path).not.toMatch(/außerhalb/i);
      }
      if (text.includes(data.prices.surcharges.outsideHours.when)) seen += 1;
    }
    // The FAQ of /preise names the window where it lists what can be added.
    expect(visibleText(html('/preise'))).toContain(`${data.prices.surcharges.outsideHours.label} (${data.prices.surcharges.outsideHours.when})`);
    expect(seen).toBeGreaterThan(10);
  });

  it('office hours outside the surcharge-free window say so', () => {
    expect(visibleText(html('/kontakt'))).toMatch(/Büro Sa 09:00–16:00 Uhr \(Preise mit Notdienstzuschlag\)/);
  });

  it('labels the shipped home reviews as examples', () => {
    expect(wordsOf(data, HOME_WORDS).reviews.examples).toBe(true);
    const reviews = visibleText(html('/').match(/<section[^>]*id="bewertungen"[^]*?<\/section>/)![0]);
    expect(reviews).toContain('Beispielbewertung');
    expect(reviews).toContain(wordsOf(data, HOME_WORDS).reviews.exampleNote);
  });

  it('says the shipped gallery pictures are placeholders, in place of the lead for real photos', () => {
    const { gallery } = wordsOf(data, HOME_WORDS);
    expect(gallery.examples).toBe(true);
    const section = html('/').match(/<section[^>]*id="galerie"[^]*?<\/section>/)![0];
    expect(section).toContain(`>${gallery.exampleNote}<`);
    expect(section).not.toContain(`>${gallery.lead}<`);
  });
});

describe('the service area', () => {
  const placePages = () => pages.filter((page) => page.template === 'town' || page.template === 'district');

  it('has a page for every town and district of the data, each linked from /einsatzgebiet', () => {
    const area = html('/einsatzgebiet');
    expect(placePages().map((page) => page.path).sort()).toEqual(data.places.map((place) => place.path).sort());
    for (const place of data.places) expect(area, place.path).toContain(`href="${place.path}"`);
  });

  it('indexes every town page and a district page only with a description of its own; the others are noindex, follow, without canonical and outside the sitemap', () => {
    const sitemap = site.read('sitemap.xml');
    const indexable = new Map(pages.map((page) => [page.path, page.indexable]));
    let without = 0;
    for (const place of data.places) {
      const page = html(place.path);
      if (place.kind === 'town') expect(indexable.get(place.path), place.path).toBe(true);
      if (place.kind === 'district' && place.description === null) {
        without += 1;
        expect(indexable.get(place.path), place.path).toBe(false);
      }
      if (indexable.get(place.path)) {
        expect(sitemap, place.path).toContain(`${place.path}</loc>`);
        expect(page, place.path).not.toContain('name="robots"');
        expect(page, place.path).toContain(`<link rel="canonical" href="${data.site.url}${place.path}"`);
      } else {
        expect(sitemap, place.path).not.toContain(`${place.path}</loc>`);
        expect(page, place.path).toContain('<meta name="robots" content="noindex, follow"/>');
        expect(page, place.path).not.toContain('rel="canonical"');
      }
    }
    expect(without).toBeGreaterThan(900);
    const count = data.places.filter((place) => indexable.get(place.path)).length;
    expect(site.summary.places.index).toMatch(new RegExp(`^${count} indexable; ${without} noindex, follow \\(district without a description of its own\\)`));
  });

  it('gives each place its own title, description and H1', () => {
    const seen = new Set<string>();
    for (const page of placePages()) {
      const text = html(page.path);
      const h1 = text.match(/<h1[^>]*>([^]*?)<\/h1>/)![1]!.replace(/<[^>]+>/g, '');
      for (const value of [page.title, text.match(/<meta name="description" content="([^"]*)"/)![1]!, h1]) {
        expect(seen.has(value), `${page.path}: ${value}`).toBe(false);
        seen.add(value);
      }
    }
  });

  it('a town page has its postcodes, arrival time and districts, the badge only for the main location', () => {
    for (const place of data.places.filter((p) => p.kind === 'town')) {
      const text = visibleText(html(place.path));
      expect(html(place.path).includes('class="badge-main">Hauptstandort<'), place.path).toBe(place.isMainLocation);
      expect(text).toContain(`PLZ ${place.postcodes[0]}`);
      expect(text).toContain(place.arrivalTime);
      if (place.districts.length > 0) expect(text).toContain(`Wir kommen in alle ${districtsWord(place.districts, 'nominative', place.word)} von ${place.name}: `);
      else expect(text).toContain(`Wir kommen in ganz ${place.name}`);
      // Its own description with its sources, and the facts paragraph only with a population.
      expect(text).toContain(`Über ${place.name}`);
      expect(text).toContain(place.description!.replace(/\s+/g, ' '));
      // The sources as the data names them, nothing added: a population's source is one of them, so a
      // town whose figure comes from elsewhere is never attributed to a source the owner did not name.
      expect(text).toContain(`Quellen: ${place.sources.join('; ')}.`);
      expect(text.includes('Einwohnerinnen und Einwohner'), place.path).toBe(place.population !== null);
      expect(html(place.path).match(/data-faq=/g), place.path).toHaveLength(4);
      expect(html(place.path)).toContain('href="/einsatzgebiet"');
      const service = jsonLd(place.path).find((item) => item['@type'] === 'Service')!;
      expect(service.provider).toEqual({ '@id': `${data.site.url}/#business` });
      expect(service.areaServed).toEqual({ '@type': 'City', name: place.name });
      expect(JSON.stringify(jsonLd(place.path))).not.toMatch(/aggregateRating|PostalAddress|Locksmith/);
    }
  });

  it('a district page links up to its town and to the town\'s other districts, its postcodes labelled as the town\'s', () => {
    for (const place of data.places.filter((p) => p.kind === 'district').slice(0, 50)) {
      const page = html(place.path);
      expect(page, place.path).toContain(`href="${place.town!.path}"`);
      for (const other of place.districts) expect(page).toContain(`href="${other.path}"`);
      expect(visibleText(page), place.path).toContain(`PLZ in ${place.town!.name}: `);
      expect(visibleText(page), place.path).not.toMatch(/Nachbar/);
    }
  });
});

// The generated German sentences about places, for every town and district of the real data and
// for fixture names: the right preposition and article for every kind of name, full sentences,
// and one wording for the business ("Notdienst", "Techniker").
import { writeFileSync } from 'node:fs';
import { tempDir } from '../support/temp-dir.ts';
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { citiesFileSchema, type District } from '../../data/schema/cities.ts';
import { loadData } from '../../build/data.ts';
import { buildPlaces } from '../../build/places.ts';
import { loadPostcodes } from '../../build/postcodes.ts';
import { renderRoute } from '../../build/render.ts';
import { listRoutes } from '../../build/routes.ts';
import { townRecord } from '../support/town-record.ts';
import { CityArea, cityFaq } from '../../templates/pages/CityPage.tsx';
import type { Place } from '../../templates/lib/place.ts';
import { loadYaml } from '../../build/load.ts';
import { ROOT } from '../support/data-copy.ts';

const data = loadData({ rootDir: ROOT, buildDate: new Date('2026-11-22T10:00:00Z') });
const { site, prices } = data;

function visible(html: string): string {
  return html
    .replace(/<\/?(?:h\d|p|li|ul|section|div|header|footer|nav|main|aside|details|summary|button|title|script|style)\b[^>]*>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

const areaText = (place: Place) => visible(renderToStaticMarkup(createElement(CityArea, { place })));

/** Every sentence the build writes about a place, as plain text. */
function sentences(place: Place): string[] {
  return [place.description, areaText(place), ...cityFaq(place, prices, site).flatMap((item) => [item.question, item.answer])];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');


// The district names the data gives phrases of their own ("die Altstadt"), read from the files.
const flagged = new Set<string>();
for (const file of ['rheinland-niederrhein', 'ruhrgebiet', 'ruhrgebiet-nord-ost']) {
  const { towns } = loadYaml(join(ROOT, 'data/cities', `${file}.yaml`), `data/cities/${file}.yaml`, citiesFileSchema);
  for (const town of towns) for (const district of town.districts) if (typeof district !== 'string') flagged.add(district.name);
}
/** "in Altstadt", "nach Altstadt", "In Altstadt": a flagged name without the article it needs. */
const bare = new RegExp(`(?:^|[^\\p{L}])(?:in|nach|In|Nach) (?:${[...flagged].map(escape).join('|')})(?![\\p{L}-])`, 'u');

describe('sentences about every place of the data', () => {
  const towns = data.places.filter((place) => place.kind === 'town');
  const districts = data.places.filter((place) => place.kind === 'district');

  it('reads the data, with names that carry their own phrases', () => {
    expect(towns.length).toBeGreaterThan(50);
    expect(districts.length).toBeGreaterThan(800);
    for (const name of ['Altstadt', 'Stadtmitte', 'Innenstadt', 'Stadtkern', 'Südviertel', 'Alte Heide', 'Borsigplatz']) expect(flagged, name).toContain(name);
    for (const name of ['Rüttenscheid', 'Altenessen-Süd', 'Borbeck-Mitte', 'Überruhr-Hinsel', 'Ratingen Mitte']) expect(flagged, name).not.toContain(name);
  });

  it('takes a town with "in" and "nach"', () => {
    for (const town of towns) {
      expect(town.at).toBe(`in ${town.name}`);
      expect(town.to).toBe(`nach ${town.name}`);
      const area = areaText(town);
      if (town.districts.length > 0) expect(area, town.name).toContain(`Wir kommen in alle Stadtteile von ${town.name}: `);
      else expect(area, town.name).toContain(`Wir kommen in ganz ${town.name} zu Ihnen`);
    }
  });

  it('says "nach X und in alle anderen Stadtteile" for a district, with its own phrase where it has one', () => {
    for (const district of districts) {
      const town = district.town!.name;
      if (flagged.has(district.name)) {
        expect(district.at, district.path).not.toBe(`in ${district.name}`);
        expect(district.to, district.path).not.toBe(`nach ${district.name}`);
      } else {
        expect([district.at, district.to], district.path).toEqual([`in ${district.name}`, `nach ${district.name}`]);
      }
      const area = areaText(district);
      const expected = district.districts.length > 0 ? `Wir kommen ${district.to} und in alle anderen Stadtteile von ${town}: ` : `Wir kommen ${district.to} und in ganz ${town} zu Ihnen`;
      expect(area, district.path).toContain(expected);
      expect(area, district.path).not.toMatch(/Nachbarstadtteile|und die /);
      expect(district.description, district.path).toBe(
        `Der Stadtteil ${district.name} gehört zu ${town}. Von unserem Standort in ${site.address.city} sind wir in der Regel in ` +
          `${district.arrivalTime!.replace(' Min.', ' Minuten')} bei Ihnen ${district.at}.`,
      );
    }
  });

  it('never puts a bare "in" or "nach" before a name that needs an article', () => {
    const heads = new Map(
      listRoutes({ data, siteUrl: 'https://example.test', images: fakeImages() })
        .filter((route) => route.path?.startsWith('/schluesseldienst/'))
        .map((route) => [route.path!, `${route.head.title} ${route.head.description}`]),
    );
    expect('Schlüsseldienst in Altstadt (Düsseldorf)').toMatch(bare);
    expect('Kommen Sie nach Südviertel?').toMatch(bare);
    expect('In der Altstadt, im Südviertel, nach Altenessen-Süd').not.toMatch(bare);
    for (const place of data.places) {
      const texts = [...sentences(place), heads.get(place.path)!];
      for (const text of texts) expect(text, `${place.path}: ${text}`).not.toMatch(bare);
    }
  });

  it('asks the four questions with the place phrases and answers the postcodes in a full sentence', () => {
    for (const place of data.places) {
      const faq = cityFaq(place, prices, site);
      const town = place.town!.name;
      expect(faq.map((item) => item.question), place.path).toEqual([
        `Wie schnell ist der Schlüsseldienst ${place.at}?`,
        `Was kostet eine Türöffnung ${place.at}?`,
        `Kommen Sie auch nachts und am Wochenende ${place.to}?`,
        `Welche Postleitzahlen in ${town} fahren Sie an?`,
      ]);
      expect(faq[0]!.answer.startsWith(place.kind === 'district' ? `${place.at.charAt(0).toUpperCase()}${place.at.slice(1)} (${town}) sind wir` : `In ${town} sind wir`), place.path).toBe(true);
      const postcodes = faq[3]!.answer;
      expect(postcodes, place.path).not.toMatch(/^Alle/);
      expect(postcodes, place.path).toMatch(new RegExp(`^Wir kommen in (alle Postleitzahlbereiche|den ganzen Postleitzahlbereich) von ${escape(town)}: \\d{5}(, \\d{5})*( und \\d{5})?\\.$`));
      for (const code of place.postcodes) expect(postcodes).toContain(code);
    }
  });
});

describe('sentences about fixture names', () => {
  const dir = tempDir('postcodes-');
  const csv = join(dir, 'postcodes.csv');
  writeFileSync(
    csv,
    [
      'country_code,zipcode,place,state,state_code,province,province_code,community,community_code,latitude,longitude',
      'DE,45127,Essen,NW,NW,"Reg.-Bez. Düsseldorf",051,"Essen, Stadt",05113,51.4556,7.0116',
      'DE,45130,Essen,NW,NW,"Reg.-Bez. Düsseldorf",051,"Essen, Stadt",05113,51.4400,7.0100',
      'DE,45131,Essen,NW,NW,"Reg.-Bez. Düsseldorf",051,"Essen, Stadt",05113,51.4300,7.0100',
      'DE,45468,Mülheim an der Ruhr,NW,NW,"Reg.-Bez. Düsseldorf",051,"Mülheim an der Ruhr, Stadt",05117,51.4300,6.8800',
    ].join('\n'),
  );
  const town = (name: string, districts: District[]) => townRecord(name, districts);
  const places = buildPlaces(
    [
      town('Essen', ['Altenessen-Süd', { name: 'Alte Heide', in: 'in der Alten Heide', to: 'in die Alte Heide' }]),
      town('Mülheim an der Ruhr', [{ name: 'Altstadt I', in: 'in der Altstadt I', to: 'in die Altstadt I' }]),
    ],
    loadPostcodes(csv, 'data/postcodes.csv'),
    site,
  );
  const named = (name: string) => places.find((place) => place.name === name)!;

  it('a hyphenated district', () => {
    const place = named('Altenessen-Süd');
    expect(areaText(place)).toBe('Unser Einsatzgebiet in Essen Wir kommen nach Altenessen-Süd und in alle anderen Stadtteile von Essen: Alte Heide. Schlüsseldienst in ganz Essen');
    expect(cityFaq(place, prices, site).map((item) => item.question).slice(0, 3)).toEqual([
      'Wie schnell ist der Schlüsseldienst in Altenessen-Süd?',
      'Was kostet eine Türöffnung in Altenessen-Süd?',
      'Kommen Sie auch nachts und am Wochenende nach Altenessen-Süd?',
    ]);
    expect(cityFaq(place, prices, site)[0]!.answer).toMatch(/^In Altenessen-Süd \(Essen\) sind wir in der Regel in 20–30 Minuten bei Ihnen\./);
    expect(place.description).toBe('Der Stadtteil Altenessen-Süd gehört zu Essen. Von unserem Standort in Essen sind wir in der Regel in 20–30 Minuten bei Ihnen in Altenessen-Süd.');
  });

  it('a name with an adjective and an article', () => {
    const place = named('Alte Heide');
    expect(areaText(place)).toContain('Wir kommen in die Alte Heide und in alle anderen Stadtteile von Essen: Altenessen-Süd.');
    const faq = cityFaq(place, prices, site);
    expect(faq[0]!.question).toBe('Wie schnell ist der Schlüsseldienst in der Alten Heide?');
    expect(faq[0]!.answer).toMatch(/^In der Alten Heide \(Essen\) sind wir/);
    expect(faq[2]!.question).toBe('Kommen Sie auch nachts und am Wochenende in die Alte Heide?');
    expect(faq[3]!.answer).toBe('Wir kommen in alle Postleitzahlbereiche von Essen: 45127, 45130 und 45131.');
    expect(place.description).toContain('bei Ihnen in der Alten Heide.');
  });

  it('a town with a long name and its only district', () => {
    const town = named('Mülheim an der Ruhr');
    expect(areaText(town)).toContain('Wir kommen in alle Stadtteile von Mülheim an der Ruhr: Altstadt I.');
    const faq = cityFaq(town, prices, site);
    expect(faq[2]!.question).toBe('Kommen Sie auch nachts und am Wochenende nach Mülheim an der Ruhr?');
    expect(faq[3]).toEqual({ question: 'Welche Postleitzahlen in Mülheim an der Ruhr fahren Sie an?', answer: 'Wir kommen in den ganzen Postleitzahlbereich von Mülheim an der Ruhr: 45468.' });
    const district = named('Altstadt I');
    expect(areaText(district)).toContain('Wir kommen in die Altstadt I und in ganz Mülheim an der Ruhr zu Ihnen – in jede Straße, zu jeder Uhrzeit.');
    expect(cityFaq(district, prices, site)[0]!.answer).toMatch(/^In der Altstadt I \(Mülheim an der Ruhr\) sind wir/);
  });

  it('lists up to eight districts, the last with "und", and says when there are more', () => {
    const many = buildPlaces([town('Essen', ['A1', 'B2', 'C3', 'D4', 'E5', 'F6', 'G7', 'H8', 'I9'])], loadPostcodes(csv, 'data/postcodes.csv'), site);
    expect(areaText(many[0]!)).toContain('Wir kommen in alle Stadtteile von Essen: A1, B2, C3, D4, E5, F6, G7, H8 und alle weiteren.');
    expect(areaText(many[1]!)).toContain('Wir kommen nach A1 und in alle anderen Stadtteile von Essen: B2, C3, D4, E5, F6, G7, H8 und I9.');
  });

  it('refuses a district phrase that is capitalised or does not end with the name', () => {
    const parse = (district: District) =>
      citiesFileSchema.safeParse({ towns: [{ ...town('Essen', [district]), file: undefined, field: undefined }] }).success;
    expect(parse({ name: 'Altstadt', in: 'in der Altstadt', to: 'in die Altstadt' })).toBe(true);
    expect(parse({ name: 'Altstadt', in: 'In der Altstadt', to: 'in die Altstadt' })).toBe(false);
    expect(parse({ name: 'Altstadt', in: 'in der Altstadt', to: 'in die Neustadt' })).toBe(false);
  });
});

describe('one wording for the business', () => {
  it('says "Notdienst", not "Notruf" without 110 or 112, and "Techniker", not "Monteur", in every built text', () => {
    const assets = { css: '/assets/site.css', js: '/assets/site.js' };
    const routes = listRoutes({ data, siteUrl: 'https://example.test', images: fakeImages() });
    // Every template once; the place pages differ only in their names.
    const sample = routes.filter((route, index) => !route.path?.startsWith('/schluesseldienst/') || routes.findIndex((other) => other.template === route.template) === index);
    expect(sample.length).toBeGreaterThan(20);
    const all: string[] = [];
    for (const route of sample) {
      const html = renderRoute(route, { site, siteUrl: 'https://example.test', assets });
      const text = visible(html);
      all.push(text);
      expect(text, route.file).not.toMatch(/Monteur/);
      for (const match of `${text} ${html.match(/aria-label="[^"]*"/g)?.join(' ') ?? ''}`.matchAll(/Notruf\S*(?: \S+)?/g)) {
        expect(match[0], route.file).toMatch(/^Notruf(nummer)? (110|112)/);
      }
    }
    const everything = all.join(' ');
    expect(everything).toContain('24/7 Notdienst');
    expect(everything).toContain('zuerst den Notruf 112');
    expect(everything).toContain('Vor Ort bestätigt Ihnen unser Techniker');
  });
});

function fakeImages() {
  const image = {
    width: 1600,
    height: 1200,
    fallback: { src: '/img/x-800.jpg', width: 800, height: 600 },
    largest: { src: '/img/x-1600.jpg', width: 1600, height: 1200 },
    sources: [{ type: 'image/avif', srcset: '/img/x.avif 800w' }],
    jpeg: { srcset: '/img/x-800.jpg 800w' },
  };
  return Object.fromEntries(data.home.gallery.items.map((item) => [item.image, structuredClone(image) as never]));
}

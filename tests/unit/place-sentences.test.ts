// The generated German sentences about places, for every town and district of the real data and
// for fixture names: the right preposition and article for every kind of name, full sentences,
// and one wording for the business ("Notdienst", "Techniker").
import { PLACE_WORDS, wordsOf } from '../../build/routes/index.ts';
import { writeFileSync } from 'node:fs';
import { tempDir } from '../support/temp-dir.ts';
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { LayoutWords } from '../../templates/layout/words.ts';
import { describe, expect, it } from 'vitest';
import { placesFileSchema, type District } from '../../core/schema/places.ts';
import { loadSiteData } from '../../build/load/site-data.ts';
import { buildPlaces } from '../../build/load/places.ts';
import { loadPostcodes } from '../../build/load/postcodes.ts';
import { renderDocument } from '../../build/render/page.ts';
import { listRoutes } from '../../build/routes/index.ts';
import { placeServiceCards } from '../../build/routes/place-pages.ts';
import { townRecord } from '../support/town-record.ts';
import { PlacePage } from '../../templates/pages/place/PlacePage.tsx';
import { PlaceSurroundings } from '../../templates/pages/place/PlaceSections.tsx';
import { placeFaq, placeLead } from '../../templates/pages/place/place-texts.ts';
import { districtsWord, postcodeFact, sentenceStart, type Place } from '../../core/place.ts';
import { countClaims, germanNumber } from '../../core/district-counts.ts';
import { loadYaml } from '../../build/load/files.ts';
import { ROOT } from '../support/data-copy.ts';
import { priceSentence, quote } from '../../core/prices.ts';
import { formatEuro } from '../../core/format.ts';
import { FAKE_ASSETS, fakeImages } from '../support/fake-images.ts';

const data = loadSiteData({ buildDate: new Date('2026-11-22T10:00:00Z') });
const { site, prices } = data;
const lead = (place: Place) => placeLead(place, wordsOf(data, PLACE_WORDS).page.lead, site.address.city);

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

const areaText = (place: Place) => visible(renderToStaticMarkup(createElement(PlaceSurroundings, { place, words: wordsOf(data, PLACE_WORDS).page.surroundings })));
const pageText = (place: Place) =>
  visible(
    renderToStaticMarkup(
      createElement(LayoutWords.Provider, { value: data.layout }, createElement(PlacePage, { site, prices, claims: data.claims, vat: data.vat, place, crumbs: [], words: wordsOf(data, PLACE_WORDS).page, services: placeServiceCards(data) })),
    ),
  );

/** Every sentence the build writes about a place, as plain text. */
function sentences(place: Place): string[] {
  return [lead(place), areaText(place), ...placeFaq(place, site, wordsOf(data, PLACE_WORDS).page.faq).flatMap((item) => [item.question, item.answer])];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');


// The district names the data gives phrases of their own ("die Altstadt"), read from the files.
const flagged = new Set<string>();
for (const file of ['rheinland-niederrhein', 'ruhrgebiet', 'ruhrgebiet-nord-ost']) {
  const { towns } = loadYaml(join(ROOT, 'data/places', `${file}.yaml`), `data/places/${file}.yaml`, placesFileSchema);
  for (const town of towns) for (const district of town.districts) if (typeof district !== 'string' && district.in) flagged.add(district.name);
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
      if (town.districts.length > 0) expect(area, town.name).toContain(`Wir kommen in alle ${districtsWord(town.districts, 'nominative', town.word)} von ${town.name}: `);
      else expect(area, town.name).toContain(`Wir kommen in ganz ${town.name} zu Ihnen`);
    }
  });

  it('says "nach X und in ganz T" for a district, with its own phrase where it has one, and claims no neighbour the data does not give', () => {
    for (const district of districts) {
      const town = district.town!.name;
      if (flagged.has(district.name)) {
        expect(district.at, district.path).not.toBe(`in ${district.name}`);
        expect(district.to, district.path).not.toBe(`nach ${district.name}`);
      } else {
        expect([district.at, district.to], district.path).toEqual([`in ${district.name}`, `nach ${district.name}`]);
      }
      const area = areaText(district);
      expect(area, district.path).toContain(`Wir kommen ${district.to} und in ganz ${town} zu Ihnen`);
      if ((district.neighbours ?? []).length === 0 && district.districts.length > 0) {
        expect(area, district.path).toContain(`Weitere ${districtsWord(district.districts)} von ${town}: `);
        expect(area, district.path).not.toMatch(/Nachbar|[Bb]enachbart|angrenzend/);
      }
      expect(area, district.path).not.toMatch(/und die /);
      expect(lead(district), district.path).toBe(
        `Der ${district.word} ${district.name} gehört zur ${district.townKind} ${town}. ${sentenceStart(district.to)} kommen wir rund um die Uhr, ` +
          `meist in ${district.arrivalTime!.replace(' Min.', ' Minuten')}.`,
      );
    }
  });

  it('labels postcodes on a district page as its town\'s: "PLZ in Duisburg: 47051–47279", in the hero and the FAQ', () => {
    const buchholz = districts.find((place) => place.name === 'Buchholz' && place.town!.name === 'Duisburg')!;
    const text = pageText(buchholz);
    expect(text).toContain('PLZ in Duisburg: 47051–47279');
    expect(text).not.toMatch(/PLZ 4\d{4}/);
    expect(text).toContain('Kommen Sie in jeden Postleitzahlbereich von Duisburg? Ja, in alle (47051–47279), also auch nach Buchholz.');
    for (const district of districts) {
      // No district of the shipped data has postcodes of its own (no licensed source for them yet).
      expect(district.districtPostcodes, district.path).toBeUndefined();
      expect(postcodeFact(district, { own: data.layout.postcodes, ofTown: wordsOf(data, PLACE_WORDS).page.hero.postcodesOfTown, unknown: wordsOf(data, PLACE_WORDS).page.hero.postcodesUnknown }), district.path).toMatch(new RegExp(`^PLZ in ${escape(district.town!.name)}: \\d{5}(–\\d{5})?$`));
    }
    const duisburg = towns.find((town) => town.name === 'Duisburg')!;
    expect(pageText(duisburg)).toContain('PLZ 47051–47279');
  });

  it('says Gemeinde and Ortsteil for Hünxe, Stadtbezirk for Walsum, Stadt and Stadtteil by default', () => {
    const huenxe = towns.find((town) => town.name === 'Hünxe')!;
    expect(huenxe.townKind).toBe('Gemeinde');
    const townText = pageText(huenxe);
    expect(townText).toContain('Wir kommen in alle Ortsteile von Hünxe: ');
    expect(townText).toContain('Alle Ortsteile von Hünxe');
    expect(townText).not.toContain('Stadtteil');
    const drevenack = districts.find((place) => place.name === 'Drevenack')!;
    expect(lead(drevenack)).toMatch(/^Der Ortsteil Drevenack gehört zur Gemeinde Hünxe\./);
    const districtText = pageText(drevenack);
    expect(districtText).toContain('Weitere Ortsteile von Hünxe: ');
    expect(districtText).not.toMatch(/Stadtteil|Stadt Hünxe/);
    expect(lead(districts.find((place) => place.name === 'Walsum')!)).toMatch(/^Der Stadtbezirk Walsum gehört zur Stadt Duisburg\./);
    expect(lead(districts.find((place) => place.name === 'Rüttenscheid')!)).toMatch(/^Der Stadtteil Rüttenscheid gehört zur Stadt Essen\./);
  });

  it('says "meist" where it names the arrival time, in the snippet as on the page', () => {
    const routes = new Map(listRoutes({ data, siteUrl: 'https://example.test', images: fakeImages(data) }).map((route) => [route.path, route]));
    for (const place of data.places) {
      const minutes = place.arrivalTime!;
      expect(routes.get(place.path)!.head.description, place.path).toContain(`meist in ${minutes} vor Ort`);
      expect(lead(place), place.path).toContain(`meist in ${minutes.replace(' Min.', ' Minuten')}`);
    }
    const essen = pageText(towns.find((town) => town.isMainLocation)!);
    expect(essen).toContain('Anfahrt innerhalb von Essen im Preis enthalten');
    expect(essen).not.toContain('Anfahrt nach Essen');
    expect(pageText(towns.find((town) => town.name === 'Bochum')!)).toContain('Anfahrt nach Bochum im Preis enthalten');
    expect(wordsOf(data, PLACE_WORDS).areaPage.stats.arrival.text).not.toMatch(/\d Städte/);
  });

  it('names the parts of a town as the town does: Stadtbezirk Hohenlimburg, Herne\'s Ortsteile, Wülfrath\'s Ortsteil Aprath beside five Stadtteile', () => {
    const district = (name: string) => districts.find((place) => place.name === name)!;
    expect(lead(district('Hohenlimburg'))).toMatch(/^Der Stadtbezirk Hohenlimburg gehört zur Stadt Hagen\./);
    expect(lead(district('Wanne'))).toMatch(/^Der Ortsteil Wanne gehört zur Stadt Herne\./);
    expect(lead(district('Aprath'))).toMatch(/^Der Ortsteil Aprath gehört zur Stadt Wülfrath\./);
    expect(pageText(towns.find((town) => town.name === 'Wülfrath')!)).toContain('Alle Stadtteile und Ortsteile von Wülfrath');
    expect(pageText(towns.find((town) => town.name === 'Dinslaken')!)).toContain('Duisburger Stadtbezirk Walsum');
  });

  it('shows what the owner knows of a place\'s doors and locks only where he wrote it', () => {
    const bochum = towns.find((town) => town.name === 'Bochum')!;
    expect(pageText(bochum)).not.toContain('Türen und Schlösser');
    const notes = 'Viele Altbauten mit Kastenschlössern.';
    expect(pageText({ ...bochum, doorNotes: notes })).toContain(`Türen und Schlösser in Bochum: aus unseren Einsätzen ${notes}`);
  });

  it('never puts a bare "in" or "nach" before a name that needs an article', () => {
    const heads = new Map(
      listRoutes({ data, siteUrl: 'https://example.test', images: fakeImages(data) })
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
    // About 1,000 places, each rendered: over 5 s when the whole unit project runs on two busy cores.
  }, 30_000);

  it('asks the four questions with the place phrases and answers the postcodes in a full sentence', () => {
    // Where a town lies stands in the hero's lead, once; the arrival answer does not repeat it.
    for (const place of data.places) {
      const faq = placeFaq(place, site, wordsOf(data, PLACE_WORDS).page.faq);
      const town = place.town!.name;
      expect(faq.map((item) => item.question), place.path).toEqual([
        `Wie schnell ist der Schlüsseldienst ${place.at}?`,
        `Was kostet eine Türöffnung ${place.at}?`,
        `Kommen Sie auch nachts und am Wochenende ${place.to}?`,
        `Kommen Sie in jeden Postleitzahlbereich von ${town}?`,
      ]);
      expect(faq[0]!.answer, place.path).toBe(`${place.kind === 'district' ? `${sentenceStart(place.at)} (${town})` : `In ${town}`} sind wir meist in ${place.arrivalTime!.replace(' Min.', ' Minuten')} bei Ihnen.`);
      // The price answer names the extra a locked door can cost at the door, with its amounts (the consent stands in the tile above).
      expect(faq[1]!.answer, place.path).toMatch(new RegExp(`, eine abgeschlossene .*, mehrfach verriegelt ${escape(priceSentence(data.prices, 'mehrfachverriegelung'))} mehr\\.$`));
      const postcodes = faq[3]!.answer;
      expect(postcodes, place.path).not.toMatch(/^Alle/);
      if (place.kind === 'district' && place.postcodes.length > 1) {
        // The town's range; its whole list stands on the town's page.
        expect(postcodes, place.path).toBe(`Ja, in alle (${place.postcodes[0]}–${place.postcodes.at(-1)}), also auch ${place.to}.`);
      } else {
        expect(postcodes, place.path).toMatch(new RegExp(`^Ja, (in alle: \\d{5}(, \\d{5})* und \\d{5}|${escape(town)} hat nur eine Postleitzahl: \\d{5})\\.$`));
        for (const code of place.postcodes) expect(postcodes).toContain(code);
      }
    }
  });
});

describe('the service cards of a place page', () => {
  it('state each lowest price, and below them the hours these prices hold in', () => {
    const town = data.places.find((place) => place.kind === 'town' && place.known)!;
    const text = pageText(town);
    const cards = placeServiceCards(data);
    expect(cards.map((card) => card.priceId)).toContain('autooeffnung');
    const shown = cards.map((card) => `${card.title} ab ${formatEuro(quote(prices, card.priceId).total).replace(/\u00a0/g, ' ')}`).join(' ');
    expect(text).toContain(`${shown} Preise ${prices.terms.standardHours}.`);
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
  const writeCsv = (rows: string[]) => {
    const file = join(tempDir('postcodes-'), 'postcodes.csv');
    writeFileSync(file, ['country_code,zipcode,place,state,state_code,province,province_code,community,community_code,latitude,longitude', ...rows].join('\n'));
    return file;
  };
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
    expect(areaText(place)).toBe(
      'Unser Einsatzgebiet in Essen Wir kommen nach Altenessen-Süd und in ganz Essen zu Ihnen. Weitere Stadtteile von Essen: Alte Heide. Schlüsseldienst in ganz Essen',
    );
    expect(placeFaq(place, site, wordsOf(data, PLACE_WORDS).page.faq).map((item) => item.question).slice(0, 3)).toEqual([
      'Wie schnell ist der Schlüsseldienst in Altenessen-Süd?',
      'Was kostet eine Türöffnung in Altenessen-Süd?',
      'Kommen Sie auch nachts und am Wochenende nach Altenessen-Süd?',
    ]);
    expect(placeFaq(place, site, wordsOf(data, PLACE_WORDS).page.faq)[0]!.answer).toBe('In Altenessen-Süd (Essen) sind wir meist in 20–30 Minuten bei Ihnen.');
    expect(lead(place)).toBe('Der Stadtteil Altenessen-Süd gehört zur Stadt Essen. Nach Altenessen-Süd kommen wir rund um die Uhr, meist in 20–30 Minuten.');
  });

  it('a name with an adjective and an article', () => {
    const place = named('Alte Heide');
    expect(areaText(place)).toContain('Wir kommen in die Alte Heide und in ganz Essen zu Ihnen. Weitere Stadtteile von Essen: Altenessen-Süd.');
    const faq = placeFaq(place, site, wordsOf(data, PLACE_WORDS).page.faq);
    expect(faq[0]!.question).toBe('Wie schnell ist der Schlüsseldienst in der Alten Heide?');
    expect(faq[0]!.answer).toMatch(/^In der Alten Heide \(Essen\) sind wir/);
    expect(faq[2]!.question).toBe('Kommen Sie auch nachts und am Wochenende in die Alte Heide?');
    expect(faq[3]!.answer).toBe('Ja, in alle (45127–45131), also auch in die Alte Heide.');
    expect(lead(place)).toContain('In die Alte Heide kommen wir rund um die Uhr');
  });

  it('a town with a long name and its only district', () => {
    const town = named('Mülheim an der Ruhr');
    expect(areaText(town)).toContain('Wir kommen in alle Stadtteile von Mülheim an der Ruhr: Altstadt I.');
    const faq = placeFaq(town, site, wordsOf(data, PLACE_WORDS).page.faq);
    expect(faq[2]!.question).toBe('Kommen Sie auch nachts und am Wochenende nach Mülheim an der Ruhr?');
    expect(faq[3]).toEqual({ question: 'Kommen Sie in jeden Postleitzahlbereich von Mülheim an der Ruhr?', answer: 'Ja, Mülheim an der Ruhr hat nur eine Postleitzahl: 45468.' });
    const district = named('Altstadt I');
    expect(areaText(district)).toContain('Wir kommen in die Altstadt I und in ganz Mülheim an der Ruhr zu Ihnen.');
    expect(placeFaq(district, site, wordsOf(data, PLACE_WORDS).page.faq)[0]!.answer).toMatch(/^In der Altstadt I \(Mülheim an der Ruhr\) sind wir/);
  });

  it('lists up to eight districts, the last with "und", and says when there are more', () => {
    const many = buildPlaces([town('Essen', ['A1', 'B2', 'C3', 'D4', 'E5', 'F6', 'G7', 'H8', 'I9'])], loadPostcodes(csv, 'data/postcodes.csv'), site);
    expect(areaText(many[0]!)).toContain('Wir kommen in alle Stadtteile von Essen: A1, B2, C3, D4, E5, F6, G7, H8 und alle weiteren.');
    expect(areaText(many[1]!)).toContain('Weitere Stadtteile von Essen: B2, C3, D4, E5, F6, G7, H8 und I9.');
    const more = buildPlaces([town('Essen', ['A1', 'B2', 'C3', 'D4', 'E5', 'F6', 'G7', 'H8', 'I9', 'J10', 'K11'])], loadPostcodes(csv, 'data/postcodes.csv'), site);
    expect(areaText(more[1]!)).toContain('Weitere Stadtteile von Essen: B2, C3, D4, E5, F6, G7, H8, I9 und 2 weitere.');
  });

  it('names neighbours only where the data lists them, and never in the town\'s order', () => {
    const withNeighbours = buildPlaces(
      [town('Essen', [{ name: 'Rüttenscheid', neighbours: ['Stadtwald', 'Bredeney'] }, 'Stadtwald', 'Bredeney', 'Kray'])],
      loadPostcodes(csv, 'data/postcodes.csv'),
      site,
    );
    const ruettenscheid = withNeighbours.find((place) => place.name === 'Rüttenscheid')!;
    expect(ruettenscheid.neighbours!.map((link) => link.name)).toEqual(['Stadtwald', 'Bredeney']);
    expect(areaText(ruettenscheid)).toContain('Benachbarte Stadtteile: Stadtwald und Bredeney.');
    expect(areaText(ruettenscheid)).not.toContain('Kray');
    // A district without a list of its own claims nothing about where the others lie.
    const kray = withNeighbours.find((place) => place.name === 'Kray')!;
    expect(kray.neighbours).toEqual([]);
    expect(areaText(kray)).toContain('Weitere Stadtteile von Essen: Rüttenscheid, Stadtwald und Bredeney.');
    expect(areaText(kray)).not.toMatch(/Nachbar|[Bb]enachbart/);
  });

  it('says what an entry is: the town\'s word, or its own', () => {
    const mixed = buildPlaces(
      [townRecord('Hünxe', [{ name: 'Drevenack', in: 'in Drevenack', to: 'nach Drevenack' }, 'Bruckhausen'], { kind: 'Gemeinde', districtWord: 'Ortsteil' }), { ...townRecord('Duisburg', [{ name: 'Walsum', word: 'Stadtbezirk' }, 'Alt-Walsum'], { districtWord: 'Ortsteil' }), field: 'towns[1]' }],
      loadPostcodes(
        writeCsv([
          'DE,46569,Hünxe,NW,NW,"Reg.-Bez. Düsseldorf",051,"Hünxe",05170,51.64,6.77',
          'DE,47178,Duisburg,NW,NW,"Reg.-Bez. Düsseldorf",051,"Duisburg, Stadt",05112,51.52,6.73',
        ]),
        'data/postcodes.csv',
      ),
      site,
    );
    const named = (name: string) => mixed.find((place) => place.name === name)!;
    expect(lead(named('Drevenack'))).toMatch(/^Der Ortsteil Drevenack gehört zur Gemeinde Hünxe\./);
    expect(areaText(named('Hünxe'))).toContain('Wir kommen in alle Ortsteile von Hünxe: Drevenack und Bruckhausen.');
    expect(areaText(named('Drevenack'))).toContain('Weitere Ortsteile von Hünxe: Bruckhausen.');
    expect(lead(named('Walsum'))).toMatch(/^Der Stadtbezirk Walsum gehört zur Stadt Duisburg\./);
    expect(areaText(named('Duisburg'))).toContain('Wir kommen in alle Stadtbezirke und Ortsteile von Duisburg: Walsum und Alt-Walsum.');
  });

  it('shows a district\'s own postcodes only with their source, and the town\'s as the town\'s', () => {
    const source = 'Stadt Essen, Amt für Statistik (Datenlizenz Deutschland – Namensnennung 2.0)';
    const own = buildPlaces([town('Essen', [{ name: 'Rüttenscheid', postcodes: ['45130'], postcodeSource: source }, 'Kray'])], loadPostcodes(csv, 'data/postcodes.csv'), site);
    const ruettenscheid = own.find((place) => place.name === 'Rüttenscheid')!;
    expect(ruettenscheid.districtPostcodes).toEqual({ codes: ['45130'], source });
    expect(pageText(ruettenscheid)).toContain('PLZ 45130 ');
    expect(placeFaq(ruettenscheid, site, wordsOf(data, PLACE_WORDS).page.faq)[3]!.answer).toBe(
      `Ja, in alle (45127–45131), also auch nach Rüttenscheid. Der Stadtteil Rüttenscheid hat die Postleitzahl 45130 (Quelle: ${source}).`,
    );
    const kray = own.find((place) => place.name === 'Kray')!;
    expect(pageText(kray)).toContain('PLZ in Essen: 45127–45131 ');
    expect(placeFaq(kray, site, wordsOf(data, PLACE_WORDS).page.faq)[3]!.answer).toBe('Ja, in alle (45127–45131), also auch nach Kray.');
  });

  it('refuses a district phrase that is capitalised or does not end with the name', () => {
    const parse = (district: District) => {
      // The record as the data file holds it, without where the loader found it.
      const { file, field, ...record } = town('Essen', [district]);
      return placesFileSchema.safeParse({ towns: [record] }).success;
    };
    expect(parse({ name: 'Altstadt', in: 'in der Altstadt', to: 'in die Altstadt' })).toBe(true);
    expect(parse({ name: 'Altstadt', in: 'In der Altstadt', to: 'in die Altstadt' })).toBe(false);
    expect(parse({ name: 'Altstadt', in: 'in der Altstadt', to: 'in die Neustadt' })).toBe(false);
    expect(parse({ name: 'Altstadt', in: 'in der Altstadt' })).toBe(false);
    expect(parse({ name: 'Walsum', word: 'Stadtbezirk' })).toBe(true);
    expect(parse({ name: 'Walsum', word: 'Bezirk' } as unknown as District)).toBe(false);
  });

  it('takes district postcodes only with a source, and a source only with postcodes', () => {
    const parse = (district: District) => {
      // The record as the data file holds it, without where the loader found it.
      const { file, field, ...record } = town('Essen', [district]);
      return placesFileSchema.safeParse({ towns: [record] }).success;
    };
    expect(parse({ name: 'Kray', postcodes: ['45307'], postcodeSource: '© OpenStreetMap-Mitwirkende, ODbL' })).toBe(true);
    expect(parse({ name: 'Kray', postcodes: ['45307'] })).toBe(false);
    expect(parse({ name: 'Kray', postcodeSource: '© OpenStreetMap-Mitwirkende, ODbL' })).toBe(false);
    expect(parse({ name: 'Kray', postcodes: ['4530'], postcodeSource: '© OpenStreetMap-Mitwirkende, ODbL' })).toBe(false);
    expect(parse({ name: 'Kray', neighbours: ['Kray'] })).toBe(false);
  });
});

describe('numbers of districts in the texts', () => {
  it('reads German number words and digits before "Stadtteile" and "Ortsteile"', () => {
    expect(['neun', 'elf', 'zwölf', 'achtzehn', 'einundzwanzig', 'fünfzig', '50', 'Sechs'].map(germanNumber)).toEqual([9, 11, 12, 18, 21, 50, 50, 6]);
    expect(['ein', 'alle', 'den', '1975'].map(germanNumber)).toEqual([null, null, null, null]);
    expect(countClaims('Essen ist in neun Stadtbezirke mit 50 Stadtteilen gegliedert und hat in alle 50 Stadtteile Busse.').map((claim) => [claim.count, claim.word])).toEqual([
      [50, 'Stadtteil'],
      [50, 'Stadtteil'],
    ]);
    expect(countClaims('Die Gemeinde gliedert sich in sechs Ortsteile: A, B.')).toEqual([{ phrase: 'sechs Ortsteile', count: 6, word: 'Ortsteil' }]);
    expect(countClaims('Die Stadt hat elf dörfliche Stadtteile.')[0]!.count).toBe(11);
    // Not counts: an article, a year, a singular, a word that is no number.
    expect(countClaims('Wanne ist ein Stadtteil von Herne. Der 1975 eingemeindete Stadtteil Herbede. In den Stadtteilen wie Lembeck.')).toEqual([]);
  });

  it('finds every number the data\'s texts give, and each matches the districts listed with that word', () => {
    const files = ['rheinland-niederrhein', 'ruhrgebiet', 'ruhrgebiet-nord-ost'];
    const found = new Map<string, number[]>();
    for (const file of files) {
      const { towns } = loadYaml(join(ROOT, 'data/places', `${file}.yaml`), `data/places/${file}.yaml`, placesFileSchema);
      for (const town of towns) {
        for (const claim of countClaims(`${town.description} ${town.facts}`)) {
          const listed = town.districts.filter((district) => ((typeof district === 'string' ? undefined : district.word) ?? town.districtWord) === claim.word).length;
          expect(listed, `${town.name}: "${claim.phrase}"`).toBe(claim.count);
          found.set(town.name, [...(found.get(town.name) ?? []), claim.count]);
        }
      }
    }
    // The check is not empty: the towns whose texts name a number.
    expect(Object.fromEntries(found)).toEqual({
      Essen: [50],
      'Mülheim an der Ruhr': [9],
      Duisburg: [46],
      Gelsenkirchen: [18],
      Sprockhövel: [6],
      Dorsten: [11],
      Düsseldorf: [50],
      'Voerde (Niederrhein)': [11],
    });
  });
});

describe('one wording for the business', () => {
  it('says "Notdienst", not "Notruf" without 110 or 112, and "Techniker", not "Monteur", in every built text', () => {
    const routes = listRoutes({ data, siteUrl: 'https://example.test', images: fakeImages(data) });
    // Every template once; the place pages differ only in their names.
    const sample = routes.filter((route, index) => !route.path?.startsWith('/schluesseldienst/') || routes.findIndex((other) => other.template === route.template) === index);
    expect(sample.length).toBeGreaterThan(20);
    const all: string[] = [];
    for (const route of sample) {
      const html = renderDocument(route, { site, navigation: data.navigation, layout: data.layout, siteUrl: 'https://example.test', assets: FAKE_ASSETS });
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

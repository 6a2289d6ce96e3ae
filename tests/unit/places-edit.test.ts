// The Orte form's reading of typed values and its edit of a place file's text
// (server/content/places-edit.ts, server/content/places-data.ts): arrival times and inhabitants
// typed as an owner types them, towns and districts named by their slug, a folded text kept
// folded, a renamed town or district found by its old name, and facts refused without a source.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { consoleWordsSchema } from '../../core/schema/console.ts';
import { fillSlots } from '../../core/slots.ts';
import type { Town } from '../../core/schema/places.ts';
import { countMismatch, lostNeighbour, phraseMismatch } from '../../server/content/places-checks.ts';
import { placeKeys, placePathOf } from '../../server/content/places-data.ts';
import { editPlacesText, placeProblems, placeValue, type PlaceValue } from '../../server/content/places-edit.ts';
import { townFields, type PlaceField } from '../../server/content/places-form.ts';
import { parseDataText } from '../../server/content/yaml-edit.ts';
import { ROOT } from '../support/data-copy.ts';

const words = consoleWordsSchema.parse(parse(readFileSync(join(ROOT, 'data/console.yaml'), 'utf8')));

const FILE = `# Towns
towns:
  - name: Mülheim an der Ruhr
    arrivalTime: "15–25 Min."
    population: null
    description: >-
      Erste Zeile des Textes
      und die zweite.
    sources: ["Wikipedia: Mülheim an der Ruhr"]
    districts:
      - Broich # a comment
      - { name: Altstadt I, in: in der Altstadt I, to: in die Altstadt I }
`;

const field = (kind: PlaceField['kind'], path = 'x'): PlaceField => ({ path, label: 'x', kind, value: '' });
const valueOf = (kind: PlaceField['kind'], typed: string) => placeValue(field(kind), typed, words);

describe('typed values', () => {
  it('reads an arrival time typed with a hyphen, "bis" or "Minuten" as the pages write it, and refuses a wrong one in German', () => {
    for (const typed of ['20–30', '20-30', '20 bis 30', '20 - 30 Minuten', '20–30 Min.']) expect(valueOf('arrival', typed), typed).toEqual({ value: '20–30 Min.' });
    for (const typed of ['30–20', 'schnell', '5', '5–9']) expect(valueOf('arrival', typed), typed).toEqual({ problem: words.places.problems.arrival });
  });

  it('reads inhabitants with a thousands dot, nothing as unknown, and refuses a word', () => {
    expect(valueOf('population', '13.000')).toEqual({ value: 13000 });
    expect(valueOf('population', ' ')).toEqual({ value: null });
    expect(valueOf('population', 'viele')).toEqual({ problem: words.places.problems.population });
  });

  it('reads sources one a line, blank lines left out, and refuses an arrival time in a text', () => {
    expect(valueOf('lines', 'Wikipedia: Haan\r\n\n  Stadt Haan  \n')).toEqual({ value: ['Wikipedia: Haan', 'Stadt Haan'] });
    expect(valueOf('longText', 'Wir sind in 20 bis 30 Min. da.')).toEqual({ problem: words.places.problems.arrivalInText });
  });
});

describe('data paths of a place file', () => {
  it('name towns and districts by their slug, text items and maps alike, and back', () => {
    const document = parseDataText(FILE);
    expect(placeKeys(document, 'towns.muelheim-an-der-ruhr.districts.broich')).toEqual(['towns', 0, 'districts', 0]);
    expect(placeKeys(document, 'towns.muelheim-an-der-ruhr.districts.altstadt-i.name')).toEqual(['towns', 0, 'districts', 1, 'name']);
    expect(placeKeys(document, 'towns.essen.name')).toBeNull();
    expect(placePathOf(document.toJS(), ['towns', 0, 'districts', 1, 'in'])).toBe('towns.muelheim-an-der-ruhr.districts.altstadt-i.in');
  });
});

describe('editing a place file in place', () => {
  it('keeps a folded text folded, a flow list on its line, and every other byte', () => {
    const description = `${'Ein neuer Satz über die Stadt an der Ruhr. '.repeat(4).trim()}`;
    const after = editPlacesText(FILE, [
      { path: 'towns.muelheim-an-der-ruhr.description', value: description },
      { path: 'towns.muelheim-an-der-ruhr.sources', value: ['Wikipedia: Mülheim an der Ruhr', 'Stadt Mülheim'] },
      { path: 'towns.muelheim-an-der-ruhr.population', value: 170000 },
    ]);
    expect(after).toContain('    description: >-\n      Ein neuer Satz');
    expect(after.split('\n').every((line) => line.length <= 100)).toBe(true);
    expect(after).toContain('    sources: ["Wikipedia: Mülheim an der Ruhr", "Stadt Mülheim"]\n');
    expect(after).toContain('    population: 170000\n');
    expect(after).toContain('      - Broich # a comment\n');
    const town = parse(after).towns[0] as Town;
    expect(town.description).toBe(description);
  });

  it('renames a town and a text district, found by their old names', () => {
    const after = editPlacesText(FILE, [
      { path: 'towns.muelheim-an-der-ruhr.name', value: 'Mülheim' },
      { path: 'towns.muelheim-an-der-ruhr.districts.broich', value: 'Broich-Speldorf' },
    ]);
    expect(after).toContain('  - name: Mülheim\n');
    expect(after).toContain('      - Broich-Speldorf # a comment\n');
  });

  it('quotes a new name with a comma inside a flow map', () => {
    const after = editPlacesText(FILE, [{ path: 'towns.muelheim-an-der-ruhr.districts.altstadt-i.name', value: 'Altstadt I, Süd' }]);
    expect(parse(after).towns[0].districts[1].name).toBe('Altstadt I, Süd');
  });

  it('refuses a path that names nothing, changing nothing', () => {
    expect(() => editPlacesText(FILE, [{ path: 'towns.essen.arrivalTime', value: '10–20 Min.' }])).toThrow(/names no value/);
  });
});

describe('facts and their sources', () => {
  const town = parse(FILE).towns[0] as Town;
  const fields = townFields(town, 'muelheim-an-der-ruhr', words.places).flatMap((group) => group.fields);
  const context = { towns: [], postcodeNames: new Set(['Mülheim an der Ruhr']) };
  const values = (changes: Record<string, PlaceValue>) => new Map<string, PlaceValue>(Object.entries(changes));

  it('refuses a town without sources and a district description without them, in German at the sources', () => {
    const problems = placeProblems(fields, values({ 'towns.muelheim-an-der-ruhr.sources': [] }), context, words);
    expect(problems.get('towns.muelheim-an-der-ruhr.sources')).toBe(words.places.problems.noSource);
    const district: PlaceField[] = [field('longText', 'towns.m.districts.broich.description'), field('lines', 'towns.m.districts.broich.sources')];
    expect(placeProblems(district, values({ 'towns.m.districts.broich.description': 'Ein Text.', 'towns.m.districts.broich.sources': [] }), context, words).get('towns.m.districts.broich.sources')).toBe(words.places.problems.noSource);
    expect(placeProblems(fields, values({ 'towns.muelheim-an-der-ruhr.sources': ['Wikipedia: Mülheim an der Ruhr'] }), context, words).size).toBe(0);
  });
});

describe('what the build would refuse in a changed town, in German', () => {
  const town = (districts: Town['districts'], facts: string): Town => ({ name: 'Haan', region: 'Bergisches Land', arrivalTime: '25–35 Min.', population: 30000, isMainLocation: false, kind: 'Stadt', districtWord: 'Stadtteil', description: 'Text.', facts, sources: ['Wikipedia: Haan'], districts });

  it('finds a number of Stadtteile a text states that the list contradicts', () => {
    expect(countMismatch(town(['Gruiten', 'Mitte'], 'Haan hat zwei Stadtteile.'), words.places.problems)).toBeNull();
    expect(countMismatch(town(['Gruiten'], 'Haan hat zwei Stadtteile.'), words.places.problems)).toEqual({ key: 'facts', message: fillSlots(words.places.problems.count, { phrase: 'zwei Stadtteile', listed: 1, word: 'Stadtteil' }) });
  });

  it('finds a district renamed while its phrases still name it by the old name', () => {
    const districts: Town['districts'] = [{ name: 'Neustadt', in: 'in der Altstadt', to: 'in die Altstadt' }];
    expect(phraseMismatch(town(districts, 'Fakt.'), words.places.problems)).toBe(fillSlots(words.places.problems.phrase, { name: 'Neustadt', phrase: 'in der Altstadt' }));
    expect(phraseMismatch(town([{ name: 'Altstadt', in: 'in der Altstadt', to: 'in die Altstadt' }], 'Fakt.'), words.places.problems)).toBeNull();
  });

  it('finds a neighbour no longer listed', () => {
    const districts: Town['districts'] = ['Mitte', { name: 'Gruiten', neighbours: ['Mitte', 'Unterhaan'] }];
    expect(lostNeighbour(town(districts, 'Fakt.'), 'places/x.yaml', words.places.problems)).toBe(fillSlots(words.places.problems.neighbour, { name: 'Unterhaan', district: 'Gruiten', file: 'data/places/x.yaml' }));
    expect(lostNeighbour(town([...districts, 'Unterhaan'], 'Fakt.'), 'places/x.yaml', words.places.problems)).toBeNull();
  });
});

import { writeFileSync } from 'node:fs';
import { PLACE_WORDS, wordsOf } from '../../build/routes/index.ts';
import { tempDir } from '../support/temp-dir.ts';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPlaces } from '../../build/load/places.ts';
import { distanceKm, loadPostcodes } from '../../build/load/postcodes.ts';
import { loadSiteData } from '../../build/load/site-data.ts';
import { townRecord } from '../support/town-record.ts';
import { placeLead } from '../../templates/pages/place/place-texts.ts';

const data = loadSiteData({ buildDate: new Date('2026-11-22T10:00:00Z') });
const { site } = data;

function csv(rows: string[]): string {
  const dir = tempDir('postcodes-');
  const file = join(dir, 'postcodes.csv');
  writeFileSync(file, ['country_code,zipcode,place,state,state_code,province,province_code,community,community_code,latitude,longitude', ...rows].join('\n'));
  return file;
}

const POSTCODES = loadPostcodes(
  csv([
    'DE,45127,Essen,NW,NW,"Reg.-Bez. Düsseldorf",051,"Essen, Stadt",05113,51.4556,7.0116',
    'DE,45130,Essen,NW,NW,"Reg.-Bez. Düsseldorf",051,"Essen, Stadt",05113,51.4400,7.0100',
    'DE,45468,Mülheim an der Ruhr,NW,NW,"Reg.-Bez. Düsseldorf",051,"Mülheim an der Ruhr, Stadt",05117,51.4300,6.8800',
    'DE,59063,Hamm,NW,NW,"Reg.-Bez. Arnsberg",059,"Hamm, Stadt",05915,51.6800,7.8200',
  ]),
  'data/postcodes.csv',
);

const town = townRecord;

describe('postcodes from GeoNames', () => {
  it('reads quoted cells and groups postcodes per town with their centre', () => {
    expect(POSTCODES.get('Essen')?.postcodes).toEqual(['45127', '45130']);
    expect(POSTCODES.get('Mülheim an der Ruhr')?.postcodes).toEqual(['45468']);
    expect(POSTCODES.get('Essen')!.latitude).toBeCloseTo(51.4478, 3);
  });

  it('names the line of a postcode that is not five digits', () => {
    const file = csv(['DE,4512,Essen,NW,NW,x,051,"Essen, Stadt",05113,51.4,7.0']);
    expect(() => loadPostcodes(file, 'data/postcodes.csv')).toThrow('data/postcodes.csv: line 2: "4512" is not a five-digit postcode');
  });

  it('measures distances in kilometres', () => {
    expect(distanceKm({ latitude: 51.4556, longitude: 7.0116 }, { latitude: 51.6800, longitude: 7.8200 })).toBeCloseTo(61, 0);
  });
});

describe('places of the service area', () => {
  const places = buildPlaces(
    [town('Essen', ['Rüttenscheid', 'Altstadt', 'Hamm']), town('Mülheim an der Ruhr', ['Altstadt', 'Saarn']), town('Hamm', [], { population: null, arrivalTime: '50–70 Min.' })],
    POSTCODES,
    site,
  );
  const byPath = new Map(places.map((place) => [place.path, place]));

  it('gives every town and district a page, districts under plain slugs where unique', () => {
    expect(places.map((place) => place.path)).toEqual([
      '/schluesseldienst/essen',
      '/schluesseldienst/ruettenscheid',
      '/schluesseldienst/altstadt-essen',
      '/schluesseldienst/hamm-essen',
      '/schluesseldienst/muelheim-an-der-ruhr',
      '/schluesseldienst/altstadt-muelheim-an-der-ruhr',
      '/schluesseldienst/saarn',
      '/schluesseldienst/hamm',
    ]);
  });

  it('lets a district inherit its town\'s postcodes (as the town\'s) and arrival time, list the other districts and link its town', () => {
    const district = byPath.get('/schluesseldienst/ruettenscheid')!;
    expect(district).toMatchObject({ kind: 'district', name: 'Rüttenscheid', arrivalTime: '20–30 Min.', postcodes: ['45127', '45130'], town: { name: 'Essen', path: '/schluesseldienst/essen' } });
    expect(district.districtPostcodes).toBeUndefined();
    expect(district.districts.map((d) => d.name)).toEqual(['Altstadt', 'Hamm']);
    expect(district.neighbours).toEqual([]);
    expect(district.facts).toBeNull();
    expect(placeLead(district, wordsOf(data, PLACE_WORDS).page.lead, 'Essen')).toContain('Der Stadtteil Rüttenscheid gehört zur Stadt Essen.');
  });

  it('shows facts only where the data has a population', () => {
    expect(byPath.get('/schluesseldienst/essen')!.facts).toBe('Essen hat Fakten.');
    expect(byPath.get('/schluesseldienst/hamm')!.facts).toBeNull();
  });

  it('leaves a postcode that is no delivery area out of the town\'s page and its centre, and refuses one the town does not have', () => {
    const rows = [
      'DE,40832,Ratingen,NW,NW,"Reg.-Bez. Düsseldorf",051,Mettmann,05158,51.0000,6.0000',
      'DE,40878,Ratingen,NW,NW,"Reg.-Bez. Düsseldorf",051,Mettmann,05158,51.2922,6.8485',
      'DE,40885,Ratingen,NW,NW,"Reg.-Bez. Düsseldorf",051,Mettmann,05158,51.3394,6.8528',
    ];
    const postcodes = loadPostcodes(csv(rows), 'data/postcodes.csv');
    const notDelivered = { codes: ['40832'], source: 'Wikipedia: Ratingen (Postleitzahlen 40878–40885)' };
    const [ratingen] = buildPlaces([town('Ratingen', [], { notDelivered })], postcodes, site);
    expect(ratingen!.postcodes).toEqual(['40878', '40885']);
    // 40832's centre, put far to the south-west here, no longer pulls the town's.
    expect(ratingen!.distanceKm).toBe(Math.round(distanceKm({ latitude: site.address.latitude, longitude: site.address.longitude }, { latitude: (51.2922 + 51.3394) / 2, longitude: (6.8485 + 6.8528) / 2 })));
    expect(() => buildPlaces([town('Ratingen', [], { notDelivered: { ...notDelivered, codes: ['40833'] } })], postcodes, site)).toThrow(
      'data/places/test.yaml: towns[0].notDelivered.codes[0]: "40833" is not a postcode of Ratingen in data/postcodes.csv; remove it',
    );
  });

  it('shows none of the shipped data\'s PO-box postcodes: Ratingen 40878–40885, Mülheim an der Ruhr 45468–45481', () => {
    const shipped = (name: string) => data.places.find((place) => place.kind === 'town' && place.name === name)!.postcodes;
    expect(shipped('Ratingen')).toEqual(['40878', '40880', '40882', '40883', '40885']);
    expect(shipped('Mülheim an der Ruhr')[0]).toBe('45468');
  });

  it('rejects a town twice, a district twice, a district named like its town, and a town without postcodes', () => {
    const error = (() => {
      try {
        buildPlaces([town('Essen', ['Kray', 'Kray', 'Essen']), { ...town('Essen'), field: 'towns[1]' }, { ...town('Atlantis'), field: 'towns[2]' }], POSTCODES, site);
      } catch (thrown) {
        return (thrown as Error).message;
      }
      return '';
    })();
    expect(error).toContain('data/places/test.yaml: towns[0].districts[1]: "Kray" is listed twice');
    expect(error).toContain('data/places/test.yaml: towns[0].districts[2]: "Essen" is the town itself');
    expect(error).toContain('data/places/test.yaml: towns[1].name: "Essen" has the slug "essen" of the town "Essen" in data/places/test.yaml; list every town once');
    expect(error).toContain('data/places/test.yaml: towns[2].name: "Atlantis" has no row in data/postcodes.csv');
  });

  it('rejects a neighbour that is no district of the town, a district postcode of another town, a phrase with the wrong word and a count the list does not match', () => {
    const error = (() => {
      try {
        buildPlaces(
          [
            town(
              'Essen',
              [
                { name: 'Kray', neighbours: ['Steele', 'Saarn'] },
                'Steele',
                { name: 'Kettwig', postcodes: ['45468'], postcodeSource: '© OpenStreetMap-Mitwirkende, ODbL' },
                { name: 'Heimaterde', in: 'im Stadtteil Heimaterde', to: 'in den Stadtteil Heimaterde', word: 'Ortsteil' },
              ],
              { facts: 'Essen ist in neun Stadtbezirke mit 50 Stadtteilen gegliedert.' },
            ),
          ],
          POSTCODES,
          site,
        );
      } catch (thrown) {
        return (thrown as Error).message;
      }
      return '';
    })();
    expect(error).toContain('data/places/test.yaml: towns[0].districts[0].neighbours[1]: "Saarn" is not a district of Essen');
    expect(error).toContain('data/places/test.yaml: towns[0].districts[2].postcodes[0]: "45468" is not a postcode of Essen in data/postcodes.csv');
    expect(error).toContain('data/places/test.yaml: towns[0].districts[3].in: "im Stadtteil Heimaterde" calls it a Stadtteil, but it is listed as a Ortsteil');
    expect(error).toContain('data/places/test.yaml: towns[0].facts: says "50 Stadtteilen" but districts lists 3 with the word Stadtteil');
    expect(error).not.toContain('Steele');
  });
});

describe('the shipped towns name their parts as their pages list them', () => {
  // "im Ortsteil Crange", "die Stadtteile Alstedde, Nordlünen und Wethmar": each name a town's text
  // gives with Stadtteil or Ortsteil is listed with that word, so the district's own page ("Der
  // Ortsteil …") and the town's text agree. "Stadtbezirke …" is not checked: a Stadtbezirk often
  // shares its name with a part listed on its own (Herne's Wanne, Hagen's Haspe).
  const NAMED = /\b(Stadtteil|Ortsteil)(?:e|en|s)?((?:,?\s+(?:und\s+)?[A-ZÄÖÜ][\p{L}/-]+)+)/gu;

  it('gives a named part the word its town\'s text uses', () => {
    const towns = data.places.filter((place) => place.kind === 'town');
    const mismatches: string[] = [];
    let named = 0;
    for (const town of towns) {
      const text = `${town.description ?? ''} ${town.facts ?? ''}`.replace(/\s+/g, ' ');
      for (const match of text.matchAll(NAMED)) {
        for (const name of match[2]!.split(/,?\s+(?:und\s+)?/).filter(Boolean)) {
          const part = town.districts.find((district) => district.name === name);
          if (!part) continue;
          named += 1;
          if (part.word !== match[1]) mismatches.push(`${town.name}: "${match[0].trim()}" but ${name} is listed as ${part.word}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(named).toBeGreaterThan(5);
  });
});

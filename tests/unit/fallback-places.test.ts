import { describe, expect, it } from 'vitest';
import { fallbackPlaces } from '../../build/load/fallback-places.ts';
import type { TownPostcodes } from '../../build/load/postcodes.ts';

const at = (state: string): TownPostcodes => ({ state, postcodes: ['40210'], latitude: 51, longitude: 7, rows: [{ code: '40210', latitude: 51, longitude: 7 }] });

describe('the places that get the page of an unknown place', () => {
  it('lists the names of North Rhine-Westphalia without a page, by slug, as the CSV spells them', () => {
    const csv = new Map([
      ['Anröchte', at('NW')],
      ['Essen', at('NW')],
      ['Langenfeld', at('NW')],
      ['Stolberg (Rheinland)', at('NW')],
      ['Mainz', at('RP')],
    ]);
    // Essen has a page; Langenfeld is the CSV's name of the town Langenfeld (Rheinland), which has one.
    expect(fallbackPlaces(csv, new Set(['essen', 'langenfeld-rheinland']), new Set(['Essen', 'Langenfeld']), 'data/postcodes.csv')).toEqual({
      anroechte: 'Anröchte',
      'stolberg-rheinland': 'Stolberg (Rheinland)',
    });
  });

  it('stops the build on a name it cannot put into a page and on two names with one address, naming both', () => {
    const csv = new Map([
      ['Haan<b>', at('NW')],
      ['Groß Reken', at('NW')],
      ['Gross-Reken', at('NW')],
    ]);
    const build = () => fallbackPlaces(csv, new Set(), new Set(), 'data/postcodes.csv');
    expect(build).toThrow(/data\/postcodes\.csv: place "Haan<b>": cannot name a page/);
    expect(build).toThrow(/data\/postcodes\.csv: place "Gross-Reken": has the same address \/schluesseldienst\/gross-reken as "Groß Reken"/);
  });
});

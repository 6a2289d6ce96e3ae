import { describe, expect, it } from 'vitest';
import { germanCollator, isPlaceSlug, nameFromSlug } from '../../core/place-names.ts';

describe('display names from slugs (the old A–Z list\'s rule)', () => {
  it.each([
    ['essen', 'Essen'],
    ['muelheim-an-der-ruhr', 'Mülheim An-Der-Ruhr'],
    ['grossenbaum', 'Großenbaum'],
    ['duisburg-sued', 'Duisburg Süd'],
    ['essen-sued-ost', 'Essen Süd-Ost'],
    ['bahnhofstrasse', 'Bahnhofstraße'],
    ['st-toenis', 'St. Tönis'],
    ['koeln', 'Köln'],
    ['gross-reken', 'Groß Reken'],
  ])('%s → %s', (slug, name) => {
    expect(nameFromSlug(slug)).toBe(name);
  });

  it('accepts lower-case hyphenated slugs only', () => {
    expect(isPlaceSlug('muelheim-an-der-ruhr')).toBe(true);
    for (const bad of ['Essen', 'ess en', 'essen-', '-essen', 'es--sen', 'straße', '../etc', 'a'.repeat(61), 'a-b-c-d-e-f-g']) {
      expect(isPlaceSlug(bad), bad).toBe(false);
    }
  });

  it('sorts the German way: umlauts with their vowel', () => {
    expect(['Überruhr', 'Ost', 'Ückendorf', 'Altstadt', 'Ölmühle', 'Zentrum', 'Ulfkotte'].sort(germanCollator.compare)).toEqual([
      'Altstadt', 'Ölmühle', 'Ost', 'Überruhr', 'Ückendorf', 'Ulfkotte', 'Zentrum',
    ]);
  });
});

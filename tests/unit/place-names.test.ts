import { describe, expect, it } from 'vitest';
import { germanCollator, isPlaceSlug } from '../../core/place-names.ts';

describe('place slugs and names', () => {
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

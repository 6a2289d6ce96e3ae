import { describe, expect, it } from 'vitest';
import { placePathByName, slug } from '../../core/slugs.ts';

describe('slugs of German place names', () => {
  it.each([
    ['Essen', 'essen'],
    ['Mülheim an der Ruhr', 'muelheim-an-der-ruhr'],
    ['Gießen', 'giessen'],
    ['Großenbaum', 'grossenbaum'],
    ['Bochum-Wattenscheid', 'bochum-wattenscheid'],
    ['Düsseldorf', 'duesseldorf'],
    ['Köln', 'koeln'],
    ['Ückendorf', 'ueckendorf'],
    ['Bergisch Gladbach', 'bergisch-gladbach'],
    ['Sankt Augustin', 'sankt-augustin'],
    ['Essen (Ruhr)', 'essen-ruhr'],
    ['Homberg/Ruhrort/Baerl', 'homberg-ruhrort-baerl'],
    ['  Hamm  ', 'hamm'],
  ])('%s → %s', (name, expected) => {
    expect(slug(name)).toBe(expected);
  });

  it('builds the place page path the home page, footer and coverage link to', () => {
    expect(placePathByName('Mülheim an der Ruhr')).toBe('/schluesseldienst/muelheim-an-der-ruhr');
  });
});

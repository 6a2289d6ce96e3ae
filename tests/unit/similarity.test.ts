import { describe, expect, it } from 'vitest';
import { jaccard, mainWords, median, nearestNeighbours, shingles } from '../../build/indexing/similarity.ts';
import { NAME_TOKEN, NUMBER_TOKEN, NameMask, placeNames } from '../../build/indexing/mask.ts';

const page = (body: string) => `<html><body><header>Kopf immer gleich auf jeder Seite</header><main>${body}</main><footer>Fuß</footer></body></html>`;

describe('place page similarity (word 5-gram shingles in <main>)', () => {
  it('reads only the words of <main>, lower-cased, without scripts and SVG', () => {
    expect(mainWords(page('<h1>Schlüsseldienst Mülheim an der Ruhr</h1><script>var x = 1</script><svg><text>Icon</text></svg><p>PLZ 45468&nbsp;Mülheim</p>'))).toEqual([
      'schlüsseldienst', 'mülheim', 'an', 'der', 'ruhr', 'plz', '45468', 'mülheim',
    ]);
  });

  it('is exact: shared shingles over all shingles of both pages', () => {
    const a = shingles(page('eins zwei drei vier fünf sechs'));
    const b = shingles(page('eins zwei drei vier fünf sieben'));
    // a: {1-5, 2-6}, b: {1-5, 2-7}: one shared of three.
    expect(jaccard(a, b)).toBeCloseTo(1 / 3, 10);
    expect(jaccard(a, a)).toBe(1);
    expect(jaccard(a, shingles(page('ganz andere worte stehen hier jetzt')))).toBe(0);
  });

  it('finds each page its most similar sibling, and the median of those', () => {
    const near = nearestNeighbours([
      { path: '/a', set: shingles(page('eins zwei drei vier fünf sechs')) },
      { path: '/b', set: shingles(page('eins zwei drei vier fünf sieben')) },
      { path: '/c', set: shingles(page('ganz andere worte stehen hier jetzt')) },
    ]);
    expect(near.map((entry) => [entry.path, entry.other, Number(entry.similarity.toFixed(3))])).toEqual([
      ['/a', '/b', 0.333],
      ['/b', '/a', 0.333],
      ['/c', '', 0],
    ]);
    expect(median([0.1, 0.5, 0.3])).toBe(0.3);
    expect(median([0.1, 0.5, 0.3, 0.7])).toBe(0.4);
  });

  describe('with place names and numbers masked', () => {
    const mask = new NameMask(placeNames([
      { kind: 'town', name: 'Mülheim an der Ruhr' },
      { kind: 'town', name: 'Bochum' },
      { kind: 'town', name: 'Witten' },
      { kind: 'district', name: 'Altstadt I' },
      { kind: 'district', name: 'Werden' },
    ]));

    it('replaces every name, also of several words, inflected or in a compound, and every word with a digit', () => {
      expect(mask.mask(mainWords(page('<p>Von Mülheim an der Ruhr nach Essen-Werden, in die Altstadt I und zum Bochumer Verein: 25–35 Min., PLZ 44787.</p>')))).toEqual([
        'von', NAME_TOKEN, 'nach', 'essen-werden', 'in', 'die', NAME_TOKEN, 'und', 'zum', NAME_TOKEN, 'verein', NUMBER_TOKEN, NUMBER_TOKEN, 'min', 'plz', NUMBER_TOKEN,
      ]);
      // A town is also known by its first word alone; a compound counts when it starts with a name.
      expect(mask.mask(['mülheim', 'werden-süd', 'ruhr'])).toEqual([NAME_TOKEN, NAME_TOKEN, 'ruhr']);
    });

    it('reads one template filled with two towns\' names and numbers as the same page, and their own words as different', () => {
      const template = (town: string, km: number, own: string) => page(`<h1>Schlüsseldienst ${town}</h1><p>${town} liegt ${km} km Luftlinie östlich von unserem Standort. ${own}</p>`);
      const bochum = template('Bochum', 16, 'Vor dem Rathaus hängt eine Glocke aus Gussstahl.');
      const witten = template('Witten', 23, 'Am Fluss steht eine Burgruine über dem Tal.');
      expect(jaccard(shingles(template('Bochum', 16, ''), mask), shingles(template('Witten', 23, ''), mask))).toBe(1);
      expect(jaccard(shingles(template('Bochum', 16, ''), mask), shingles(template('Witten', 23, '')))).toBeLessThan(0.5);
      const masked = jaccard(shingles(bochum, mask), shingles(witten, mask));
      expect(masked).toBeGreaterThan(0.3);
      expect(masked).toBeLessThan(0.7);
    });
  });
});

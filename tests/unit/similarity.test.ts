import { describe, expect, it } from 'vitest';
import { jaccard, mainWords, median, nearestNeighbours, shingles } from '../../build/indexing/similarity.ts';

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
});

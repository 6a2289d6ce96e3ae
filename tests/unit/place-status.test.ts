// What the Orte form says of a place's page (server/content/place-status.ts): the served build's
// verdict with its figures on the side of the limit it took, the data rule's expectation marked as
// such where the build has no verdict, and a saved change that alters the verdict said below it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { PlaceIndex, PlaceVerdict } from '../../core/build-server-contract.ts';
import { consoleWordsSchema } from '../../core/schema/console.ts';
import { fillSlots } from '../../core/slots.ts';
import { placeStatus } from '../../server/content/place-status.ts';
import { ROOT } from '../support/data-copy.ts';

const words = consoleWordsSchema.parse(parse(readFileSync(join(ROOT, 'data/console.yaml'), 'utf8'))).places;
const PATH = '/schluesseldienst/steele';
const OTHER = '/schluesseldienst/kray';
const built = (verdict: PlaceVerdict): PlaceIndex => ({ maxSimilarity: 0.5, minWords: 80, pages: { [PATH]: verdict } });
/** The served release's verdict, without a current preview. */
const index = (verdict: PlaceVerdict) => ({ served: built(verdict), preview: null });
const described = Array.from({ length: 90 }, (_, i) => `wort${i}`).join(' ');

describe('the Orte form on a place page', () => {
  it('never says a share at the limit it failed or above the limit it passed', () => {
    const failed = placeStatus('district', PATH, described, index({ indexable: false, reason: 'similar', similarity: 0.502, other: OTHER }), words);
    expect(failed.lines).toEqual([fillSlots(words.indexing.similar, { other: OTHER, percent: 51, max: 50 })]);
    const passed = placeStatus('district', PATH, described, index({ indexable: true, reason: null, similarity: 0.4996, other: OTHER }), words);
    expect(passed.lines).toEqual([words.indexing.found, fillSlots(words.indexing.closest, { other: OTHER, percent: 50, max: 50 })]);
    const plain = placeStatus('district', PATH, described, index({ indexable: false, reason: 'similar', similarity: 0.5349, other: OTHER }), words);
    expect(plain.lines[0]).toContain('53 %');
  });

  it('says what to expect, marked as such, for a place the served build does not have', () => {
    const status = placeStatus('district', '/schluesseldienst/neu', null, index({ indexable: true, reason: null }), words);
    expect(status).toMatchObject({ expected: true, indexable: false, reason: 'noDescription' });
    expect(status.lines).toEqual([fillSlots(words.indexing.expected, { text: words.indexing.noDescription })]);
    expect(placeStatus('town', PATH, described, { served: null, preview: null }, words).lines).toEqual([fillSlots(words.indexing.expected, { text: words.indexing.town })]);
  });

  it('adds what a saved change will do once published, and nothing when the rule cannot tell', () => {
    const before = index({ indexable: false, reason: 'noDescription' });
    expect(placeStatus('district', PATH, described, before, words).lines).toEqual([words.indexing.noDescription, fillSlots(words.indexing.changed, { text: words.indexing.district })]);
    const short = index({ indexable: false, reason: 'tooShort', words: 40 });
    expect(placeStatus('district', PATH, described, short, words).lines[1]).toBe(fillSlots(words.indexing.changed, { text: words.indexing.district }));
    // Too similar stays the verdict until a build compares the new text.
    const similar = index({ indexable: false, reason: 'similar', similarity: 0.56, other: OTHER });
    expect(placeStatus('district', PATH, described, similar, words).lines).toHaveLength(1);
  });

  it('says what the current preview decided instead, where it differs from the served site', () => {
    const served = built({ indexable: false, reason: 'similar', similarity: 0.56, other: OTHER });
    const preview = built({ indexable: true, reason: null, similarity: 0.44, other: OTHER });
    const found = [words.indexing.found, fillSlots(words.indexing.closest, { other: OTHER, percent: 44, max: 50 })].join(' ');
    expect(placeStatus('district', PATH, described, { served, preview }, words).lines).toEqual([fillSlots(words.indexing.similar, { other: OTHER, percent: 56, max: 50 }), fillSlots(words.indexing.previewed, { text: found })]);
    expect(placeStatus('district', PATH, described, { served, preview: served }, words).lines).toHaveLength(1);
    // A place not published yet: the preview's verdict, marked as not published.
    const fresh = placeStatus('district', PATH, described, { served: null, preview }, words);
    expect(fresh).toMatchObject({ expected: true, indexable: true, lines: [fillSlots(words.indexing.previewNew, { text: found })] });
  });
});

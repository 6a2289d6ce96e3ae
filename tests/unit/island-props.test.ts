// Props read back from the page or the server are checked against the island's shape before
// React sees them (templates/islands/registry.ts): a page or an answer of another version makes
// the island stay asleep with a clear message, never render with wrong data.
import { describe, expect, it } from 'vitest';
import { addressSelectorProps, citySearchProps, contactFormProps, reviewsProps } from '../../templates/islands/registry.ts';
import { isReviewList } from '../../templates/islands/Reviews.tsx';

/** Words as the islands get them: texts, grouped (data/contact-form.yaml and the others). */
const words = { label: 'Stadt oder Stadtteil', toasts: { success: { title: 'Nachricht gesendet!' } } };

describe('island props', () => {
  it('passes props of the right shape through, dropping nothing it knows', () => {
    expect(citySearchProps({ total: 986, words })).toEqual({ total: 986, words });
    expect(contactFormProps({ variant: 'kontakt', words })).toEqual({ variant: 'kontakt', words });
    expect(addressSelectorProps({ messageField: 'contact-message', words })).toEqual({ messageField: 'contact-message', words });
    const initial = { reviews: [], summary: { average: 0, totalReviews: 0, distribution: [] }, place: null };
    expect(reviewsProps({ pageUrl: 'https://g.page/x', words, initial, now: '2026-11-24T08:00:00Z' }, isReviewList)).toEqual({
      pageUrl: 'https://g.page/x',
      words,
      initial,
      now: '2026-11-24T08:00:00Z',
    });
  });

  it('refuses props of another shape, naming the island and the field', () => {
    expect(() => citySearchProps({ total: '986', words })).toThrow('The props of the island "city-search" do not fit it: "total" is not a count.');
    expect(() => contactFormProps({ variant: 'footer', words })).toThrow('"variant" is neither "home" nor "kontakt"');
    expect(() => addressSelectorProps(null)).toThrow('The props of the island "address-selector" do not fit it: not an object.');
    expect(() => reviewsProps({ pageUrl: 'https://g.page/x', words, initial: { reviews: 'none' } }, isReviewList)).toThrow('"initial" is no review list');
    expect(() => reviewsProps({ pageUrl: 'https://g.page/x', words, now: 'gestern' }, isReviewList)).toThrow('"now" is no date');
  });

  it('refuses words that are not texts all the way down, naming the island', () => {
    expect(() => citySearchProps({ total: 986 })).toThrow('The props of the island "city-search" do not fit it: "words" is not a set of texts.');
    expect(() => contactFormProps({ variant: 'home', words: { send: '' } })).toThrow('"words" is not a set of texts');
    expect(() => addressSelectorProps({ messageField: 'm', words: { labels: { city: 3 } } })).toThrow('"words" is not a set of texts');
    expect(() => reviewsProps({ pageUrl: 'https://g.page/x', words: ['Bewertungen'] }, isReviewList)).toThrow('"words" is not a set of texts');
  });
});

// Props read back from the page or the server are checked against the island's shape before
// React sees them (templates/islands/registry.ts): a page or an answer of another version makes
// the island stay asleep with a clear message, never render with wrong data.
import { describe, expect, it } from 'vitest';
import { addressSelectorProps, citySearchProps, contactFormProps, reviewsProps } from '../../templates/islands/registry.ts';
import { isReviewList } from '../../templates/islands/Reviews.tsx';

describe('island props', () => {
  it('passes props of the right shape through, dropping nothing it knows', () => {
    expect(citySearchProps({ total: 986 })).toEqual({ total: 986 });
    expect(contactFormProps({ variant: 'kontakt' })).toEqual({ variant: 'kontakt' });
    expect(addressSelectorProps({ messageField: 'contact-message' })).toEqual({ messageField: 'contact-message' });
    const initial = { reviews: [], summary: { average: 0, totalReviews: 0, distribution: [] }, place: null };
    expect(reviewsProps({ pageUrl: 'https://g.page/x', query: 'Schlüsseldienst', initial, now: '2026-11-24T08:00:00Z' }, isReviewList)).toEqual({
      pageUrl: 'https://g.page/x',
      query: 'Schlüsseldienst',
      initial,
      now: '2026-11-24T08:00:00Z',
    });
  });

  it('refuses props of another shape, naming the island and the field', () => {
    expect(() => citySearchProps({ total: '986' })).toThrow('The props of the island "city-search" do not fit it: "total" is not a count.');
    expect(() => contactFormProps({ variant: 'footer' })).toThrow('"variant" is neither "home" nor "kontakt"');
    expect(() => addressSelectorProps(null)).toThrow('The props of the island "address-selector" do not fit it: not an object.');
    expect(() => reviewsProps({ pageUrl: 'https://g.page/x', query: 'q', initial: { reviews: 'none' } }, isReviewList)).toThrow('"initial" is no review list');
    expect(() => reviewsProps({ pageUrl: 'https://g.page/x', query: 'q', now: 'gestern' }, isReviewList)).toThrow('"now" is no date');
  });
});

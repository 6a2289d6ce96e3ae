// The islands by name: the name fixes the props type (templates/components/Island.tsx renders
// them, client/islands.ts wakes them), and props read back from the page or from the server are
// checked against that shape before React sees them, never cast, except the words: those are
// checked in form only (islandWords()). The checks are small and hand-written: each island's chunk
// imports only its own, and the islands carry no zod.
import type { AddressSelectorProps } from './AddressSelector.tsx';
import type { CitySearchProps } from './CitySearch.tsx';
import type { ContactFormProps } from './ContactForm.tsx';
import type { ReviewsProps } from './Reviews.tsx';

export interface IslandPropsByName {
  'city-search': CitySearchProps;
  'contact-form': ContactFormProps;
  'address-selector': AddressSelectorProps;
  reviews: ReviewsProps;
}

export type IslandName = keyof IslandPropsByName;


/** Thrown for props that do not fit the island: it then stays unwoken and the page works without it. */
class IslandPropsError extends Error {
  constructor(island: IslandName, problem: string) {
    super(`The props of the island "${island}" do not fit it: ${problem}.`);
  }
}

function record(island: IslandName, value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new IslandPropsError(island, 'not an object');
  return value as Record<string, unknown>;
}

function text(island: IslandName, props: Record<string, unknown>, key: string): string {
  const value = props[key];
  if (typeof value !== 'string' || value === '') throw new IslandPropsError(island, `"${key}" is not a text`);
  return value;
}

/** Texts, or groups of texts, all the way down: the island's words from data/. */
function isWords(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((entry) => (typeof entry === 'string' ? entry !== '' : isWords(entry)));
}

/**
 * The island's words. Only their form is checked here; which words there are, the build checked
 * against the island's schema in core/schema/ (a page or server of the same build sends them).
 */
function islandWords<W>(island: IslandName, props: Record<string, unknown>): W {
  if (!isWords(props['words'])) throw new IslandPropsError(island, '"words" is not a set of texts');
  return props['words'] as W;
}

export function citySearchProps(value: unknown): CitySearchProps {
  const props = record('city-search', value);
  if (typeof props['total'] !== 'number' || !Number.isInteger(props['total']) || props['total'] < 0) throw new IslandPropsError('city-search', '"total" is not a count');
  return { total: props['total'], words: islandWords('city-search', props) };
}

export function contactFormProps(value: unknown): ContactFormProps {
  const props = record('contact-form', value);
  const variant = props['variant'];
  if (variant !== 'home' && variant !== 'kontakt') throw new IslandPropsError('contact-form', '"variant" is neither "home" nor "kontakt"');
  return { variant, words: islandWords('contact-form', props) };
}

export function addressSelectorProps(value: unknown): AddressSelectorProps {
  const props = record('address-selector', value);
  return { messageField: text('address-selector', props, 'messageField'), words: islandWords('address-selector', props) };
}

/** `isList` is the reviews island's own check of a review list, passed in so this file stays light. */
export function reviewsProps(value: unknown, isList: (list: unknown) => list is NonNullable<ReviewsProps['initial']>): ReviewsProps {
  const props = record('reviews', value);
  const initial = props['initial'];
  if (initial !== undefined && initial !== null && !isList(initial)) throw new IslandPropsError('reviews', '"initial" is no review list');
  const now = props['now'];
  if (now !== undefined && (typeof now !== 'string' || Number.isNaN(Date.parse(now)))) throw new IslandPropsError('reviews', '"now" is no date');
  return {
    pageUrl: text('reviews', props, 'pageUrl'),
    words: islandWords('reviews', props),
    ...(initial !== undefined ? { initial: initial as ReviewsProps['initial'] } : {}),
    ...(now !== undefined ? { now: now as string } : {}),
  };
}

// The city search on /einsatzgebiet, a React island: rendered at build time like everything else
// and hydrated in the browser when the visitor first reaches for it. It filters the town cards and
// the A–Z list that the page already shows (they work as plain lists without JavaScript), by a
// case-insensitive part of the name, and says how many places match. Its words come from
// data/place-pages.yaml (`search`).
import { useEffect, useRef, useState } from 'react';
import type { CitySearchWords } from '../../core/schema/place-pages.ts';
import { fillSlots } from '../../core/slots.ts';

export interface CitySearchProps {
  /** Number of places in the A–Z list. */
  total: number;
  words: CitySearchWords;
}

/** The town cards and the items of the A–Z list. */
const PLACES = '.town-grid > li, .az-list > li';
/** What of an item names its place: a card's title; an A–Z item's link and its town. */
const NAME_PARTS = '.card-title, .az-list a, .az-town';

/**
 * The name an item is found by, read from the text it shows: a town card by its title (not its
 * badge or arrival time), a district of the A–Z list by its own name and its town's ("Rüttenscheid
 * Essen"). An attribute with the same words on each of the thousand items cost 4.2 KB of the page's
 * 22.5 KB brotli.
 */
function placeName(item: HTMLElement): string {
  const parts = [...item.querySelectorAll(NAME_PARTS)].map((part) => part.textContent ?? '');
  return parts.join(' ').replace(/[()]/g, '').replace(/\s+/g, ' ').trim();
}

/** A place the search can hide, with the name it is found by, lower-cased. */
interface Searchable {
  item: HTMLElement;
  name: string;
  /** An item of the A–Z list (what the count counts), not a town card. */
  listed: boolean;
}

/** The page's places, read once: the names do not change while the visitor types. */
function searchablePlaces(): Searchable[] {
  return [...document.querySelectorAll<HTMLElement>(PLACES)].map((item) => ({
    item,
    name: placeName(item).toLocaleLowerCase('de-DE'),
    listed: item.parentElement?.classList.contains('az-list') ?? false,
  }));
}

/** Hides what does not match; returns the number of matching places in the A–Z list. */
function filterPlaces(places: Searchable[], query: string): number {
  const needle = query.trim().toLocaleLowerCase('de-DE');
  let shown = 0;
  for (const { item, name, listed } of places) {
    const match = needle === '' || name.includes(needle);
    item.hidden = !match;
    if (match && listed) shown += 1;
  }
  for (const group of document.querySelectorAll<HTMLElement>('[data-region]')) {
    group.hidden = [...group.querySelectorAll<HTMLElement>(PLACES)].every((item) => item.hidden);
  }
  return shown;
}

export function foundText(words: CitySearchWords, query: string, total: number, shown: number): string {
  if (query.trim() === '') return fillSlots(words.all, { count: total });
  return shown === 1 ? words.one : fillSlots(words.found, { count: shown });
}

export function CitySearch({ total, words }: CitySearchProps) {
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState(total);
  const places = useRef<Searchable[]>(undefined);
  // What the visitor typed before the island woke up counts too.
  useEffect(() => setQuery(input.current?.value ?? ''), []);
  useEffect(() => {
    places.current ??= searchablePlaces();
    setShown(filterPlaces(places.current, query));
  }, [query]);
  return (
    <div className="city-search">
      <label htmlFor="city-search-input">{words.label}</label>
      <input
        ref={input}
        id="city-search-input"
        type="search"
        autoComplete="off"
        placeholder={words.placeholder}
        onInput={(event) => setQuery(event.currentTarget.value)}
      />
      <p className="fine-print" aria-live="polite" data-city-search-count>
        {foundText(words, query, total, shown)}
      </p>
    </div>
  );
}

// What the similarity measure (build/indexing/similarity.ts) does not count as a page's own words:
// the names of the places and every number. A template filled with another town's name, postcodes
// and kilometres is still the same template, and only the words that remain tell two place pages
// apart. Every name of data/places/ (towns and districts, of all places, not only the page's own)
// becomes one placeholder, every word with a digit another, before the 5-grams are formed.
import { words } from '../../core/format.ts';
import type { Place } from '../../core/place.ts';

/** The placeholder of a place's name, and of a number; neither can be a word of a page (`words` keeps no angle brackets). */
export const NAME_TOKEN = '<ort>';
export const NUMBER_TOKEN = '<zahl>';

/** Endings a name takes in running German text: "Essens", "Essener", "Bochumer Verein", "Duisburgern". */
const ENDINGS = ['s', 'er', 'ern', 'ers', 'erin', 'erinnen'];

export class NameMask {
  /** Each name's words, lower-cased, by its first word, longest name first. */
  private readonly byFirst = new Map<string, string[][]>();
  /** The one-word names, for a word with an ending or a hyphenated compound ("essen-werden"). */
  private readonly single = new Set<string>();

  constructor(names: readonly string[]) {
    for (const name of new Set(names)) {
      const parts = words(name.toLowerCase());
      if (parts.length === 0) continue;
      const list = this.byFirst.get(parts[0]!) ?? [];
      list.push(parts);
      this.byFirst.set(parts[0]!, list);
      if (parts.length === 1) this.single.add(parts[0]!);
    }
    for (const list of this.byFirst.values()) list.sort((a, b) => b.length - a.length);
  }

  /** The words with every name and number replaced by its placeholder; a name of several words becomes one placeholder. */
  mask(text: readonly string[]): string[] {
    const out: string[] = [];
    for (let i = 0; i < text.length; ) {
      const word = text[i]!;
      const long = this.byFirst.get(word)?.find((name) => name.every((part, k) => text[i + k] === part));
      if (long) {
        out.push(NAME_TOKEN);
        i += long.length;
        continue;
      }
      out.push(/\p{N}/u.test(word) ? NUMBER_TOKEN : this.isName(word) ? NAME_TOKEN : word);
      i += 1;
    }
    return out;
  }

  /** A one-word name with an ending ("essener"), or a compound that starts with a name ("essen-werden", "duisburg-süd"). */
  private isName(word: string): boolean {
    const head = word.split(/[-'’.,]/)[0]!;
    const candidates = head === word ? [word] : [word, head];
    return candidates.some((candidate) => this.single.has(candidate) || ENDINGS.some((ending) => candidate.endsWith(ending) && this.single.has(candidate.slice(0, -ending.length))));
  }
}

/** The names to mask: every place's, and a town's first word where it is known by it alone ("Mülheim", "Haltern", "Langenfeld"). */
export function placeNames(places: readonly Pick<Place, 'kind' | 'name'>[]): string[] {
  return [...new Set(places.flatMap((place) => (place.kind === 'town' ? [place.name, words(place.name)[0] ?? place.name] : [place.name])))];
}

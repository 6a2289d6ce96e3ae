// A place of the service area as its page shows it: a town or one of its districts, the two kinds of
// place; or a name the data does not know, whose page the server fills in. Built by build/load/places.ts,
// rendered by templates/pages/place/PlacePage.tsx.
import type { DistrictWord, TownKind } from './schema/places.ts';
import { germanList } from './format.ts';
import { fillSlots } from './slots.ts';

export interface PlaceLink {
  name: string;
  path: string;
  /** For a district: what it is ("Stadtteil", "Ortsteil", "Stadtbezirk"). */
  word?: DistrictWord;
}

export interface Place {
  kind: 'town' | 'district';
  /** False for the page of a place the data does not know (a name the server fills in, shown like a town's, with nothing promised). */
  known: boolean;
  slug: string;
  path: string;
  name: string;
  /** Where, with the preposition and any article: "in Rüttenscheid", "in der Altstadt", "am Borsigplatz". */
  at: string;
  /** Whither: "nach Rüttenscheid", "in die Altstadt", "zum Borsigplatz". */
  to: string;
  /** The town a district belongs to (the place itself for a town). */
  town: PlaceLink | null;
  region: string | null;
  /** "20–30 Min." from data/places/; null for a place the data does not know (no time is promised). */
  arrivalTime: string | null;
  /**
   * Real postcodes of the town (GeoNames names towns, not districts), on a district's page too,
   * where they are labelled as the town's; empty: "Auf Anfrage".
   */
  postcodes: string[];
  /** A district's own postcodes, only where the data gives them with their source and licence. */
  districtPostcodes?: { codes: string[]; source: string };
  /** The town's inhabitants, rounded; null: no facts paragraph. */
  population: number | null;
  isMainLocation: boolean;
  /** The town's kind, "Stadt" (the default) or "Gemeinde". */
  townKind?: TownKind;
  /** A district's own word; for a town, the word for its districts. Default "Stadtteil". */
  word?: DistrictWord;
  /** Written for this place from sourced facts (a town's always, a district's where the owner added one); null: none. */
  description: string | null;
  facts: string | null;
  /** What the owner knows from his own jobs here about its doors and locks; absent or null: the page says nothing of them. */
  doorNotes?: string | null;
  /** Where the description's and facts' statements come from ("Wikipedia: Haan"); shown below them. */
  sources: string[];
  /** A town's districts, or a district's fellow districts in the same town (in the data's order, not by distance). */
  districts: PlaceLink[];
  /** The districts the data names as bordering this one; none: the page claims no neighbours. */
  neighbours?: PlaceLink[];
  /** Straight-line distance from the shop, for towns with coordinates. */
  distanceKm: number | null;
  /** Where the place lies seen from the shop: "südlich", "nordwestlich"; null when it is the shop's town. */
  direction: string | null;
  /** A town's nearest other towns of the area, straight-line between their postcode centroids. */
  nearby: { link: PlaceLink; km: number }[];
}


/** The phrases of a name used like a town's, without an article: "in Essen", "nach Essen". */
export function plainPhrases(name: string): Pick<Place, 'at' | 'to'> {
  return { at: `in ${name}`, to: `nach ${name}` };
}

/** A phrase at the start of a sentence: "Im Westviertel …". */
export function sentenceStart(phrase: string): string {
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}

/** Where, naming a district's town: "in der Altstadt (Düsseldorf)", "in Essen". */
export function atWithTown(place: Place): string {
  return place.kind === 'district' && place.town ? `${place.at} (${place.town.name})` : place.at;
}

/** The postcodes as a range: "45127–45359", "42489", or "Auf Anfrage" when the data has none. */
export function postcodeRange(postcodes: string[]): string {
  if (postcodes.length === 0) return 'Auf Anfrage';
  return postcodes.length === 1 ? postcodes[0]! : `${postcodes[0]}–${postcodes.at(-1)}`;
}

const PLURALS: Record<DistrictWord, { nominative: string; dative: string }> = {
  Stadtbezirk: { nominative: 'Stadtbezirke', dative: 'Stadtbezirken' },
  Stadtteil: { nominative: 'Stadtteile', dative: 'Stadtteilen' },
  Ortsteil: { nominative: 'Ortsteile', dative: 'Ortsteilen' },
};

/**
 * The plural for a list of districts, from the words the data gives them, larger units first:
 * "Stadtteile", "Ortsteile", "Stadtbezirke und Ortsteile" (dative: "Stadtteilen").
 */
export function districtsWord(districts: { word?: DistrictWord }[], grammaticalCase: 'nominative' | 'dative' = 'nominative', fallback: DistrictWord = 'Stadtteil'): string {
  const used = new Set(districts.map((district) => district.word ?? fallback));
  if (used.size === 0) used.add(fallback);
  const order: DistrictWord[] = ['Stadtbezirk', 'Stadtteil', 'Ortsteil'];
  return germanList(order.filter((word) => used.has(word)).map((word) => PLURALS[word][grammaticalCase]));
}

/** "Städte", "Gemeinden" or "Städte und Gemeinden" (dative: "Städten …"), for the kinds of the given towns. */
export function townsWord(towns: { townKind?: TownKind }[], grammaticalCase: 'nominative' | 'dative' = 'nominative'): string {
  const kinds = new Set(towns.map((town) => town.townKind ?? 'Stadt'));
  const cities = grammaticalCase === 'dative' ? 'Städten' : 'Städte';
  if (kinds.size !== 1) return `${cities} und Gemeinden`;
  return kinds.has('Gemeinde') ? 'Gemeinden' : cities;
}

/** Whose postcodes a place's page shows, in the data's words: "PLZ 45127–45359", "PLZ in Duisburg: 47051–47279". */
export function postcodeFact(place: Place, words: { own: string; ofTown: string; unknown: string }): string {
  if (place.districtPostcodes) return fillSlots(words.own, { postcodes: postcodeRange(place.districtPostcodes.codes) });
  if (place.kind === 'district' && place.town && place.postcodes.length > 0) return fillSlots(words.ofTown, { town: place.town.name, postcodes: postcodeRange(place.postcodes) });
  return place.postcodes.length === 0 ? words.unknown : fillSlots(words.own, { postcodes: postcodeRange(place.postcodes) });
}

// A place of the service area as its page shows it: a town, one of its districts, or the
// fallback for a name the data does not know. Built by build/places.ts, rendered by CityPage.

export interface PlaceLink {
  name: string;
  path: string;
}

export interface Place {
  kind: 'town' | 'district' | 'fallback';
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
  /** "20–30 Min." from data/cities/; null for a place the data does not know (no time is promised). */
  arrivalTime: string | null;
  /** Real postcodes of the town (GeoNames); empty: "Auf Anfrage". */
  postcodes: string[];
  /** The town's inhabitants, rounded; null: no facts paragraph. */
  population: number | null;
  isMainLocation: boolean;
  description: string;
  facts: string | null;
  /** A town's districts, or a district's neighbours in the same town. */
  districts: PlaceLink[];
  /** Straight-line distance from the shop, for towns with coordinates. */
  distanceKm: number | null;
}

// The spec's "Wir sind auch in Ihrem Gebiet für Sie da" would promise coverage of any name typed
// into the address bar; the narrower truth:
export const FALLBACK_TEXT = 'Rufen Sie uns einfach an – wir sagen Ihnen sofort, ob wir zu Ihnen kommen und wann wir da sein können.';

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

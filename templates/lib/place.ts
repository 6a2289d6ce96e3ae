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
  /** The town a district belongs to (the place itself for a town). */
  town: PlaceLink | null;
  region: string | null;
  arrivalTime: string;
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

export const FALLBACK_ARRIVAL = '15–45 Min.';
export const FALLBACK_TEXT = 'Wir sind auch in Ihrem Gebiet für Sie da. Rufen Sie uns einfach an!';

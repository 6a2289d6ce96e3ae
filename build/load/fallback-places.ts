// The places the server answers with the page of an unknown place (server/http/unknown-place.ts):
// every place name of North Rhine-Westphalia in data/postcodes.csv (GeoNames) that has no page of
// its own, by its slug. Any other slug gets the 404 page, so the site has no more addresses than
// there are real places (docs/decisions.md, "The place page of an unknown place").
import { FALLBACK_PLACE_NAME, type FallbackPlaces } from '../../core/build-server-contract.ts';
import { isPlaceSlug } from '../../core/place-names.ts';
import { slug } from '../../core/slugs.ts';
import { DataError, DataErrors } from '../data-error.ts';
import type { TownPostcodes } from './postcodes.ts';

/** GeoNames' code of North Rhine-Westphalia in the CSV's state_code column. */
const NRW = 'NW';

/**
 * `built`: the slugs that have a page; `postcodeNames`: the CSV's names of the towns of data/places/
 * ("Langenfeld" for Langenfeld (Rheinland)), which have a page under their own name.
 */
export function fallbackPlaces(postcodes: ReadonlyMap<string, TownPostcodes>, built: ReadonlySet<string>, postcodeNames: ReadonlySet<string>, label: string): FallbackPlaces {
  const found = new Map<string, string>();
  const errors: DataError[] = [];
  for (const [name, town] of postcodes) {
    const placeSlug = slug(name);
    if (town.state !== NRW || built.has(placeSlug) || postcodeNames.has(name)) continue;
    const other = found.get(placeSlug);
    if (!isPlaceSlug(placeSlug) || !FALLBACK_PLACE_NAME.test(name)) {
      errors.push(new DataError(label, `place "${name}"`, 'cannot name a page: use letters, spaces, hyphens, dots and parentheses, at most six words'));
    } else if (other !== undefined) {
      errors.push(new DataError(label, `place "${name}"`, `has the same address /schluesseldienst/${placeSlug} as "${other}"; spell one of them differently`));
    } else {
      found.set(placeSlug, name);
    }
  }
  if (errors.length > 0) throw new DataErrors(errors);
  return Object.fromEntries([...found].sort(([a], [b]) => (a < b ? -1 : 1)));
}

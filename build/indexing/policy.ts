// Which place pages a search engine may index (docs/decisions.md, 'District pages noindex until
// they have own content'): every town page; a district page only once it carries a description
// written for it (at least 80 words, with its sources) and reads unlike every other indexable place
// page (build/indexing/similarity.ts, every place name and number masked). Any other district page
// is `noindex, follow`, outside the sitemap, and still reachable from the A–Z list and the search,
// because people do look for their district.
// Near-copies of one page for ~900 districts are what Google's spam policy calls doorway pages, and
// its penalty would hit the whole domain.
import type { PlaceIndex, PlaceVerdict } from '../../core/build-server-contract.ts';
import { OWN_DESCRIPTION_WORDS } from '../../core/schema/places.ts';
import { ownContent } from '../../core/place-indexing.ts';
import type { Place } from '../../core/place.ts';
import type { Nearest } from './similarity.ts';
import type { Route } from '../routes/index.ts';

/**
 * The highest Jaccard similarity of word 5-grams, with place names and numbers masked
 * (build/indexing/mask.ts), an indexable place page may have to another: at most half of the two
 * pages' 5-grams together may be shared, so a page's own words outweigh the template it shares.
 */
export const MAX_SIMILARITY = 0.5;

export interface IndexDecision {
  indexable: boolean;
  /** Why not, in the build summary's words; null when indexable. */
  reason: string | null;
}

const NO_OWN_CONTENT = 'district without a description of its own';

/** Whether the index policy compares a page with the others: an indexable town or district page. */
export function comparedForSimilarity(route: Route): boolean {
  return (route.template === 'town' || route.template === 'district') && route.indexable && route.path !== null;
}

/** Whether the similarity check holds the page back until every page is compared: an indexable district page (build/indexing/similarity-check.ts). */
export function heldForSimilarity(route: Route): boolean {
  return comparedForSimilarity(route) && route.template === 'district';
}

/** The decision from the data alone; a district that passes it must still pass `tooSimilar`. */
export function placeIndexing(place: Place): IndexDecision {
  if (!place.known) return { indexable: false, reason: 'unknown place' };
  const own = ownContent(place.kind, place.description);
  if (own.indexable) return { indexable: true, reason: null };
  return { indexable: false, reason: own.lacking === 'description' ? NO_OWN_CONTENT : `description shorter than ${OWN_DESCRIPTION_WORDS} words` };
}

/** The summary's reason for a district `tooSimilar` found. */
export const TOO_SIMILAR = `reads too much like another place page (similarity above ${MAX_SIMILARITY.toFixed(2)})`;

/**
 * The district pages among the indexable ones that read too much like another indexable page, each
 * with its most similar page: they leave the index (a town page never does; the similarity test
 * fails for it instead). A district is measured against the towns and the districts that are not
 * themselves too similar, so of two near-copies both leave.
 */
export function tooSimilar(nearest: Nearest[], districtPaths: Set<string>): Map<string, Nearest> {
  return new Map(nearest.filter((entry) => districtPaths.has(entry.path) && entry.similarity > MAX_SIMILARITY).map((entry) => [entry.path, entry]));
}

/**
 * The verdict on every place page of the data, for the owner's console (dist/_server/place-index.json,
 * core/build-server-contract.ts): `indexable` as the page was written, and why not. `demoted`: the
 * districts `tooSimilar` found; `nearest`: the comparison of the pages that stayed indexable.
 */
export function placeVerdicts(places: readonly Place[], indexable: (path: string) => boolean, demoted: ReadonlyMap<string, Nearest>, nearest: readonly Nearest[]): PlaceIndex {
  const closest = new Map(nearest.map((entry) => [entry.path, entry]));
  const pages: Record<string, PlaceVerdict> = {};
  for (const place of places) {
    if (!place.known) continue;
    const compared = demoted.get(place.path) ?? closest.get(place.path);
    const measured = compared && compared.other !== '' ? { similarity: compared.similarity, other: compared.other } : {};
    const own = ownContent(place.kind, place.description);
    if (indexable(place.path)) pages[place.path] = { indexable: true, reason: null, ...measured };
    else if (demoted.has(place.path)) pages[place.path] = { indexable: false, reason: 'similar', ...measured };
    else if (!own.indexable && own.lacking === 'words') pages[place.path] = { indexable: false, reason: 'tooShort', words: own.count };
    else pages[place.path] = { indexable: false, reason: 'noDescription' };
  }
  return { maxSimilarity: MAX_SIMILARITY, minWords: OWN_DESCRIPTION_WORDS, pages };
}

/** "58 indexable; 929 noindex, follow (district without a description of its own)". */
export function indexSummary(decisions: IndexDecision[]): string {
  const reasons = new Map<string, number>();
  let indexable = 0;
  for (const decision of decisions) {
    if (decision.indexable) indexable += 1;
    else reasons.set(decision.reason!, (reasons.get(decision.reason!) ?? 0) + 1);
  }
  const others = [...reasons].map(([reason, count]) => `${count} noindex, follow (${reason})`);
  return [`${indexable} indexable`, ...others].join('; ');
}

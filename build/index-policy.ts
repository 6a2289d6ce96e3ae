// Which place pages a search engine may index (ARCHITECTURE.md, routes): every town page; a
// district page only once it carries content of its own. Until then a district page is
// `noindex, follow`, outside the sitemap, and still reachable from the A–Z list and the search,
// because people do look for their district. Near-copies of one page for ~900 districts are what
// Google's spam policy calls doorway pages, and its penalty would hit the whole domain.
import type { Place } from '../templates/lib/place.ts';

export interface IndexDecision {
  indexable: boolean;
  /** Why not, in the build summary's words; null when indexable. */
  reason: string | null;
}

export const NO_OWN_CONTENT = 'district without a description of its own';

export function placeIndexing(place: Place): IndexDecision {
  if (place.kind === 'town') return { indexable: true, reason: null };
  if (place.kind === 'fallback') return { indexable: false, reason: 'unknown place' };
  return { indexable: false, reason: NO_OWN_CONTENT };
}

/** "58 indexable (towns); 928 noindex, follow: district without a description of its own". */
export function indexSummary(places: Place[]): string {
  const reasons = new Map<string, number>();
  let indexable = 0;
  for (const place of places) {
    const decision = placeIndexing(place);
    if (decision.indexable) indexable += 1;
    else reasons.set(decision.reason!, (reasons.get(decision.reason!) ?? 0) + 1);
  }
  const others = [...reasons].map(([reason, count]) => `${count} noindex, follow (${reason})`);
  return [`${indexable} indexable`, ...others].join('; ');
}

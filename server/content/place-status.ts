// Whether search engines find a place's page, in the owner's words, for the Orte form
// (docs/owner-console.md, "Orte"): the served release's verdict with its reason and figures
// (server/content/place-index.ts), and, where the release has none yet (a place not yet published),
// what the data's rule lets expect (core/place-indexing.ts), marked as such. A saved change that
// alters the verdict once published is said below it: as the preview's build decided, while the
// preview shows the data as saved, else as the rule lets expect.
import type { NoindexReason, PlaceIndex, PlaceVerdict } from '../../core/build-server-contract.ts';
import { ownContent, type OwnContent } from '../../core/place-indexing.ts';
import type { ConsoleWords } from '../../core/schema/console.ts';
import { OWN_DESCRIPTION_WORDS } from '../../core/schema/places.ts';
import { fillSlots } from '../../core/slots.ts';

type PlacesWords = ConsoleWords['places'];

export interface PlaceStatus {
  /** Found by search engines: by the served release's verdict, or, `expected`, by the data's rule. */
  indexable: boolean;
  reason: NoindexReason | null;
  /** The served release has no verdict on the page: it is not published yet. */
  expected: boolean;
  /** What the form says, one sentence or two each. */
  lines: string[];
}

/** Whether search engines may find a place's page by the data's rule, in the owner's words. */
export function indexingText(kind: 'town' | 'district', description: string | null, words: PlacesWords): string {
  const own = ownContent(kind, description);
  if (own.indexable) return kind === 'town' ? words.indexing.town : words.indexing.district;
  return own.lacking === 'description' ? words.indexing.noDescription : fillSlots(words.indexing.tooShort, { count: own.count, min: OWN_DESCRIPTION_WORDS });
}

/** A similarity in whole percent, on the side of the limit the verdict took: 50.2 % that failed reads "51 %", never "50 %, allowed 50 %". */
function percentOf(verdict: PlaceVerdict, max: number): number {
  const percent = Math.round(verdict.similarity! * 100);
  if (verdict.indexable) return Math.min(percent, max);
  return Math.max(percent, max + 1);
}

function verdictLines(verdict: PlaceVerdict, index: PlaceIndex, words: PlacesWords): string[] {
  const w = words.indexing;
  const max = Math.round(index.maxSimilarity * 100);
  const figures = () => ({ other: verdict.other!, percent: percentOf(verdict, max), max });
  if (verdict.indexable) return verdict.similarity === undefined ? [w.found] : [w.found, fillSlots(w.closest, figures())];
  if (verdict.reason === 'similar') return [fillSlots(w.similar, figures())];
  if (verdict.reason === 'tooShort') return [fillSlots(w.tooShort, { count: verdict.words!, min: index.minWords })];
  return [w.noDescription];
}

/** Whether the data as saved leads to the same verdict; a page found now may still be found too similar once published. */
function sameVerdict(own: OwnContent, verdict: PlaceVerdict): boolean {
  if (own.indexable) return verdict.indexable || verdict.reason === 'similar';
  if (own.lacking === 'description') return verdict.reason === 'noDescription';
  return verdict.reason === 'tooShort' && verdict.words === own.count;
}

/** The served release's verdicts, and the preview's while it shows the data as saved now. */
export interface Verdicts {
  served: PlaceIndex | null;
  preview: PlaceIndex | null;
}

const sameLines = (a: readonly string[], b: readonly string[]) => a.join('\n') === b.join('\n');

/**
 * The status of the place page at `path`: the served release's verdict; below it the preview's
 * where it differs, else what the data's rule lets expect where that differs. A place the served
 * release lacks gets the preview's verdict, else the rule's expectation, marked as not published.
 */
export function placeStatus(kind: 'town' | 'district', path: string, description: string | null, verdicts: Verdicts, words: PlacesWords): PlaceStatus {
  const own = ownContent(kind, description);
  const served = verdicts.served?.pages[path];
  const previewed = verdicts.preview?.pages[path];
  const previewLines = previewed ? verdictLines(previewed, verdicts.preview!, words) : null;
  const prediction = indexingText(kind, description, words);
  if (!served) {
    const reason = own.indexable ? null : own.lacking === 'description' ? 'noDescription' : 'tooShort';
    if (previewed) return { indexable: previewed.indexable, reason: previewed.reason, expected: true, lines: [fillSlots(words.indexing.previewNew, { text: previewLines!.join(' ') })] };
    return { indexable: own.indexable, reason, expected: true, lines: [fillSlots(words.indexing.expected, { text: prediction })] };
  }
  const lines = verdictLines(served, verdicts.served!, words);
  if (previewLines) {
    if (!sameLines(previewLines, lines)) lines.push(fillSlots(words.indexing.previewed, { text: previewLines.join(' ') }));
  } else if (!sameVerdict(own, served)) lines.push(fillSlots(words.indexing.changed, { text: prediction }));
  return { indexable: served.indexable, reason: served.reason, expected: false, lines };
}

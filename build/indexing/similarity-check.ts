// The index policy's step (build/indexing/policy.ts), between the renderer and the writer. How alike
// the indexable place pages read is the figure Google's doorway-page policy is about: a district
// page with a description of its own that still reads like another page leaves the index. So
// while the pages are made, the compared ones are noted by their shingles and the indexable
// district pages are held back; once all are made, a district that reads too much like another
// is made again as `noindex` and the rest are written as they were. The towns and the remaining
// districts are then measured again without the demoted ones, for the build's summary.
import type { PlaceIndex } from '../../core/build-server-contract.ts';
import type { Place } from '../../core/place.ts';
import type { MadePage } from '../render/page.ts';
import type { Route } from '../routes/index.ts';
import { heldForSimilarity, indexSummary, placeIndexing, placeVerdicts, TOO_SIMILAR, tooSimilar } from './policy.ts';
import { median, nearestNeighbours } from './similarity.ts';

/** What the build's summary says of the place pages. */
export interface PlacePagesSummary {
  index: string;
  similarityMedian: number;
  similarityMax: number;
  closestPair: [string, string] | null;
}

interface Compared {
  index: number;
  path: string;
  set: Uint32Array;
}

export class SimilarityCheck {
  private readonly compared: Compared[] = [];
  private readonly held = new Map<string, MadePage>();
  /** Every place page's verdict, once `settle` ran (dist/_server/place-index.json). */
  verdicts: PlaceIndex | null = null;

  /** `write`: hands a page on to the writer. */
  constructor(
    private readonly routes: readonly Route[],
    private readonly write: (route: Route, page: MadePage) => void,
  ) {}

  /** Takes a page as it is made: written at once, unless it is an indexable district page. */
  take(page: MadePage): void {
    const route = this.routes[page.index]!;
    if (page.shingles && route.path !== null) this.compared.push({ index: page.index, path: route.path, set: page.shingles });
    if (heldForSimilarity(route) && route.path !== null) this.held.set(route.path, page);
    else this.write(route, page);
  }

  /**
   * Once every page was taken: demotes the districts that read too much like another page (`render`
   * makes such a page again, now with its noindex head), writes the held pages, and sums up.
   */
  settle(places: readonly Place[], render: (route: Route, index: number) => MadePage): PlacePagesSummary {
    // In route order, whichever thread made which page: the summary's closest pair is the same every build.
    this.compared.sort((a, b) => a.index - b.index);
    let nearest = nearestNeighbours(this.compared);
    const demoted = tooSimilar(nearest, new Set(this.held.keys()));
    for (const { path, index } of this.compared) {
      const page = this.held.get(path);
      if (!page) continue;
      const route = this.routes[index]!;
      if (demoted.has(path)) {
        route.indexable = false;
        route.head = { ...route.head, canonical: false, noindex: true };
        this.write(route, render(route, index));
      } else {
        this.write(route, page);
      }
    }
    if (demoted.size > 0) nearest = nearestNeighbours(this.compared.filter((page) => !demoted.has(page.path)));
    const indexable = new Map(this.routes.filter((route) => route.path !== null).map((route) => [route.path!, route.indexable]));
    this.verdicts = placeVerdicts(places, (path) => indexable.get(path) ?? false, demoted, nearest);
    const closest = nearest.reduce<(typeof nearest)[number] | null>((best, next) => (best === null || next.similarity > best.similarity ? next : best), null);
    return {
      index: indexSummary(places.map((place) => (demoted.has(place.path) ? { indexable: false, reason: TOO_SIMILAR } : placeIndexing(place)))),
      similarityMedian: median(nearest.map((entry) => entry.similarity)),
      similarityMax: closest?.similarity ?? 0,
      closestPair: closest ? [closest.path, closest.other] : null,
    };
  }
}

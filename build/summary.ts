// What a build says while it runs and returns when it is done: the seconds of each step, and the
// summary lines (pages, files, bytes, images, first screens, the place pages' index state).
import type { Assets } from './assets/assets.ts';
import type { PlacePagesSummary } from './indexing/similarity-check.ts';
import type { DistWriter } from './write/dist-writer.ts';

export interface BuildSummary {
  /** Seconds per step, in order, so a benchmark can name the slowest. */
  steps: Record<string, number>;
  pages: number;
  files: number;
  /** Files written by this build; the others were unchanged since the last build into the same folder. */
  written: number;
  bytes: number;
  brotliBytes: number;
  seconds: number;
  images: number;
  imagesCached: number;
  /** The go-live check's findings (build/check.ts), one line each. */
  examples: string[];
  /** Indexable place pages and how alike they read (build/indexing/), for the summary. */
  places: PlacePagesSummary;
}

export interface Outcome {
  outDir: string;
  pages: number;
  writer: DistWriter;
  assets: Assets;
  firstScreens: number;
  examples: string[];
  places: PlacePagesSummary;
}

export class BuildReport {
  private readonly started = performance.now();
  private stepStarted = this.started;
  private readonly steps: Record<string, number> = {};

  constructor(private readonly quiet: boolean) {}

  say(line: string): void {
    if (!this.quiet) console.log(line);
  }

  /** Ends the step that ran since the last call. */
  step(name: string): void {
    const now = performance.now();
    this.steps[name] = (now - this.stepStarted) / 1000;
    this.stepStarted = now;
  }

  finish({ outDir, pages, writer, assets, firstScreens, examples, places }: Outcome): BuildSummary {
    const seconds = (performance.now() - this.started) / 1000;
    const { bytes, brotliBytes, written } = writer;
    const files = written + writer.unchanged;
    const images = assets.imageCount;
    this.say(
      `Built ${pages} pages into ${outDir}: ${files} files, ${(bytes / 1024).toFixed(1)} KB ` +
        `(${(brotliBytes / 1024).toFixed(1)} KB brotli), ${written} written, ${writer.unchanged} unchanged; ${images} images (${assets.imagesCached} from cache); ` +
        `${firstScreens} different first screens; in ${seconds.toFixed(2)} s.`,
    );
    this.say(
      `Place pages: ${places.index}. Similarity of the indexable ones (word 5-grams in <main>, place names and numbers masked): median ${places.similarityMedian.toFixed(2)}, ` +
        `max ${places.similarityMax.toFixed(2)}${places.closestPair ? ` (${places.closestPair.join(' ~ ')})` : ''}.`,
    );
    if (examples.length > 0) {
      this.say(`Note: ${examples.length} example facts, unconfirmed promises or placeholders are still in use; \`npm run check\` lists them, grouped by what must be done before going live (a production build refuses those).`);
    }
    return { steps: this.steps, pages, files, written, bytes, brotliBytes, seconds, images, imagesCached: assets.imagesCached, examples, places };
  }
}

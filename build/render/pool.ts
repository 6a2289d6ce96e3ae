// Rendering on this thread and on worker threads besides (BUILD_WORKERS, default one per core but
// this one). The place pages are a thousand of the site's thousand and twenty; they are cut into
// batches from the list of places, and each worker is sent, once, the data every place page shares
// (not the list of places), then batches of places: it makes each place's route itself
// (build/routes/place-pages.ts) and its page, and writes the page into dist/ at once
// (build/write/dist-writer.ts `writeFile`), so its memory does not grow with the number of places.
// It answers a batch with what it wrote, and with the bytes of the pages the index policy holds
// back (build/indexing/), and is sent the next; two batches stay in flight per worker, so it never
// waits for this thread. This thread makes the other pages (home, services, /einsatzgebiet, about
// twenty), then takes batches from the same list itself. Batches shrink towards the end, so that
// no thread is left with a long one.
//
// Plain messages, no shared memory: the earlier protocol of credits in a SharedArrayBuffer saved
// nothing measurable (docs/performance.md, "Render workers").
import { Worker } from 'node:worker_threads';
import type { Place } from '../../core/place.ts';
import type { Route, RouteInputs } from '../routes/index.ts';
import type { Written } from '../write/dist-writer.ts';
import { PageRenderer, type MadePage, type PageSetup } from './page.ts';
import type { PageSink, Renderer } from './renderer.ts';

/** Place pages in a batch at most; fewer towards the end (`batchSizes`). */
const MOST_IN_BATCH = 32;
/** Batches sent to a worker ahead of its answers. */
const BATCHES_AHEAD = 2;

/** What a worker is told once: how to render, the inputs of every place page but the list of places, and where to write. */
export interface WorkerSetup {
  page: PageSetup;
  routes: RouteInputs;
  outDir: string;
}

/** A place page for a worker to make: the place, its route's place in this thread's route table, and what the last build wrote as its file. */
export interface PlaceJob {
  index: number;
  place: Place;
  before: Written | undefined;
}

export type ToWorker = { setup: WorkerSetup } | { batch: PlaceJob[] };
/** A batch's pages, and the first screens the worker computed since its last answer. */
export interface FromWorker {
  pages: MadePage[];
  firstScreens: string[];
}

/** One worker thread, asked a batch at a time; its answers come in the order of the questions. */
class RenderWorker {
  private readonly thread: Worker;
  private readonly waiting: { resolve: (answer: FromWorker) => void; reject: (error: unknown) => void }[] = [];
  private failure: unknown = null;

  constructor(file: URL) {
    this.thread = new Worker(file);
    this.thread.on('message', (answer: FromWorker) => this.waiting.shift()?.resolve(answer));
    this.thread.on('error', (error: unknown) => this.fail(error));
    this.thread.on('exit', (code: number) => this.fail(new Error(`A render worker stopped (exit code ${code}) before its last page.`)));
  }

  private fail(error: unknown): void {
    this.failure ??= error;
    for (const question of this.waiting.splice(0)) question.reject(this.failure);
  }

  tell(message: ToWorker): void {
    this.thread.postMessage(message);
  }

  ask(batch: PlaceJob[]): Promise<FromWorker> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.tell({ batch });
    });
  }

  async stop(): Promise<void> {
    this.thread.removeAllListeners('exit');
    await this.thread.terminate();
  }
}

/**
 * Worker threads, started before the data is read (they load their code meanwhile). `file`: the
 * worker's module, build/render-worker.mjs (or its bundle beside build/launch.mjs's).
 */
export function startWorkers(file: URL, count: number): RenderWorker[] {
  return Array.from({ length: count }, () => new RenderWorker(file));
}

/** Stops the workers (also those of a build that failed before it rendered). */
export async function stopWorkers(workers: readonly RenderWorker[]): Promise<void> {
  await Promise.all(workers.map((worker) => worker.stop()));
}

/** Lets the workers' answers in: they arrive as events, which this thread takes only between its tasks. */
function letMessagesIn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The sizes of the batches `count` places are cut into: a share of what is left, so that all threads run out together. */
function batchSizes(count: number, threads: number): number[] {
  const sizes: number[] = [];
  for (let left = count; left > 0; ) {
    const size = Math.max(1, Math.min(MOST_IN_BATCH, Math.floor(left / (4 * threads))));
    sizes.push(size);
    left -= size;
  }
  return sizes;
}

export class WorkerPool implements Renderer {
  private readonly renderer: PageRenderer;
  private readonly workerFirstScreens = new Set<string>();

  constructor(
    private readonly workers: RenderWorker[],
    setup: PageSetup,
    routeInputs: RouteInputs,
    outDir: string,
  ) {
    const routes = { ...routeInputs, data: { ...routeInputs.data, places: [] } };
    for (const worker of workers) worker.tell({ setup: { page: setup, routes, outDir } });
    // After the workers were told, so that they read the stylesheet while this thread does.
    this.renderer = new PageRenderer(setup);
  }

  /** The place pages' jobs in the order of `places`, cut into batches. */
  private batches(routes: readonly Route[], places: readonly Place[], sink: PageSink): PlaceJob[][] {
    const byPath = new Map(routes.flatMap((route, index) => (route.path !== null && (route.template === 'town' || route.template === 'district') ? [[route.path, index] as const] : [])));
    const jobs = places.map((place): PlaceJob => {
      const index = byPath.get(place.path);
      if (index === undefined) throw new Error(`${place.path} has no page in the route table (build/routes/place-pages.ts).`);
      return { index, place, before: sink.before(routes[index]!.file) };
    });
    let cut = 0;
    return batchSizes(jobs.length, this.workers.length + 1).map((size) => jobs.slice(cut, (cut += size)));
  }

  async renderAll(routes: readonly Route[], places: readonly Place[], sink: PageSink): Promise<void> {
    const batches = this.batches(routes, places, sink);
    const placeRoutes = new Set(batches.flat().map((job) => job.index));
    let next = 0;
    const onWorker = async (worker: RenderWorker) => {
      const asked: Promise<FromWorker>[] = [];
      const feed = () => {
        while (asked.length < BATCHES_AHEAD && next < batches.length) asked.push(worker.ask(batches[next++]!));
      };
      feed();
      while (asked.length > 0) {
        const answer = await asked.shift()!;
        feed();
        for (const key of answer.firstScreens) this.workerFirstScreens.add(key);
        for (const page of answer.pages) sink.take(page);
      }
    };
    const onThisThread = async () => {
      const make = async (index: number) => {
        sink.take(this.renderer.render(routes[index]!, index));
        await letMessagesIn();
      };
      for (const [index] of routes.entries()) if (!placeRoutes.has(index)) await make(index);
      while (next < batches.length) for (const { index } of batches[next++]!) await make(index);
    };
    await Promise.all([onThisThread(), ...this.workers.map(onWorker)]);
  }

  render(route: Route, index: number): MadePage {
    return this.renderer.render(route, index);
  }

  firstScreens(): number {
    return new Set([...this.renderer.firstScreens(), ...this.workerFirstScreens]).size;
  }

  async close(): Promise<void> {
    await stopWorkers(this.workers);
  }
}

export type { RenderWorker };

// Rendering on every core. The pages are the build's largest cost (React 0.4 ms a place page here,
// then the first screen's CSS, the UTF-8 bytes and their hash; brotli 0.6 ms), and the main thread
// also has to hand every file to the writer (build/dist-writer.ts). So worker threads render too.
//
// The main thread holds the data and the route table; a worker holds neither. It gets the data
// every place page shares (prices, services, words; `data.places` left empty) once, and then the
// place pages to make in batches: each place with its route's place in the table and what the last
// build wrote for it. So a worker's memory does not grow with the number of places: when every
// worker built the whole route table from a copy of all the data, that copy took about 3 KB a
// place in each thread (issue 16: peak memory flat in the number of pages). The main thread makes
// the other pages (home, services, /einsatzgebiet, …, about twenty), and place pages itself
// whenever it has nothing else to do, from the same list the batches are cut from; batches shrink
// towards the end, so that no thread is left with a long one. Which thread made a page changes
// nothing in it.
//
// A worker writes the place pages it makes itself, compressed, at once (build/dist-writer.ts
// `writeNow`), and tells the main thread what it wrote; that was the main thread's and the thread
// pool's work, which kept a core busy while the worker waited. With workers, the main thread
// writes its place pages the same way: compressing them on the thread pool as well only took
// turns with the two rendering threads (six interleaved builds into /dev/shm: 2.61 → 2.39 s). A
// page the main thread's writer must take (an indexable town or district page, which waits for the
// similarity check) a worker sends as bytes (moved, not copied) with its hash. A worker runs at
// most WINDOW such pages ahead of the writing, so memory stays flat however many pages there are.
//
// The worker is the build's own entry module started again (build/index.ts, or the bundle of
// build/launch.mjs), which calls `serveRenderWorker` when it is not the main thread.
import { MessageChannel, parentPort, receiveMessageOnPort, Worker, workerData, type MessagePort } from 'node:worker_threads';
import type { Place } from '../core/place.ts';
import type { TemplateName } from '../core/build-server-contract.ts';
import { brotliQuality, cachedQuality } from './compress.ts';
import { writeNow, writerHash, type WriteResult, type Written } from './dist-writer.ts';
import { FirstScreenCss, inlineFirstScreenCss } from './first-screen-css.ts';
import type { FirstScreenMemory } from './first-screen-memory.ts';
import { renderRoute, type RenderInputs } from './render.ts';
import { listRoutes, placeRouteMaker, routeKit, type PlaceRouteMaker, type Route } from './routes/index.ts';
import type { RouteInputs } from './routes/route.ts';
import { showsMap } from './security-policy.ts';
import { shingles } from './similarity.ts';

/** Pages a worker may have sent that the main thread has not written yet. */
const WINDOW = 16;
/** Place pages in a worker's batch at most; fewer towards the end (`batchSize`). */
const MOST_IN_BATCH = 32;
/** Batches handed to a worker ahead, so that it never waits for the next one. */
const BATCHES_AHEAD = 2;
/** Slot 0 of the shared counters: messages the workers sent (the main thread waits on it). Slot 1 + n: pages worker n may send. */
const SENT = 0;

/** What every thread needs to render a page; plain data. A worker gets it without `routes.data.places` (`forWorkers`). */
export interface PageSetup {
  routes: RouteInputs;
  assets: RenderInputs['assets'];
  /** The built stylesheet and the built page script (build/first-screen-css.ts). */
  css: string;
  script: string;
  /** The first screens an earlier build computed for this stylesheet (build/first-screen-memory.ts). */
  firstScreenMemory?: FirstScreenMemory;
}

/** The first screens a thread's pages used (by their words), and those it computed (words and CSS). */
export interface FirstScreensSeen {
  used: string[];
  made: [string, string][];
}

export interface MadePage {
  /** The route's place in the table `listRoutes` makes. */
  index: number;
  body: Uint8Array;
  /** `writerHash(body)` (build/dist-writer.ts). */
  hash: string;
  /** Whether the page embeds the map (build/security-policy.ts). */
  map: boolean;
  /** The shingles of an indexable town or district page (build/similarity.ts); null for the rest. */
  shingles: Uint32Array | null;
}

/** The templates of the place pages (one per kind of place, core/place.ts). */
const PLACE_TEMPLATES: ReadonlySet<TemplateName> = new Set<TemplateName>(['town', 'district', 'fallback']);

/** One of the thousand place pages (their brotli quality: build/compress.ts). */
export function isPlacePage(route: Route): boolean {
  return PLACE_TEMPLATES.has(route.template);
}

/** A page a worker wrote itself: what the main thread records of it. */
export interface StoredPage {
  index: number;
  /** Its size before compression. */
  bytes: number;
  map: boolean;
  result: WriteResult;
}

/** Whether the build measures how alike this page reads (an indexable town or district page). */
export function measuredForSimilarity(route: Route): boolean {
  return (route.template === 'town' || route.template === 'district') && route.indexable && route.path !== null;
}

/** Renders routes to pages, as every thread does alike. */
class PageRenderer {
  readonly firstScreen: FirstScreenCss;
  private readonly inputs: RenderInputs;
  private readonly encoder = new TextEncoder();

  constructor(private readonly setup: PageSetup) {
    const { data, siteUrl } = setup.routes;
    this.inputs = { site: data.site, navigation: data.navigation, layout: data.layout, siteUrl, assets: setup.assets };
    this.firstScreen = new FirstScreenCss(setup.css, setup.script, setup.firstScreenMemory);
  }

  /** The page of `route`, the table's route `index`, with the rules of its first screen inline (the stylesheet follows without blocking). */
  render(route: Route, index: number): MadePage {
    const html = renderRoute(route, this.inputs);
    const body = this.encoder.encode(inlineFirstScreenCss(html, this.setup.assets.css, this.firstScreen.forPage(html)));
    return { index, body, hash: writerHash(body), map: showsMap(html), shingles: measuredForSimilarity(route) ? shingles(html) : null };
  }

  seen(): FirstScreensSeen {
    return { used: this.firstScreen.variantKeys(), made: this.firstScreen.madeVariants() };
  }
}

/** The route table and the pages of its routes: the main thread's. */
export class PageMaker {
  readonly routes: Route[];
  private readonly renderer: PageRenderer;

  /** `setup`: also what `makeAllPages` sends to each worker, without the places. */
  constructor(readonly setup: PageSetup) {
    this.routes = listRoutes(setup.routes);
    this.renderer = new PageRenderer(setup);
  }

  get firstScreen(): FirstScreenCss {
    return this.renderer.firstScreen;
  }

  /** The page of route `index`. */
  make(index: number): MadePage {
    return this.renderer.render(this.routes[index]!, index);
  }
}

/** Atomics.waitAsync, in Node since 16; TypeScript declares it from lib es2024 on, this project compiles against es2023. */
interface AtomicsWaitAsync {
  waitAsync(array: Int32Array, index: number, value: number): { async: boolean; value: Promise<string> | string };
}

/** A place page for a worker to make: the place, its route's place in the main thread's table, and what the last build wrote as its file. */
interface PlaceJob {
  index: number;
  place: Place;
  before: Written | undefined;
}

type FromWorker = { page: MadePage } | { stored: StoredPage } | { batchDone: true } | { done: FirstScreensSeen };
type ToWorker =
  | {
      start: {
        setup: PageSetup;
        counters: Int32Array;
        slot: number;
        /** Where the worker sends; the main thread reads it with receiveMessageOnPort, so no wake-up is lost between its checks and its waiting. */
        port: MessagePort;
        /** Where the worker writes the pages it stores. */
        outDir: string;
      };
    }
  | { batch: PlaceJob[] }
  /** No more batches: say which first screens were used and made. */
  | { last: true };

/** What a worker keeps between its messages. */
interface WorkerState {
  renderer: PageRenderer;
  routeOf: PlaceRouteMaker;
  send: (message: FromWorker, transfer?: ArrayBuffer[]) => void;
  counters: Int32Array;
  slot: number;
  outDir: string;
}

/** Render workers, started early so that they load while the main thread reads the data. */
export class RenderWorkers {
  readonly workers: Worker[];
  /** The first error of any worker (an error event, or an exit before its last page). */
  failure: unknown;
  /** Called when a worker fails (an error event, an exit before its last page). */
  private listener: (() => void) | undefined;
  private readonly finished = new Set<Worker>();

  /** `entry`: the build's entry module, which calls `serveRenderWorker` in a worker (build/index.ts). */
  constructor(entry: URL, count: number) {
    this.workers = Array.from({ length: count }, () => {
      const worker = new Worker(entry, { workerData: { renderWorker: true } });
      worker.on('error', (error: unknown) => this.fail(error));
      worker.on('exit', (code: number) => {
        if (!this.finished.has(worker)) this.fail(new Error(`A render worker stopped (exit code ${code}) before its last page.`));
      });
      return worker;
    });
  }

  private fail(error: unknown): void {
    this.failure ??= error;
    this.listener?.();
  }

  /** Marks a worker as done: its exit is no failure. */
  finish(worker: Worker): void {
    this.finished.add(worker);
  }

  onFailure(listener: () => void): void {
    this.listener = listener;
  }

  async stop(): Promise<void> {
    for (const worker of this.workers) this.finished.add(worker);
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

/** Whether this thread is a worker of `RenderWorkers`. */
export function isRenderWorker(): boolean {
  return parentPort !== null && (workerData as { renderWorker?: boolean } | null)?.renderWorker === true;
}

/**
 * A render worker's whole life: take the setup, make the place pages of every batch, say which
 * first screens it used and computed after the last, and wait to be stopped (`RenderWorkers.stop`):
 * a worker that ended by itself could be seen to end before its last message was read.
 */
export function serveRenderWorker(): void {
  let worker: WorkerState | undefined;
  parentPort!.on('message', (message: ToWorker) => {
    if ('start' in message) {
      const { setup, counters, slot, port, outDir } = message.start;
      const send = (sent: FromWorker, transfer: ArrayBuffer[] = []) => {
        port.postMessage(sent, transfer);
        Atomics.add(counters, SENT, 1);
        Atomics.notify(counters, SENT);
      };
      worker = { renderer: new PageRenderer(setup), routeOf: placeRouteMaker(routeKit(setup.routes)), send, counters, slot, outDir };
      return;
    }
    const { renderer, routeOf, send, counters, slot, outDir } = worker!;
    if ('last' in message) {
      send({ done: renderer.seen() });
      return;
    }
    for (const { index, place, before } of message.batch) {
      const route = routeOf(place);
      const page = renderer.render(route, index);
      const stored = storeNow(route, page, outDir, before);
      if (stored) {
        send({ stored });
        continue;
      }
      // Blocks while WINDOW pages of this worker wait to be written (the main thread gives credit back).
      while (Atomics.load(counters, slot) <= 0) Atomics.wait(counters, slot, 0);
      Atomics.sub(counters, slot, 1);
      send({ page }, [page.body.buffer as ArrayBuffer]);
    }
    send({ batchDone: true });
  });
}

/**
 * Writes a page at once, compressed, on this thread, if it is one a thread may write itself: not a
 * page whose compressed form is cached (the writer's cache is the main thread's) nor one waiting
 * for the similarity check. `before`: what the last build wrote as its file. Returns what it
 * wrote, or null for a page the writer must take.
 */
function storeNow(route: Route, page: MadePage, outDir: string, before: Written | undefined): StoredPage | null {
  const quality = brotliQuality(route.file, isPlacePage(route));
  if (page.shingles !== null || cachedQuality(quality)) return null;
  const result = writeNow(outDir, route.file, page.body, page.hash, quality, before);
  return { index: page.index, bytes: page.body.length, map: page.map, result };
}

/** Where the made pages go: the writer (build/dist-writer.ts), through the build's bookkeeping. */
export interface PageSink {
  /** Takes a page at once (it is written in the background). */
  take(page: MadePage): void;
  /** Takes note of a page a worker wrote. */
  stored(page: StoredPage): void;
  /** Where workers write, and what the last build there wrote. */
  readonly outDir: string;
  readonly previous: ReadonlyMap<string, Written>;
  /** Whether enough is being written that the next page should wait. */
  readonly busy: boolean;
  /** Resolves when the next page may be taken. */
  room(): Promise<void>;
}

/** How many place pages the next batch holds: a share of what is left, so that all threads run out together. */
function batchSize(left: number, threads: number): number {
  return Math.max(1, Math.min(MOST_IN_BATCH, Math.floor(left / (4 * threads))));
}

/** Where in the route table each place's page is, in the order of `places`. */
function placePagesOf(routes: Route[], places: Place[]): number[] {
  const byPath = new Map<string, number>();
  routes.forEach((route, index) => {
    if (route.path !== null && isPlacePage(route)) byPath.set(route.path, index);
  });
  return places.map((place) => {
    const index = byPath.get(place.path);
    if (index === undefined) throw new Error(`${place.path} has no page in the route table (build/routes/places.ts).`);
    return index;
  });
}

/** The setup a worker gets: everything but the places, which it is sent in batches. */
function forWorkers(setup: PageSetup): PageSetup {
  return { ...setup, routes: { ...setup.routes, data: { ...setup.routes.data, places: [] } } };
}

/**
 * Makes every page of `maker.routes` on this thread and on the render workers, handing each to
 * `sink` on this thread in no particular order. While the writer is busy this thread waits;
 * otherwise it hands on what the workers sent, keeps every worker BATCHES_AHEAD batches of place
 * pages ahead, and renders a page itself: first the pages that are no place's, then place pages
 * from the same list as the batches. Resolves with the first screens the workers used and computed
 * once every page was taken; throws the first failure anywhere.
 */
export async function makeAllPages(maker: PageMaker, pool: RenderWorkers | null, sink: PageSink): Promise<FirstScreensSeen> {
  const workers = pool?.workers ?? [];
  const { routes } = maker;
  const places = maker.setup.routes.data.places;
  // With workers, the table's place pages in the order of `places` (cut into batches), and the rest;
  // without, every page in the table's order.
  const placeRoutes = workers.length > 0 ? placePagesOf(routes, places) : [];
  const isPlaceRoute = new Uint8Array(routes.length);
  for (const index of placeRoutes) isPlaceRoute[index] = 1;
  const others = routes.flatMap((_, index) => (isPlaceRoute[index] ? [] : [index]));
  const counters = new Int32Array(new SharedArrayBuffer(4 * (1 + workers.length)));
  const queue: { page: MadePage; slot: number }[] = [];
  const variants: FirstScreensSeen = { used: [], made: [] };
  let running = workers.length;
  let nextOther = 0;
  let nextPlace = 0;
  // A worker's error or early exit wakes this thread as a message would.
  pool?.onFailure(() => Atomics.notify(counters, SENT));
  const failed = () => {
    if (pool?.failure) throw pool.failure;
  };
  const ports = workers.map((worker, n) => {
    const slot = 1 + n;
    Atomics.store(counters, slot, WINDOW);
    const { port1, port2 } = new MessageChannel();
    worker.postMessage({ start: { setup: forWorkers(maker.setup), counters, slot, port: port2, outDir: sink.outDir } } satisfies ToWorker, [port2]);
    return { port: port1, worker, slot, ahead: 0, told: false };
  });
  /** Sends each worker batches until it is BATCHES_AHEAD ahead, and, once every place is handed out, the word that no more come. */
  const feed = () => {
    for (const entry of ports) {
      while (entry.ahead < BATCHES_AHEAD && nextPlace < placeRoutes.length) {
        const end = nextPlace + batchSize(placeRoutes.length - nextPlace, workers.length + 1);
        const batch = [];
        for (; nextPlace < end; nextPlace += 1) {
          const index = placeRoutes[nextPlace]!;
          batch.push({ index, place: places[nextPlace]!, before: sink.previous.get(routes[index]!.file) });
        }
        entry.worker.postMessage({ batch } satisfies ToWorker);
        entry.ahead += 1;
      }
      if (nextPlace >= placeRoutes.length && !entry.told) {
        entry.worker.postMessage({ last: true } satisfies ToWorker);
        entry.told = true;
      }
    }
  };
  /** Reads every message the workers sent so far. */
  const receive = () => {
    for (const entry of ports) {
      for (let received = receiveMessageOnPort(entry.port); received; received = receiveMessageOnPort(entry.port)) {
        const message = received.message as FromWorker;
        if ('page' in message) queue.push({ page: message.page, slot: entry.slot });
        else if ('stored' in message) sink.stored(message.stored);
        else if ('batchDone' in message) entry.ahead -= 1;
        else {
          variants.used.push(...message.done.used);
          variants.made.push(...message.done.made);
          pool!.finish(entry.worker);
          running -= 1;
        }
      }
    }
  };
  /** Hands on what the workers sent while the writer has room; each page handed on lets its worker send one more. */
  const handOn = () => {
    while (queue.length > 0 && !sink.busy) {
      const { page, slot } = queue.shift()!;
      sink.take(page);
      Atomics.add(counters, slot, 1);
      Atomics.notify(counters, slot);
    }
  };
  try {
    while (nextOther < others.length || nextPlace < placeRoutes.length || running > 0 || queue.length > 0) {
      failed();
      const sent = Atomics.load(counters, SENT);
      receive();
      feed();
      handOn();
      if (sink.busy) {
        await sink.room();
      } else if (queue.length > 0) {
        continue;
      } else if (nextOther < others.length) {
        sink.take(maker.make(others[nextOther++]!));
      } else if (nextPlace < placeRoutes.length) {
        // With workers, both cores render: compressing on libuv's thread pool as well would only
        // take turns with them, so this thread writes its place pages as the workers do.
        const index = placeRoutes[nextPlace++]!;
        const page = maker.make(index);
        const stored = storeNow(routes[index]!, page, sink.outDir, sink.previous.get(routes[index]!.file));
        if (stored) sink.stored(stored);
        else sink.take(page);
      } else if (running > 0) {
        // Resolves at once if a worker sent something since `sent` was read, else at its next message.
        await (Atomics as unknown as AtomicsWaitAsync).waitAsync(counters, SENT, sent).value;
      }
    }
    failed();
    await sink.room();
    return variants;
  } finally {
    for (const { port } of ports) port.close();
  }
}

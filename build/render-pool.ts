// Rendering on every core. The pages are the build's largest cost (React 0.4 ms a place page here,
// then the first screen's CSS, the UTF-8 bytes and their hash; brotli 0.6 ms), and the main thread
// also has to hand every file to the writer (build/dist-writer.ts). So worker threads render too: each
// builds the same route table from a copy of the validated data, and every thread, the main one
// included, takes the next route from one counter in shared memory. A thread busy with other work
// simply takes fewer pages; which thread made a page changes nothing in it.
//
// A worker writes the place pages it makes itself, compressed, at once (build/dist-writer.ts
// `writeNow`), and tells the main thread what it wrote; that was the main thread's and the thread
// pool's work, which kept a core busy while the worker waited. With workers, the main thread
// writes its place pages the same way: compressing them on the thread pool as well only took
// turns with the two rendering threads (six interleaved builds into /dev/shm: 2.61 → 2.39 s). Any
// other page (one whose compressed form is cached, or a district page that waits for the
// similarity check) a worker sends as bytes (moved, not copied) with its hash, and the main thread
// writes it. A worker runs at most WINDOW such pages ahead of the writing, so memory stays flat
// however many pages there are.
//
// The worker is the build's own entry module started again (build/index.ts, or the bundle of
// build/launch.mjs), which calls `serveRenderWorker` when it is not the main thread.
import { MessageChannel, parentPort, receiveMessageOnPort, Worker, workerData, type MessagePort } from 'node:worker_threads';
import type { Place } from '../templates/lib/place.ts';
import { brotliQuality, cachedQuality } from './compress.ts';
import { writeNow, writerHash, type WriteResult, type Written } from './dist-writer.ts';
import { FirstScreenCss, inlineFirstScreenCss } from './first-screen-css.ts';
import type { FirstScreenMemory } from './first-screen-memory.ts';
import { renderRoute, type RenderInputs } from './render.ts';
import { listRoutes, type Route } from './routes/index.ts';
import type { RouteInputs } from './routes/route.ts';
import { showsMap } from './security-policy.ts';
import { shingles } from './similarity.ts';

/** Pages a worker may have sent that the main thread has not written yet. */
const WINDOW = 16;
/** Slot 0 of the shared counters: the next route to take. Slot 1: messages the workers sent (the main thread waits on it). Slot 2 + n: pages worker n may send. */
const NEXT = 0;
const SENT = 1;

/** What every thread needs to render any page; plain data, copied to each worker once. */
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

/** The templates of the place pages (one per kind of place, templates/lib/place.ts). */
const PLACE_TEMPLATES: ReadonlySet<string> = new Set<Place['kind']>(['town', 'district', 'fallback']);

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

/** Renders pages of the route table; one per thread. */
export class PageMaker {
  readonly routes: Route[];
  readonly firstScreen: FirstScreenCss;
  private readonly inputs: RenderInputs;
  private readonly encoder = new TextEncoder();

  /** `setup`: also what `makeAllPages` sends to each worker. */
  constructor(readonly setup: PageSetup) {
    this.routes = listRoutes(setup.routes);
    const { data, siteUrl } = setup.routes;
    this.inputs = { site: data.site, navigation: data.navigation, layout: data.layout, siteUrl, assets: setup.assets };
    this.firstScreen = new FirstScreenCss(setup.css, setup.script, setup.firstScreenMemory);
  }

  /** The page of route `index`, with the rules of its first screen inline (the stylesheet follows without blocking). */
  make(index: number): MadePage {
    const route = this.routes[index]!;
    const html = renderRoute(route, this.inputs);
    const body = this.encoder.encode(inlineFirstScreenCss(html, this.setup.assets.css, this.firstScreen.forPage(html)));
    return { index, body, hash: writerHash(body), map: showsMap(html), shingles: measuredForSimilarity(route) ? shingles(html) : null };
  }
}

/** Atomics.waitAsync, in Node since 16; TypeScript declares it from lib es2024 on, this project compiles against es2023. */
interface AtomicsWaitAsync {
  waitAsync(array: Int32Array, index: number, value: number): { async: boolean; value: Promise<string> | string };
}

type FromWorker = { page: MadePage } | { stored: StoredPage } | { done: FirstScreensSeen };
interface ToWorker {
  setup: PageSetup;
  counters: Int32Array;
  slot: number;
  /** Where the worker sends; the main thread reads it with receiveMessageOnPort, so no wake-up is lost between its checks and its waiting. */
  port: MessagePort;
  /** Where the worker writes the pages it stores, and what the last build there wrote. */
  outDir: string;
  previous: ReadonlyMap<string, Written>;
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
 * A render worker's whole life: wait for the setup, make pages while there are any, say which
 * first screens it computed, and wait to be stopped (`RenderWorkers.stop`): a worker that ended
 * by itself could be seen to end before its last message was read.
 */
export function serveRenderWorker(): void {
  parentPort!.on('message', ({ setup, counters, slot, port, outDir, previous }: ToWorker) => {
    const send = (message: FromWorker, transfer: ArrayBuffer[] = []) => {
      port.postMessage(message, transfer);
      Atomics.add(counters, SENT, 1);
      Atomics.notify(counters, SENT);
    };
    const maker = new PageMaker(setup);
    const total = maker.routes.length;
    for (let index = Atomics.add(counters, NEXT, 1); index < total; index = Atomics.add(counters, NEXT, 1)) {
      const page = maker.make(index);
      const stored = storeNow(maker, page, outDir, previous);
      if (stored) {
        send({ stored });
        continue;
      }
      // Blocks while WINDOW pages of this worker wait to be written (the main thread gives credit back).
      while (Atomics.load(counters, slot) <= 0) Atomics.wait(counters, slot, 0);
      Atomics.sub(counters, slot, 1);
      send({ page }, [page.body.buffer as ArrayBuffer]);
    }
    send({ done: { used: maker.firstScreen.variantKeys(), made: maker.firstScreen.madeVariants() } });
  });
}

/**
 * Writes a page at once, compressed, on this thread, if it is one a thread may write itself: not a
 * page whose compressed form is cached (the writer's cache is the main thread's) nor one waiting
 * for the similarity check. Returns what it wrote, or null for a page the writer must take.
 */
function storeNow(maker: PageMaker, page: MadePage, outDir: string, previous: ReadonlyMap<string, Written>): StoredPage | null {
  const route = maker.routes[page.index]!;
  const quality = brotliQuality(route.file, isPlacePage(route));
  if (page.shingles !== null || cachedQuality(quality)) return null;
  const result = writeNow(outDir, route.file, page.body, page.hash, quality, previous.get(route.file));
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

/**
 * Makes every page of `maker.routes` on this thread and on the render workers, handing each to
 * `sink` on this thread in no particular order. While the writer is busy this thread waits;
 * otherwise it hands on what the workers sent, and with nothing sent renders a page itself.
 * Resolves with the first screens the workers used and computed once every page was taken; throws
 * the first failure anywhere.
 */
export async function makeAllPages(maker: PageMaker, pool: RenderWorkers | null, sink: PageSink): Promise<FirstScreensSeen> {
  const workers = pool?.workers ?? [];
  const total = maker.routes.length;
  const counters = new Int32Array(new SharedArrayBuffer(4 * (2 + workers.length)));
  const queue: { page: MadePage; slot: number }[] = [];
  const variants: FirstScreensSeen = { used: [], made: [] };
  let running = workers.length;
  // A worker's error or early exit wakes this thread as a message would.
  pool?.onFailure(() => Atomics.notify(counters, SENT));
  const failed = () => {
    if (pool?.failure) throw pool.failure;
  };
  const ports = workers.map((worker, n) => {
    const slot = 2 + n;
    Atomics.store(counters, slot, WINDOW);
    const { port1, port2 } = new MessageChannel();
    worker.postMessage({ setup: maker.setup, counters, slot, port: port2, outDir: sink.outDir, previous: sink.previous } satisfies ToWorker, [port2]);
    return { port: port1, worker, slot };
  });
  /** Reads every message the workers sent so far. */
  const receive = () => {
    for (const { port, worker, slot } of ports) {
      for (let received = receiveMessageOnPort(port); received; received = receiveMessageOnPort(port)) {
        const message = received.message as FromWorker;
        if ('page' in message) queue.push({ page: message.page, slot });
        else if ('stored' in message) sink.stored(message.stored);
        else {
          variants.used.push(...message.done.used);
          variants.made.push(...message.done.made);
          pool!.finish(worker);
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
  let rendering = true;
  try {
    while (rendering || running > 0 || queue.length > 0) {
      failed();
      const sent = Atomics.load(counters, SENT);
      receive();
      handOn();
      if (sink.busy) {
        await sink.room();
      } else if (queue.length > 0) {
        continue;
      } else if (rendering) {
        const index = Atomics.add(counters, NEXT, 1);
        if (index >= total) rendering = false;
        else {
          // With workers, both cores render: compressing on libuv's thread pool as well would only
          // take turns with them, so this thread writes its pages as the workers do.
          const page = maker.make(index);
          const stored = workers.length > 0 ? storeNow(maker, page, sink.outDir, sink.previous) : null;
          if (stored) sink.stored(stored);
          else sink.take(page);
        }
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

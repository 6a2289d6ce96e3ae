// A render worker (build/render/pool.ts): told once what every place page shares and where to write,
// then sent batches of places; it makes each place's route and page, writes the page into dist/ at
// once unless the index policy holds it back, and answers with what it wrote and the bytes of the
// pages held back, moved to the main thread.
import { parentPort } from 'node:worker_threads';
import { heldForSimilarity } from '../indexing/policy.ts';
import { placeRouteMaker, routeKit, type PlaceRouteMaker } from '../routes/index.ts';
import { brotliQuality } from '../write/compress.ts';
import { writeFile } from '../write/dist-writer.ts';
import { PageRenderer, type MadePage } from './page.ts';
import type { FromWorker, ToWorker } from './pool.ts';

let made: { renderer: PageRenderer; routeOf: PlaceRouteMaker; outDir: string } | undefined;
/** How many of the renderer's first screens earlier answers named. */
let named = 0;

parentPort!.on('message', (message: ToWorker) => {
  if ('setup' in message) {
    const { page, routes, outDir } = message.setup;
    made = { renderer: new PageRenderer(page), routeOf: placeRouteMaker(routeKit(routes)), outDir };
    return;
  }
  const { renderer, routeOf, outDir } = made!;
  const pages = message.batch.map(({ index, place, before }): MadePage => {
    const route = routeOf(place);
    const page = renderer.render(route, index);
    if (heldForSimilarity(route)) return page;
    const written = writeFile(outDir, route.file, page.body!, page.hash, brotliQuality(route.file, true), before);
    return { ...page, body: null, written };
  });
  const firstScreens = renderer.firstScreens().slice(named);
  named += firstScreens.length;
  const answer: FromWorker = { pages, firstScreens };
  parentPort!.postMessage(answer, pages.flatMap((page) => (page.body ? [page.body.buffer as ArrayBuffer] : [])));
});

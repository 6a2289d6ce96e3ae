// A render worker (build/render/pool.ts): told once what every place page shares, then sent
// batches of places; it makes each place's route and page and answers with the pages, their bytes
// moved to the main thread.
import { parentPort } from 'node:worker_threads';
import { placeRouteMaker, routeKit, type PlaceRouteMaker } from '../routes/index.ts';
import { PageRenderer } from './page.ts';
import type { FromWorker, ToWorker } from './pool.ts';

let made: { renderer: PageRenderer; routeOf: PlaceRouteMaker } | undefined;
/** How many of the renderer's first screens earlier answers named. */
let named = 0;

parentPort!.on('message', (message: ToWorker) => {
  if ('setup' in message) {
    made = { renderer: new PageRenderer(message.setup.page), routeOf: placeRouteMaker(routeKit(message.setup.routes)) };
    return;
  }
  const { renderer, routeOf } = made!;
  const pages = message.batch.map(({ index, place }) => renderer.render(routeOf(place), index));
  const firstScreens = renderer.firstScreens().slice(named);
  named += firstScreens.length;
  const answer: FromWorker = { pages, firstScreens };
  parentPort!.postMessage(answer, pages.map((page) => page.body.buffer as ArrayBuffer));
});

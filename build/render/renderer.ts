// How the pages get made: one interface, two ways. On this thread alone (`OneThread`:
// `BUILD_WORKERS=0`, a machine with one core), or on this thread and worker threads besides
// (`WorkerPool`, build/render/pool.ts). Which thread made a page changes nothing in it.
import type { Place } from '../../core/place.ts';
import type { Route } from '../routes/index.ts';
import type { Written } from '../write/dist-writer.ts';
import { PageRenderer, type MadePage, type PageSetup } from './page.ts';

/** Where the made pages go, on this thread and in no particular order. */
export interface PageSink {
  take(page: MadePage): void;
  /** What the last build wrote as `file` (a worker that writes the page compares). */
  before(file: string): Written | undefined;
}

export interface Renderer {
  /**
   * Makes the page of every route of `routes` and hands each to `sink`. `places`: the data's
   * places, whose pages a pool makes on its workers (each worker makes a place's route itself).
   */
  renderAll(routes: readonly Route[], places: readonly Place[], sink: PageSink): Promise<void>;
  /** The page of one route, made on this thread (the index policy renders a demoted page again). */
  render(route: Route, index: number): MadePage;
  /** How many different first screens the pages used, over every thread. */
  firstScreens(): number;
  close(): Promise<void>;
}

export class OneThread implements Renderer {
  private readonly renderer: PageRenderer;

  constructor(setup: PageSetup) {
    this.renderer = new PageRenderer(setup);
  }

  async renderAll(routes: readonly Route[], _places: readonly Place[], sink: PageSink): Promise<void> {
    for (const [index, route] of routes.entries()) sink.take(this.renderer.render(route, index));
  }

  render(route: Route, index: number): MadePage {
    return this.renderer.render(route, index);
  }

  firstScreens(): number {
    return this.renderer.firstScreens().length;
  }

  async close(): Promise<void> {}
}

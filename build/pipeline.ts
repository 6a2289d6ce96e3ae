// The build, top-down: data → validated → checked → assets → route table → pages → index policy →
// the site's other files → dist/. Each step is one call to its module; this function only wires
// them. `build/index.ts` is the command line's way in; tests and the bench call `build` directly.
import './production.ts';
import { join, resolve } from 'node:path';
import { buildAssets, startBundles } from './assets/assets.ts';
import { checkData } from './check.ts';
import { placeNames } from './indexing/mask.ts';
import { SimilarityCheck, type PlacePagesSummary } from './indexing/similarity-check.ts';
import { loadSiteData } from './load/site-data.ts';
import { forgetUnusedParses } from './load/parsed-data.ts';
import { OneThread, type Renderer } from './render/renderer.ts';
import { startWorkers, stopWorkers, WorkerPool } from './render/pool.ts';
import { ROOT_DIR } from './root.ts';
import { isPlacePage, listRoutes } from './routes/index.ts';
import { writeSiteFiles } from './site-files/site-files.ts';
import { BuildReport, type BuildSummary } from './summary.ts';
import { CompressionCache } from './write/compress.ts';
import { DistWriter } from './write/dist-writer.ts';

export type { BuildSummary };

export interface BuildOptions {
  outDir: string;
  /** Defaults to the project's folder (build/root.ts). */
  rootDir?: string;
  /** Defaults to <rootDir>/data; tests point it at a copy. */
  dataDir?: string;
  /** Absolute origin; defaults to data/site.yaml's url. */
  siteUrl?: string;
  /** The build's date (the legal pages' version date, security.txt); the caller reads the clock. */
  now?: Date;
  quiet?: boolean;
  cacheDir?: string;
  /** Refuse to build while the go-live check finds example data (`--production`). */
  production?: boolean;
  /** Render workers besides this thread (build/render/pool.ts), each started from `file` (build/render-worker.mjs); none by default. */
  workers?: { count: number; file: URL };
}

export async function build(options: BuildOptions): Promise<BuildSummary> {
  const report = new BuildReport(options.quiet ?? false);
  const rootDir = options.rootDir ?? ROOT_DIR;
  const paths = { rootDir, outDir: resolve(options.outDir), dataDir: options.dataDir ?? join(rootDir, 'data'), cacheDir: options.cacheDir ?? join(rootDir, '.cache') };
  // Started first, so that they load their code while this thread reads the data.
  const workers = options.workers && options.workers.count > 0 ? startWorkers(options.workers.file, options.workers.count) : [];
  let renderer: Renderer | undefined;
  try {
    const bundles = await startBundles(rootDir);
    report.say('Loading data …');
    const data = loadSiteData({ dataDir: paths.dataDir, buildDate: options.now ?? new Date() });
    forgetUnusedParses();
    const siteUrl = (options.siteUrl ?? data.site.url).replace(/\/+$/, '');
    const goLive = checkData(data, paths.dataDir, options.production ?? false, options.siteUrl ?? null);
    const examples = goLive.filter((item) => !item.running).map((item) => item.text);
    report.step('load and validate data');

    report.say('Building stylesheet, script and images …');
    // dist/ is not emptied: the writer rewrites only what changed and deletes the rest at the end.
    const writer = new DistWriter(paths.outDir, new CompressionCache(join(paths.cacheDir, 'compress')));
    const assets = await buildAssets(bundles, data, paths);
    writer.keep(assets.imageFiles);
    report.step('stylesheet, script and images');

    const routes = listRoutes({ data, siteUrl, images: assets.images });
    const setup = { site: data.site, navigation: data.navigation, layout: data.layout, siteUrl, assets: assets.page, css: assets.css.content.toString('utf8'), script: assets.js.main.content.toString('utf8'), placeNames: placeNames(data.places) };
    renderer = workers.length > 0 ? new WorkerPool(workers, setup, { data, siteUrl, images: assets.images }, paths.outDir) : new OneThread(setup);
    report.step('route table');

    report.say(`Rendering ${routes.length} pages and templates${workers.length > 0 ? ` on ${workers.length + 1} threads` : ''} …`);
    const mapPaths: string[] = [];
    const similarity = new SimilarityCheck(routes, (route, page) => {
      if (page.map && route.path !== null) mapPaths.push(route.path);
      if (page.written) writer.record(route.file, page.size, page.written);
      else writer.write(route.file, page.body!, isPlacePage(route), page.hash);
    });
    await renderer.renderAll(routes, data.places, { take: (page) => similarity.take(page), before: (file) => writer.before(file) });
    report.step('render and write pages');
    const places: PlacePagesSummary = similarity.settle(data.places, (route, index) => renderer!.render(route, index));
    report.step('place page similarity');

    const pages = await writeSiteFiles(writer, { data, siteUrl, rootDir, assets, routes, mapPaths, goLive, placeIndex: similarity.verdicts! });
    writer.finish();
    report.step('write the rest and finish');
    return report.finish({ outDir: paths.outDir, pages, writer, assets, firstScreens: renderer.firstScreens(), examples, places });
  } finally {
    await (renderer ? renderer.close() : stopWorkers(workers));
  }
}

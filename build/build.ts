// The build: data → validated → route table → render → assets → write → compress.
import { routeManifestSchema, serverFile, siteFactsSchema } from '../core/build-server-contract.ts';
import './production.ts';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildConsoleStyles, buildScript, buildStylesheet, hashed, loadEsbuild } from './assets.ts';
import { buildVersion, renderConsoleShell } from './console-shell.ts';
import { CompressionCache } from './compress.ts';
import { DistWriter } from './dist-writer.ts';
import { loadData } from './data.ts';
import { forgetUnusedParses } from './parsed-data.ts';
import { memoryFile, recall, remember } from './first-screen-memory.ts';
import { goLiveProblems } from './go-live.ts';
import { indexSummary, placeIndexing, tooSimilar } from './index-policy.ts';
import { median, nearestNeighbours } from './similarity.ts';
import { DataErrors } from './data-error.ts';
import { missingImageSources, processImages } from './images.ts';
import { renderConsentDetails } from './render.ts';
import { isPlacePage, makeAllPages, PageMaker, RenderWorkers, type MadePage, type PageSetup, type PageSink } from './render-pool.ts';
import { MESSAGE_FILE, type Route } from './routes/index.ts';
import { headersFile, redirectsFile } from './static-host.ts';
import { headerPolicy } from './security-policy.ts';
import { robotsTxt, securityTxt, sitemapXml } from './sitemap.ts';

/** A place the data does not know: the server answers it with the fallback page (audit, tests). */
const FALLBACK_EXAMPLE_PATH = '/schluesseldienst/beispielort';

/** An SVG as a data: URL, percent-encoding only what a URL or a quoted attribute requires (a third shorter than encodeURIComponent). */
function svgDataUrl(svg: string): string {
  return `data:image/svg+xml,${svg.trim().replace(/["#%<> \n]/g, (char) => encodeURIComponent(char))}`;
}

export const ROOT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface BuildOptions {
  outDir: string;
  rootDir?: string;
  /** Defaults to <rootDir>/data; tests point it at a copy. */
  dataDir?: string;
  /** Absolute origin; defaults to SITE_URL's value given by the caller, else data/site.yaml's url. */
  siteUrl?: string;
  /** The version date of the legal pages; the build's only clock reading happens in the caller. */
  now?: Date;
  quiet?: boolean;
  cacheDir?: string;
  /** Refuse to build while the go-live check finds example data (`--production`). */
  production?: boolean;
  /**
   * Render on this many worker threads besides the main one (build/render-pool.ts), started from
   * `entry`, the module that serves them (build/index.ts). Without it, the main thread renders alone.
   */
  renderWorkers?: { entry: URL; count: number };
}

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
  /** The go-live check's findings (build/go-live.ts), one line each. */
  examples: string[];
  /** Indexable place pages and how alike they read (build/similarity.ts), for the summary. */
  places: { index: string; similarityMedian: number; similarityMax: number; closestPair: [string, string] | null };
}

export async function build(options: BuildOptions): Promise<BuildSummary> {
  // Started first: they load their code while this thread reads the data.
  const { renderWorkers } = options;
  const pool = renderWorkers && renderWorkers.count > 0 ? new RenderWorkers(renderWorkers.entry, renderWorkers.count) : null;
  try {
    return await buildWith(options, pool);
  } finally {
    await pool?.stop();
  }
}

async function buildWith(options: BuildOptions, pool: RenderWorkers | null): Promise<BuildSummary> {
  const started = performance.now();
  const rootDir = options.rootDir ?? ROOT_DIR;
  const outDir = resolve(options.outDir);
  const dataDir = options.dataDir ?? join(rootDir, 'data');
  const cacheDir = options.cacheDir ?? join(rootDir, '.cache');
  const say = (line: string) => {
    if (!options.quiet) console.log(line);
  };
  const steps: Record<string, number> = {};
  let stepStarted = performance.now();
  const step = (name: string) => {
    const now = performance.now();
    steps[name] = (now - stepStarted) / 1000;
    stepStarted = now;
  };

  // esbuild works in a process of its own: the stylesheet and the script are handed to it first and
  // are built while this thread reads the data.
  await loadEsbuild();
  const assetsBuilt = Promise.all([buildStylesheet(rootDir), buildScript(rootDir)]);
  // Awaited below; should the data stop the build first, its error is the one reported.
  assetsBuilt.catch(() => {});

  say('Loading data …');
  const data = loadData({ rootDir, dataDir, buildDate: options.now ?? new Date() });
  forgetUnusedParses();
  const siteUrl = (options.siteUrl ?? data.site.url).replace(/\/+$/, '');
  const problems = goLiveProblems(data, dataDir);
  // A production build never ships example facts, invented reviews or unconfirmed promises.
  if (options.production && problems.length > 0) throw new DataErrors(problems);
  const examples = problems.map((problem) => problem.message);
  step('load and validate data');

  const imageSources = [
    ...data.home.gallery.items.map((item) => item.image),
    ...data.trust.flatMap((page) => (page.image ? [page.image.file] : [])),
  ];
  const imagePath = (name: string) => join(dataDir, 'images', name);
  // A photo the data names but the folder lacks is a data problem: said before the old dist/ goes.
  const missing = missingImageSources(imageSources.map(imagePath));
  if (missing.length > 0) throw new DataErrors(missing);

  // dist/ is not emptied: the writer rewrites only what changed and deletes the rest at the end.
  const writer = new DistWriter(outDir, new CompressionCache(join(cacheDir, 'compress')));

  say('Building stylesheet, script and images …');
  const [[css, js], processed] = await Promise.all([
    assetsBuilt,
    processImages(imageSources.map(imagePath), { outDir, cacheDir: join(cacheDir, 'images') }),
  ]);
  const images = Object.fromEntries(imageSources.map((name) => [name, processed[imagePath(name)]!]));
  const imagesCached = Object.values(processed).filter((image) => image.cached).length;
  writer.keep(Object.values(processed).flatMap((image) => image.files));
  step('stylesheet, script and images');

  const favicon = readFileSync(join(rootDir, 'build/static/favicon.svg'));
  // The boot script goes inline (its hash joins the CSP below).
  const bootCode = js.boot.content.toString('utf8').trim();
  if (/<\/script|<!--/i.test(bootCode)) throw new Error('client/boot.ts compiles to code containing "</script" or "<!--", which cannot stand inline in a page; rewrite that part.');
  // The cookie banner's settings, fetched when a visitor opens them (templates/layout/ConsentBanner.tsx).
  const consentDetails = hashed('consent-details', 'html', Buffer.from(renderConsentDetails(data.site, data.layout)));
  const assets = { css: css.url, js: js.main.url, bootCode, icon: svgDataUrl(favicon.toString('utf8')), consentDetails: consentDetails.url };
  const stylesheet = css.content.toString('utf8');
  const firstScreenFile = memoryFile(cacheDir, ROOT_DIR, stylesheet);
  const firstScreenMemory = recall(firstScreenFile);
  const setup: PageSetup = { routes: { data, siteUrl, images }, assets, css: stylesheet, script: js.main.content.toString('utf8'), ...(firstScreenMemory ? { firstScreenMemory } : {}) };
  const maker = new PageMaker(setup);
  const { routes } = maker;
  step('route table');

  say(`Rendering ${routes.length} pages and templates${pool ? ` on ${pool.workers.length + 1} threads` : ''} …`);
  // Each page is handed to the writer and forgotten (build/render-pool.ts). What later steps need
  // of it is kept small: whether it shows the map, and the shingles of the indexable place pages.
  const mapPaths: string[] = [];
  const noteMap = (route: Route, map: boolean) => {
    if (map && route.path !== null) mapPaths.push(route.path);
  };
  const write = (route: Route, page: MadePage) => {
    noteMap(route, page.map);
    writer.put(route.file, page.body, isPlacePage(route), page.hash);
  };
  // How alike the indexable place pages read: the figure Google's doorway-page policy is about.
  // A district page with a description of its own that still reads like another page leaves the
  // index (build/index-policy.ts), so those pages wait until all are measured; the rest are
  // measured again without them.
  const measured: { index: number; path: string; set: Uint32Array; route: Route }[] = [];
  const waiting = new Map<string, MadePage>();
  const take = (page: MadePage) => {
    const route = routes[page.index]!;
    if (page.shingles && route.path !== null) {
      measured.push({ index: page.index, path: route.path, set: page.shingles, route });
      if (route.template === 'district') {
        waiting.set(route.path, page);
        return;
      }
    }
    write(route, page);
  };
  const sink: PageSink = {
    take,
    stored: (page) => {
      const route = routes[page.index]!;
      noteMap(route, page.map);
      writer.record(route.file, page.bytes, page.result);
    },
    outDir,
    previous: writer.previousEntries,
    get busy() {
      return writer.busy;
    },
    room: () => writer.room(),
  };
  const workerFirstScreens = await makeAllPages(maker, pool, sink);
  // In route order, whichever thread made which page: the summary's closest pair is the same every build.
  measured.sort((a, b) => a.index - b.index);
  step('render and write pages');
  let nearest = nearestNeighbours(measured);
  const demoted = tooSimilar(nearest, new Set(waiting.keys()));
  for (const { path, route, index } of measured) {
    if (!waiting.has(path)) continue;
    if (demoted.has(path)) {
      route.indexable = false;
      route.head = { ...route.head, canonical: false, noindex: true };
      write(route, maker.make(index));
    } else {
      write(route, waiting.get(path)!);
    }
    await writer.room();
  }
  if (demoted.size > 0) nearest = nearestNeighbours(measured.filter((page) => !demoted.has(page.path)));
  const closest = nearest.reduce<(typeof nearest)[number] | null>((best, next) => (best === null || next.similarity > best.similarity ? next : best), null);
  const places = {
    index: indexSummary(data.places.map((place) => (demoted.has(place.path) ? { indexable: false, reason: demoted.get(place.path)! } : placeIndexing(place)))),
    similarityMedian: median(nearest.map((entry) => entry.similarity)),
    similarityMax: closest?.similarity ?? 0,
    closestPair: closest ? ([closest.path, closest.other] as [string, string]) : null,
  };
  const usedFirstScreens = new Set([...maker.firstScreen.variantKeys(), ...workerFirstScreens.used]);
  const firstScreens = usedFirstScreens.size;
  // The first screens this build used (and only those: the file does not grow) are what the next build most likely needs.
  if (!firstScreenMemory || maker.firstScreen.madeVariants().length + workerFirstScreens.made.length > 0) {
    const { vocabulary, variants } = maker.firstScreen.memory();
    const known = new Map([...variants, ...workerFirstScreens.made]);
    remember(firstScreenFile, { vocabulary, variants: [...usedFirstScreens].map((key) => [key, known.get(key)!]) });
  }
  step('place page similarity');

  await writer.add(css.file, css.content);
  await writer.add(consentDetails.file, consentDetails.content);
  for (const script of [js.main, ...js.chunks]) await writer.add(script.file, script.content);
  await writer.add('sitemap.xml', sitemapXml(routes, siteUrl));
  await writer.add('robots.txt', robotsTxt(siteUrl));
  await writer.add('.well-known/security.txt', securityTxt(siteUrl, data.site.email, data.buildDate));
  const policy = headerPolicy(data.site, mapPaths.sort(), [bootCode]);
  await writer.add(serverFile('policy'), `${JSON.stringify(policy, null, 1)}\n`);
  await writer.add('_headers', headersFile(policy));
  await writer.add('_redirects', redirectsFile());
  await writer.add('favicon.svg', favicon);
  // For the audit, the link checker and the tests: which template each page uses, in the server's
  // folder, so it is not published. The 404 template is listed under its file, which the server
  // serves with status 200 (Lighthouse refuses 4xx).
  const manifest = routes.filter((route) => route.file !== MESSAGE_FILE).map((route) => ({
    path: route.template === 'fallback' ? FALLBACK_EXAMPLE_PATH : (route.path ?? `/${route.file}`),
    file: route.file,
    template: route.template,
    title: route.head.title,
    indexable: route.indexable,
  }));
  await writer.add(serverFile('routes'), `${JSON.stringify(routeManifestSchema.parse(manifest), null, 1)}\n`);
  // What the server needs of the business facts and the reviews island's words (server/facts.ts), checked against the contract.
  const { site } = data;
  const facts = {
    name: site.name,
    email: site.email,
    phoneDisplay: site.phone.display,
    url: siteUrl,
    reviewsPageUrl: site.reviews.pageUrl,
    reviewsSyncQuery: data.reviewsPage.syncQuery,
    reviewsIsland: data.reviewsPage.island,
    console: data.consoleWords,
    build: { date: data.buildDate.toISOString(), version: buildVersion(rootDir) },
  };
  await writer.add(serverFile('consolePage'), renderConsoleShell({ site, words: data.consoleWords, stylesheet: css.url, consoleStyles: await buildConsoleStyles(rootDir) }));
  await writer.add(serverFile('siteFacts'), `${JSON.stringify(siteFactsSchema.parse(facts), null, 1)}\n`);
  await writer.add(serverFile('messages'), `${JSON.stringify(data.messages, null, 1)}\n`);
  await writer.finish();
  const { bytes, brotliBytes } = writer;
  const files = writer.written + writer.unchanged;
  step('write the rest and finish');
  const seconds = (performance.now() - started) / 1000;
  // The message template is not a page of its own (the server fills it).
  const pages = manifest.length;
  say(
    `Built ${pages} pages into ${outDir}: ${files} files, ${(bytes / 1024).toFixed(1)} KB ` +
      `(${(brotliBytes / 1024).toFixed(1)} KB brotli), ${writer.written} written, ${writer.unchanged} unchanged; ${imageSources.length} images (${imagesCached} from cache); ` +
      `${firstScreens} different first screens; in ${seconds.toFixed(2)} s.`,
  );
  say(
    `Place pages: ${places.index}. Similarity of the indexable ones (word 5-grams in <main>): median ${places.similarityMedian.toFixed(2)}, ` +
      `max ${places.similarityMax.toFixed(2)}${places.closestPair ? ` (${places.closestPair.join(' ~ ')})` : ''}.`,
  );
  if (examples.length > 0) {
    say(`Note: ${examples.length} example facts, unconfirmed promises or placeholders are still in use; \`npm run check\` lists them (a production build refuses).`);
  }
  return { steps, pages, files, written: writer.written, bytes, brotliBytes, seconds, images: imageSources.length, imagesCached, examples, places };
}

// The assets step: the stylesheet and the scripts (build/assets/bundles.ts, built by esbuild in a
// process of its own, started before the data is read), the photos the data names in every width
// and format (build/assets/images.ts), the cookie settings' fragment, and the icon. What a page
// links or inlines of them is `page`; the files themselves the site-files step writes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PageContext } from '../../templates/lib/context.ts';
import type { SiteData } from '../load/site-data.ts';
import { HOME_WORDS, wordsOf } from '../routes/index.ts';
import { renderConsentDetails } from '../render/page.ts';
import { buildScript, buildStylesheet, hashed, loadEsbuild, type Asset, type ScriptBundle } from './bundles.ts';
import { processImages, type ResponsiveImage } from './images.ts';

export interface Assets {
  css: Asset;
  js: ScriptBundle;
  /** The cookie banner's settings, fetched when a visitor opens them (templates/layout/ConsentBanner.tsx). */
  consentDetails: Asset;
  favicon: Buffer;
  /** Every photo by its name in data/images/. */
  images: Record<string, ResponsiveImage>;
  /** The files written for the photos (absolute paths); how many photos the data names, and how many came whole from the cache. */
  imageFiles: string[];
  imageCount: number;
  imagesCached: number;
  /** What every page links or inlines. */
  page: PageContext['assets'];
}

/** The photos the data names, by their file name in data/images/. */
export function imageSources(data: SiteData): string[] {
  return [...wordsOf(data, HOME_WORDS).gallery.items.map((item) => item.image), ...data.trust.flatMap((page) => (page.image ? [page.image.file] : []))];
}

/**
 * Hands esbuild the stylesheet and the scripts before anything is awaited, so that they are built
 * while this thread reads the data. Awaited by `buildAssets`; should the data stop the build first,
 * its error is the one reported.
 */
export async function startBundles(rootDir: string): Promise<Bundles> {
  await loadEsbuild();
  const built = Promise.all([buildStylesheet(rootDir), buildScript(rootDir)]);
  built.catch(() => {});
  return { built };
}

/** The bundles esbuild is making (wrapped: a promise returned by an async function would be awaited with it). */
export interface Bundles {
  built: Promise<[Asset, ScriptBundle]>;
}

/** An SVG as a data: URL, percent-encoding only what a URL or a quoted attribute requires (a third shorter than encodeURIComponent). */
function svgDataUrl(svg: string): string {
  return `data:image/svg+xml,${svg.trim().replace(/["#%<> \n]/g, (char) => encodeURIComponent(char))}`;
}

export async function buildAssets(bundles: Bundles, data: SiteData, paths: { rootDir: string; dataDir: string; outDir: string; cacheDir: string }): Promise<Assets> {
  const sources = imageSources(data);
  const imagePath = (name: string) => join(paths.dataDir, 'images', name);
  const [[css, js], processed] = await Promise.all([bundles.built, processImages(sources.map(imagePath), { outDir: paths.outDir, cacheDir: join(paths.cacheDir, 'images') })]);
  const favicon = readFileSync(join(paths.rootDir, 'build/assets/favicon.svg'));
  // The boot script goes inline (its hash joins the Content-Security-Policy).
  const bootCode = js.boot.content.toString('utf8').trim();
  if (/<\/script|<!--/i.test(bootCode)) throw new Error('client/boot.ts compiles to code containing "</script" or "<!--", which cannot stand inline in a page; rewrite that part.');
  const consentDetails = hashed('consent-details', 'html', Buffer.from(renderConsentDetails(data.site, data.layout)));
  return {
    css,
    js,
    consentDetails,
    favicon,
    images: Object.fromEntries(sources.map((name) => [name, processed[imagePath(name)]!])),
    imageFiles: Object.values(processed).flatMap((image) => image.files),
    imageCount: sources.length,
    imagesCached: Object.values(processed).filter((image) => image.cached).length,
    page: { css: css.url, js: js.main.url, bootCode, icon: svgDataUrl(favicon.toString('utf8')), consentDetails: consentDetails.url },
  };
}

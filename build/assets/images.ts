// Source photos → AVIF, WebP and JPEG in several widths under dist/img/, content-hashed.
import pLimit, { type LimitFunction } from 'p-limit';
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, extname, join, relative } from 'node:path';
import type Sharp from 'sharp';
import type { ImageFile, ResponsiveImage } from '../../templates/lib/image.ts';
import { openImageCache, type ImageCache } from './image-cache.ts';
import { DataError } from '../data-error.ts';

export type { ImageFile, ImageSource, ResponsiveImage } from '../../templates/lib/image.ts';

/** A ResponsiveImage plus whether every file came from the cache; usable as a ResponsiveImage. */
export interface ProcessedImage extends ResponsiveImage {
  cached: boolean;
  /** Every file written for it, absolute paths under `outDir`. */
  files: string[];
}

export interface ImageOptions {
  /** The site's output folder; files go to `${outDir}/img/`. */
  outDir: string;
  /** URL prefix of the files, default `/img/`. */
  urlBase?: string;
  /** Target widths, default [400, 800, 1200, 1600]; none wider than the source is made. */
  widths?: number[];
  /** Default `.cache/images/` at the project root. */
  cacheDir?: string;
  /** Encodes at once, default one per core. */
  concurrency?: number;
}

/** An image the build cannot use, reported to the owner like every data problem (file: problem). */
export class ImageError extends DataError {
  override name = 'ImageError';
  constructor(
    readonly source: string,
    message: string,
  ) {
    super(source, '', message);
  }
}

export const DEFAULT_WIDTHS = [400, 800, 1200, 1600];
const FALLBACK_WIDTH = 800;
// Bump when the pipeline changes in a way the settings below do not show.
const PIPELINE_VERSION = 2;

// 4:2:0 chroma makes AVIF ~8% smaller than sharp's 4:4:4 default at the same encode time.
// AVIF and JPEG only: every current browser decodes AVIF, and one that does not takes the JPEG. A
// WebP source between them cost the home page 187 bytes of brotli (16 more hashed URLs), which
// took its response past the first round trip (tests/integration/budget.test.ts), and a fourth of
// the build's image encoding.
const FORMATS = {
  avif: { type: 'image/avif', options: { quality: 50, effort: 4, chromaSubsampling: '4:2:0' } },
  jpeg: { type: 'image/jpeg', options: { quality: 78, progressive: true, mozjpeg: true } },
} as const;
type Format = keyof typeof FORMATS;
const EXTENSIONS: Record<Format, string> = { avif: 'avif', jpeg: 'jpg' };

interface Variant extends ImageFile {
  format: Format;
  key: string;
  path: string;
}

type Limit = LimitFunction;

let sharpModule: Promise<typeof Sharp> | undefined;
/**
 * sharp (libvips: about 80 ms to load) is loaded on the first image, not with this module: the
 * build's render workers run the same entry module (build/render/pool.ts) and never touch an image.
 */
function loadSharp(): Promise<typeof Sharp> {
  sharpModule ??= import('sharp').then((module) => module.default);
  return sharpModule;
}

export async function processImage(source: string, options: ImageOptions): Promise<ProcessedImage> {
  return processWith(source, options, openImageCache(options.cacheDir), pLimit(concurrencyOf(options)));
}

/** Processes many images through one bounded queue; the result is keyed by the source path as given. */
export async function processImages(
  sources: string[],
  options: ImageOptions,
): Promise<Record<string, ProcessedImage>> {
  const cache = openImageCache(options.cacheDir);
  const limit = pLimit(concurrencyOf(options));
  const unique = [...new Set(sources)];
  const images = await Promise.all(unique.map((source) => processWith(source, options, cache, limit)));
  return Object.fromEntries(unique.map((source, i) => [source, images[i]!]));
}

async function processWith(
  source: string,
  options: ImageOptions,
  cache: ImageCache,
  limit: Limit,
): Promise<ProcessedImage> {
  const shown = relative(process.cwd(), source) || source;
  const input = await readSource(source, shown);
  const sharp = await loadSharp();
  const { width, height, hasAlpha } = await measure(sharp, input, shown);
  const sourceHash = createHash('sha256').update(input).digest('hex');
  const imgDir = join(options.outDir, 'img');
  await mkdir(imgDir, { recursive: true });

  const name = safeName(basename(source, extname(source)));
  const urlBase = (options.urlBase ?? '/img/').replace(/\/?$/, '/');
  const variants = variantWidths(width, options.widths ?? DEFAULT_WIDTHS).flatMap((w) => {
    const h = Math.max(1, Math.round((height * w) / width));
    return (Object.keys(FORMATS) as Format[]).map((format): Variant => {
      const settings = { PIPELINE_VERSION, vips: sharp.versions.vips, format, width: w, height: h, ...FORMATS[format].options };
      const key = createHash('sha256').update(sourceHash).update(JSON.stringify(settings)).digest('hex');
      const file = `${name}-${w}.${key.slice(0, 8)}.${EXTENSIONS[format]}`;
      return { format, width: w, height: h, key, src: urlBase + file, path: join(imgDir, file) };
    });
  });

  // Widest first: the slow AVIF encodes start early and the queue drains evenly.
  const queue = [...variants].sort((a, b) => b.width - a.width);
  const hits = await Promise.all(
    queue.map((variant) =>
      limit(async () => {
        const ext = EXTENSIONS[variant.format];
        if (await cache.restore(variant.key, ext, variant.path)) return true;
        const data = await encode(sharp, input, variant, hasAlpha, shown);
        await cache.store(variant.key, ext, data);
        await writeFile(variant.path, data);
        return false;
      }),
    ),
  );
  return { ...responsiveImage(variants), cached: hits.every(Boolean), files: variants.map((variant) => variant.path) };
}

/** The sources that are no readable file, each as the problem the owner is shown. */
export function missingImageSources(sources: readonly string[]): ImageError[] {
  return sources.flatMap((source) => {
    const shown = relative(process.cwd(), source) || source;
    if (!existsSync(source)) return [new ImageError(shown, 'image source not found. Add the file or correct the path that names it.')];
    if (statSync(source).isDirectory()) return [new ImageError(shown, 'is a folder, not an image file. Name the image file itself.')];
    return [];
  });
}

async function readSource(source: string, shown: string): Promise<Buffer> {
  try {
    return await readFile(source);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new ImageError(shown, 'image source not found. Add the file or correct the path that names it.');
    if (code === 'EISDIR') throw new ImageError(shown, 'is a folder, not an image file. Name the image file itself.');
    throw new ImageError(shown, `image source cannot be read (${(error as Error).message}).`);
  }
}

async function measure(sharp: typeof Sharp, input: Buffer, shown: string): Promise<{ width: number; height: number; hasAlpha: boolean }> {
  try {
    const meta = await sharp(input).metadata();
    const { width, height } = meta.autoOrient;
    if (!width || !height) throw new Error('no dimensions');
    return { width, height, hasAlpha: meta.hasAlpha };
  } catch (error) {
    throw new ImageError(
      shown,
      `not an image that can be read (${(error as Error).message}). Save it as JPEG, PNG, WebP or AVIF.`,
    );
  }
}

async function encode(sharp: typeof Sharp, input: Buffer, variant: Variant, hasAlpha: boolean, shown: string): Promise<Buffer> {
  // No keepMetadata(): sharp converts to sRGB and drops EXIF, GPS and ICC data; autoOrient()
  // first applies the EXIF orientation that would otherwise be lost with it.
  let pipeline = sharp(input).autoOrient().resize({ width: variant.width, height: variant.height, fit: 'fill' });
  if (variant.format === 'jpeg' && hasAlpha) pipeline = pipeline.flatten({ background: '#ffffff' });
  try {
    return await pipeline.toFormat(variant.format, FORMATS[variant.format].options).toBuffer();
  } catch (error) {
    throw new ImageError(
      shown,
      `could not be encoded as ${variant.format} ${variant.width} px wide (${(error as Error).message}). ` +
        'The file may be damaged; export it again.',
    );
  }
}

/** The requested widths that need no upscaling, plus the source's own width when a wider one was asked for. */
export function variantWidths(sourceWidth: number, requested: number[]): number[] {
  const fitting = requested.filter((w) => w > 0 && w <= sourceWidth);
  if (requested.some((w) => w > sourceWidth)) fitting.push(sourceWidth);
  return [...new Set(fitting)].sort((a, b) => a - b);
}

function responsiveImage(variants: Variant[]): ResponsiveImage {
  const of = (format: Format) => variants.filter((v) => v.format === format);
  const srcset = (format: Format) => of(format).map((v) => `${v.src} ${v.width}w`).join(', ');
  const file = ({ src, width, height }: Variant): ImageFile => ({ src, width, height });
  const jpegs = of('jpeg');
  const largest = jpegs.at(-1)!;
  const fallback = jpegs.find((v) => v.width >= FALLBACK_WIDTH) ?? largest;
  return {
    width: largest.width,
    height: largest.height,
    fallback: file(fallback),
    sources: [{ type: 'image/avif', srcset: srcset('avif') }],
    jpeg: { srcset: srcset('jpeg') },
    largest: file(largest),
  };
}

/** URL-safe file stem; German letters spelled out as in slugs (Tür → tuer). */
function safeName(stem: string): string {
  const spelled = stem
    .normalize('NFC')
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  return spelled.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'image';
}

function concurrencyOf(options: ImageOptions): number {
  return Math.max(1, options.concurrency ?? availableParallelism());
}


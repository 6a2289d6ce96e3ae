// Precompressed .br and .gz siblings of every text file that is served (none in dist/_server/);
// HTML pages get only .br, their gzip (for the few clients without brotli) is made by the server
// on the first request that needs it (server/http/table.ts): 1,000 fewer files to create, 0.5 s
// of a build. Brotli's quality is chosen per kind of
// file. Measured here on a 33 KB place page: quality 11 takes 33 ms (6.1 KB), 10 takes 10 ms
// (6.2 KB), 9 takes 10 ms (6.7 KB), 5 takes 0.7 ms (6.7 KB). The few assets every page loads and
// the few pages that are not place pages get 11 (the home page: 15.0 KB at 5, 14.2 at 10, 14.0
// at 11 in 4 times the time of 10; it is the page most first visits open, and the whole of what
// they load before a tap), both cached by content hash in .cache/compress/; the
// thousand place pages get 5, about 7 % larger than 10 but twenty times faster, so a full rebuild
// after a change of the phone number stays within seconds. Those are not cached: writing a cache
// entry costs as much as compressing. The cache pays: without it a build into an empty folder took
// 3.42 instead of 2.53 s (docs/performance.md, "What the build keeps in .cache/").
import { copyFileSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync, type BrotliOptions } from 'node:zlib';
import { contentHash } from '../hash.ts';
import { SERVER_FOLDER } from '../../core/build-server-contract.ts';

export const COMPRESSIBLE = /\.(html|css|js|mjs|svg|xml|txt|json|webmanifest)$/;

/**
 * The compressed siblings the build writes beside `file` (relative to dist/). None for the
 * server's own files (dist/_server/: templates it fills, the route list, the policy), which it reads
 * as they are and never sends: the route list alone took 4.4 s at quality 11 at 10,000 places
 * (0.3 s at 1,021), whenever a title changed.
 */
export function siblingsOf(file: string): string[] {
  if (!COMPRESSIBLE.test(file) || file.startsWith(`${SERVER_FOLDER}/`)) return [];
  return file.endsWith('.html') ? [`${file}.br`] : [`${file}.br`, `${file}.gz`];
}

/** From this quality on, results are kept in the cache: they cost 10–60 ms a file. */
const CACHED_FROM = 10;
/** A place page's: one of a thousand, rebuilt whenever a shared fact changes. */
const PLACE_PAGE_QUALITY = 5;

function brotliOptions(quality: number, size: number): BrotliOptions {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  };
}

/** `placePage`: one of the thousand place pages (an HTML file); everything else gets the best compression. */
export function brotliQuality(file: string, placePage = false): number {
  return placePage && file.endsWith('.html') ? PLACE_PAGE_QUALITY : constants.BROTLI_MAX_QUALITY;
}

/** The compressed results of the slow qualities, in .cache/compress/ by the content's hash. */
export class CompressionCache {
  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  /** Copies the kept results for `key` to `siblings`; the brotli size, or null when none are kept. */
  restore(key: string, siblings: readonly string[]): number | null {
    const entries = siblings.map((sibling) => join(this.dir, `${key}${extname(sibling)}`));
    try {
      for (const [index, entry] of entries.entries()) copyFileSync(entry, siblings[index]!);
      return statSync(entries[0]!).size;
    } catch {
      return null;
    }
  }

  /** Keeps `bodies` (in the order of `siblings`) for `key`. */
  store(key: string, siblings: readonly string[], bodies: readonly Buffer[]): void {
    // The brotli entry, which `restore` reads first, is written last, so an interrupted build never leaves half an entry behind.
    for (let index = siblings.length - 1; index >= 0; index -= 1) writeFileSync(join(this.dir, `${key}${extname(siblings[index]!)}`), bodies[index]!);
  }
}

/**
 * Writes the compressed `siblings` (`siblingsOf`, as absolute paths) of `content`; returns the
 * brotli size. With `cache`, the results of the slow qualities are taken from it or kept in it.
 */
export function writeCompressed(content: Uint8Array, siblings: readonly string[], quality: number, cache?: CompressionCache): number {
  const key = cache && quality >= CACHED_FROM ? `${contentHash(content, 32)}-q${quality}` : null;
  const kept = key ? cache!.restore(key, siblings) : null;
  if (kept !== null) return kept;
  const bodies = siblings.map((sibling) => (sibling.endsWith('.br') ? brotliCompressSync(content, brotliOptions(quality, content.length)) : gzipSync(content, { level: 9 })));
  for (const [index, sibling] of siblings.entries()) writeFileSync(sibling, bodies[index]!);
  if (key) cache!.store(key, siblings, bodies);
  return bodies[0]!.length;
}

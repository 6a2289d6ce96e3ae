// Precompressed .br and .gz siblings of every text file; HTML pages get only .br, their gzip (for
// the few clients without brotli) is made by the server on the first request that needs it
// (server/static-table.ts): 1,000 fewer files to create, 0.5 s of a build. Brotli's quality is chosen per kind of
// file. Measured here on a 33 KB city page: quality 11 takes 33 ms (6.1 KB), 10 takes 10 ms
// (6.2 KB), 9 takes 10 ms (6.7 KB), 5 takes 0.7 ms (6.7 KB). The few assets every page loads get
// 11, cached by content hash in .cache/compress/; the thousand pages get 5, about 9 % (500 bytes)
// larger than 11 but fifty times faster, so a full rebuild after a change of the phone number
// stays within seconds. Pages are not cached: writing a cache entry costs as much as compressing.
import { mkdirSync } from 'node:fs';
import { copyFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { contentHash } from './hash.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const COMPRESSIBLE = /\.(html|css|js|mjs|svg|xml|txt|json|webmanifest)$/;

/** The compressed siblings the build writes beside `file` (relative or absolute). */
export function siblingsOf(file: string): string[] {
  if (!COMPRESSIBLE.test(file)) return [];
  return file.endsWith('.html') ? [`${file}.br`] : [`${file}.br`, `${file}.gz`];
}

export function brotliQuality(file: string): number {
  return file.endsWith('.html') ? 5 : constants.BROTLI_MAX_QUALITY;
}

export class CompressionCache {
  hits = 0;
  misses = 0;
  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  /** Writes `${target}.br` and `${target}.gz` for `content`; resolves to the brotli size. */
  async compressTo(content: Buffer, target: string, quality: number): Promise<number> {
    const withGzip = siblingsOf(target).length === 2;
    const cached = quality === constants.BROTLI_MAX_QUALITY && withGzip;
    const key = `${contentHash(content, 32)}-q${quality}`;
    const brFile = join(this.dir, `${key}.br`);
    const gzFile = join(this.dir, `${key}.gz`);
    try {
      if (!cached) throw new Error('not cached');
      await Promise.all([copyFile(brFile, `${target}.br`), copyFile(gzFile, `${target}.gz`)]);
      this.hits += 1;
      return (await stat(brFile)).size;
    } catch {
      // not cached yet
    }
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      withGzip ? gzipAsync(content, { level: 9 }) : undefined,
    ]);
    await Promise.all([writeFile(`${target}.br`, br), gz && writeFile(`${target}.gz`, gz)]);
    if (cached && gz) {
      // Written last, so an interrupted build never leaves half a cache entry behind.
      await writeFile(gzFile, gz);
      await writeFile(brFile, br);
      this.misses += 1;
    }
    return br.length;
  }
}

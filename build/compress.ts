// Precompressed .br and .gz siblings of every text file. Brotli at quality 11 costs about 33 ms
// for a 24 KB page here, so results are cached by content hash in .cache/compress/: a rebuild
// only compresses what changed.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { contentHash } from './hash.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const COMPRESSIBLE = /\.(html|css|js|mjs|svg|xml|txt|json|webmanifest)$/;

export interface Compressed {
  br: Buffer;
  gz: Buffer;
  cached: boolean;
}

export class CompressionCache {
  hits = 0;
  misses = 0;
  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  async compress(content: Buffer): Promise<Compressed> {
    const key = contentHash(content, 32);
    const brFile = join(this.dir, `${key}.br`);
    const gzFile = join(this.dir, `${key}.gz`);
    try {
      const cached = { br: readFileSync(brFile), gz: readFileSync(gzFile), cached: true };
      this.hits += 1;
      return cached;
    } catch {
      // not cached yet
    }
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      gzipAsync(content, { level: 9 }),
    ]);
    writeFileSync(brFile, br);
    writeFileSync(gzFile, gz);
    this.misses += 1;
    return { br, gz, cached: false };
  }
}

// The plain bodies of brotli-only pages (server/http/identity-cache.ts): a page asked for again
// without Accept-Encoding is not decompressed again, and the cache stays within its bound.
import { brotliCompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { IDENTITY_CACHE_BYTES, identityOf } from '../../server/http/identity-cache.ts';

const page = (n: number, bytes = 60_000) => brotliCompressSync(Buffer.from(`<!doctype html><title>Seite ${n}</title>`.padEnd(bytes, ' ')), { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });

describe('identity cache', () => {
  it('gives the same plain body, decompressed once, to the next client without brotli', () => {
    const brotli = page(1);
    const first = identityOf(brotli);
    expect(first.toString('utf8')).toMatch(/^<!doctype html><title>Seite 1<\/title> +$/);
    expect(identityOf(brotli)).toBe(first);
  });

  it('forgets the least recently used page once it holds more than its bound', () => {
    const pages = Array.from({ length: Math.ceil(IDENTITY_CACHE_BYTES / 60_000) + 10 }, (_, n) => page(n + 100));
    const firstBody = identityOf(pages[0]!);
    const secondBody = identityOf(pages[1]!);
    for (const brotli of pages.slice(2)) {
      identityOf(brotli);
      // The second page is asked for again and again: it stays.
      identityOf(pages[1]!);
    }
    expect(identityOf(pages[1]!)).toBe(secondBody);
    const again = identityOf(pages[0]!);
    expect(again).not.toBe(firstBody);
    expect(again.equals(firstBody)).toBe(true);
  });
});

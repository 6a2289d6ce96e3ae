// The plain (identity) bodies of the pages the static table holds only as brotli
// (server/http/table.ts), kept for the clients that send no Accept-Encoding (some crawlers, curl,
// monitoring): the pages such a client asks for again are decompressed once, not on every request.
// Bounded by IDENTITY_CACHE_BYTES, the least recently used forgotten first (a Map keeps insertion
// order; a hit is moved to its end), so 10,000 pages never come to be held twice.
import { brotliDecompressSync } from 'node:zlib';

/** 16 MiB: some 300 pages of 55 KB, against 150 MiB for the whole table of 10,000 pages in brotli. */
export const IDENTITY_CACHE_BYTES = 16 * 1024 * 1024;

const cache = new Map<Buffer, Buffer>();
let held = 0;

/** The decompressed body of a brotli one, from the cache when it was asked for lately. */
export function identityOf(brotli: Buffer): Buffer {
  const kept = cache.get(brotli);
  if (kept !== undefined) {
    cache.delete(brotli);
    cache.set(brotli, kept);
    return kept;
  }
  const body = brotliDecompressSync(brotli);
  if (body.length > IDENTITY_CACHE_BYTES / 4) return body;
  cache.set(brotli, body);
  held += body.length;
  for (const [key, value] of cache) {
    if (held <= IDENTITY_CACHE_BYTES) break;
    cache.delete(key);
    held -= value.length;
  }
  return body;
}

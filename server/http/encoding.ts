// Accept-Encoding negotiation (RFC 9110 §12.5.3) among the codings the build precompresses, by
// negotiator (the library Express itself negotiates with).
import Negotiator from 'negotiator';

export type Coding = 'br' | 'gzip' | 'identity';

const SERVER_PREFERENCE: Coding[] = ['br', 'gzip', 'identity'];
const CACHE_LIMIT = 500;

// Browsers send a handful of distinct headers, so each is negotiated once.
const cache = new Map<string, readonly Coding[]>();

/** Codings the client accepts, best first: by q-value, ties broken by br > gzip > identity. */
export function acceptedCodings(header: string | undefined): readonly Coding[] {
  // Without the header any coding is allowed, but clients like curl cannot decode br.
  if (header === undefined) return ['identity'];
  let ranked = cache.get(header);
  if (ranked === undefined) {
    // "x-gzip" is gzip by another name (RFC 9110 §8.4.1.3); negotiator does not know it.
    const headers = { 'accept-encoding': header.replace(/\bx-gzip\b/gi, 'gzip') };
    // negotiator 1.x breaks ties by `preferred`; @types/negotiator still describes 0.6 without it.
    const negotiator = new Negotiator({ headers }) as unknown as { encodings(available: Coding[], options: { preferred: Coding[] }): Coding[] };
    ranked = negotiator.encodings(SERVER_PREFERENCE, { preferred: SERVER_PREFERENCE });
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(header, ranked);
  }
  return ranked;
}

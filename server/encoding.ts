// Accept-Encoding negotiation (RFC 9110 §12.5.3) among the codings the build precompresses.

export type Coding = 'br' | 'gzip' | 'identity';

const SERVER_PREFERENCE: readonly Coding[] = ['br', 'gzip', 'identity'];
// Identity stays acceptable when unlisted, but loses to any coding the client names.
const IMPLICIT_IDENTITY_Q = 0.001;
const CACHE_LIMIT = 500;

// Browsers send a handful of distinct headers, so each is parsed once.
const cache = new Map<string, readonly Coding[]>();

/** Codings the client accepts, best first: by q-value, ties broken by br > gzip > identity. */
export function acceptedCodings(header: string | undefined): readonly Coding[] {
  // Without the header any coding is allowed, but clients like curl cannot decode br.
  if (header === undefined) return ['identity'];
  let ranked = cache.get(header);
  if (ranked === undefined) {
    ranked = rank(header);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(header, ranked);
  }
  return ranked;
}

function rank(header: string): readonly Coding[] {
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (name === '') continue;
    let weight = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (match) weight = Math.min(1, Math.max(0, Number(match[1]) || 0));
    }
    q.set(name === 'x-gzip' ? 'gzip' : name, weight);
  }
  const wildcard = q.get('*');
  const weightOf = (coding: Coding): number =>
    q.get(coding) ?? wildcard ?? (coding === 'identity' ? IMPLICIT_IDENTITY_Q : 0);
  return SERVER_PREFERENCE.filter((coding) => weightOf(coding) > 0).sort(
    (a, b) => weightOf(b) - weightOf(a),
  );
}

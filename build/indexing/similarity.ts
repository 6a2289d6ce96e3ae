// How alike two pages read, as search engines compare near-duplicates: the exact Jaccard
// similarity of the sets of word 5-gram shingles of the visible text inside <main> (lower-cased
// words, collapsed FAQ answers included, scripts and SVG left out), with every place name and
// number masked (build/indexing/mask.ts). Shingles are hashed to 32-bit
// numbers and kept sorted, so a pair is one merge of two arrays. The hash is a plain multiply-xor
// one (FNV-1a per word, the words combined and mixed as MurmurHash3 finishes). Two different
// shingles share a number once in 2^32; with about 500 shingles a page, two pages get one false
// shared shingle about once in 17,000 pairs, which moves their similarity by 0.001. sha1 per
// shingle took 1.3 ms a page, this 0.3.
import { words } from '../../core/format.ts';
import type { NameMask } from './mask.ts';

const SHINGLE_WORDS = 5;

/** The words a reader of <main> sees, lower-cased. */
export function mainWords(html: string): string[] {
  const main = html.match(/<main\b[^>]*>([^]*)<\/main>/)?.[1] ?? '';
  const text = main
    .replace(/<script\b[^]*?<\/script>/g, ' ')
    .replace(/<svg\b[^]*?<\/svg>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|&#160;|\u00a0/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&[a-z]+;|&#\d+;/g, ' ')
    .toLowerCase();
  return words(text);
}

/** FNV-1a of a word's UTF-16 code units. */
function wordHash(word: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < word.length; i += 1) hash = Math.imul(hash ^ word.charCodeAt(i), 0x01000193);
  return hash;
}

/** The page's shingles as a sorted list of distinct 32-bit hashes; with `mask`, of the words with names and numbers masked. */
export function shingles(html: string, mask?: NameMask): Uint32Array {
  const text = mainWords(html);
  const hashes = (mask ? mask.mask(text) : text).map(wordHash);
  const set = new Set<number>();
  for (let i = 0; i + SHINGLE_WORDS <= hashes.length; i += 1) {
    let hash = 0;
    for (let k = i; k < i + SHINGLE_WORDS; k += 1) hash = Math.imul((hash ^ hashes[k]!) >>> 0, 0xcc9e2d51) ^ (hash >>> 15);
    hash ^= hash >>> 16;
    hash = Math.imul(hash, 0x85ebca6b);
    hash ^= hash >>> 13;
    hash = Math.imul(hash, 0xc2b2ae35);
    set.add((hash ^ (hash >>> 16)) >>> 0);
  }
  return Uint32Array.from(set).sort();
}

export function jaccard(a: Uint32Array, b: Uint32Array): number {
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < a.length && j < b.length) {
    if (a[i]! === b[j]!) {
      shared += 1;
      i += 1;
      j += 1;
    } else if (a[i]! < b[j]!) i += 1;
    else j += 1;
  }
  const union = a.length + b.length - shared;
  return union === 0 ? 0 : shared / union;
}

export interface Nearest {
  path: string;
  /** The most similar other page and the similarity to it. */
  other: string;
  similarity: number;
}

/** For each page, its most similar other page of the set; `set`: the page's `shingles`. */
export function nearestNeighbours(sets: readonly { path: string; set: Uint32Array }[]): Nearest[] {
  const best = sets.map((page) => ({ path: page.path, other: '', similarity: 0 }));
  for (let x = 0; x < sets.length; x += 1) {
    for (let y = x + 1; y < sets.length; y += 1) {
      const similarity = jaccard(sets[x]!.set, sets[y]!.set);
      if (similarity > best[x]!.similarity) best[x] = { path: sets[x]!.path, other: sets[y]!.path, similarity };
      if (similarity > best[y]!.similarity) best[y] = { path: sets[y]!.path, other: sets[x]!.path, similarity };
    }
  }
  return best;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? 0 : sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

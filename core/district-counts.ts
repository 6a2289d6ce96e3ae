// A town's texts may say how many Stadtteile or Ortsteile it has ("in neun Stadtteile", "mit 50
// Stadtteilen"); such a number must match the districts the data lists with that word, or the page
// states two different facts. Stadtbezirke are not checked: the lists name Stadtteile, not every
// Stadtbezirk.
import type { DistrictWord } from './schema/places.ts';

export interface CountClaim {
  /** The words as written: "neun Stadtteilen". */
  phrase: string;
  count: number;
  word: Extract<DistrictWord, 'Stadtteil' | 'Ortsteil'>;
}

const UNITS: Record<string, number> = { ein: 1, zwei: 2, drei: 3, vier: 4, fünf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9 };
const TEENS: Record<string, number> = {
  zehn: 10, elf: 11, zwölf: 12, dreizehn: 13, vierzehn: 14, fünfzehn: 15, sechzehn: 16, siebzehn: 17, achtzehn: 18, neunzehn: 19,
};
const TENS: Record<string, number> = { zwanzig: 20, dreißig: 30, vierzig: 40, fünfzig: 50, sechzig: 60, siebzig: 70, achtzig: 80, neunzig: 90 };

/** "50", "neun", "zwölf", "einundzwanzig" → the number; any other word (and a year such as 1975) → null. */
export function germanNumber(token: string): number | null {
  if (/^\d{1,3}$/.test(token)) return Number(token);
  const word = token.toLowerCase();
  // "ein Stadtteil" is an article, not a count.
  const simple = word === 'ein' ? undefined : (UNITS[word] ?? TEENS[word] ?? TENS[word]);
  if (simple !== undefined) return simple;
  const compound = /^(ein|zwei|drei|vier|fünf|sechs|sieben|acht|neun)und(zwanzig|dreißig|vierzig|fünfzig|sechzig|siebzig|achtzig|neunzig)$/.exec(word);
  return compound ? UNITS[compound[1]!]! + TENS[compound[2]!]! : null;
}

/** Every "number (adjective) Stadtteile/Ortsteile" (plural) in a text. */
export function countClaims(text: string): CountClaim[] {
  const claims: CountClaim[] = [];
  // The rest of the phrase is a lookahead, so "in sechs Ortsteile" tries "in" and then "sechs".
  for (const match of text.matchAll(/(?<![\p{L}\d])([\p{L}\d]+)(?=(\s+(?:\p{Ll}+\s+)?(Stadtteil|Ortsteil)(?:en|e))(?![\p{L}-]))/gu)) {
    const count = germanNumber(match[1]!);
    if (count !== null) claims.push({ phrase: match[1]! + match[2]!, count, word: match[3] as CountClaim['word'] });
  }
  return claims;
}

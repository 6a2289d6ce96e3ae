// What is wrong with a value of a data file, said in the words of data/README.md: what the field
// needs and what to write. zod's own texts ("Invalid input: expected number, received string") name
// its types, not the owner's; the build's error map (build/data-error.ts) asks this module for every
// issue whose schema gives no message of its own. Pure, so that the console can word the same
// problems when the owner edits data in the browser.
import type { z } from 'zod';

type RawIssue = z.core.$ZodRawIssue;

/** How a value looks in a data file, for "(got …)" and "must be …". */
export function shown(value: unknown): string {
  if (value === null) return 'null (empty)';
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a group of keys';
  return String(value);
}

/** The kinds of value of a data file, as data/README.md names them. */
const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list (one entry per line, each starting with "- ")',
  object: 'a group of keys, indented below it',
  null: 'null (empty)',
};

const kind = (expected: string) => KINDS[expected] ?? expected;

/**
 * The number a text spells, German ("79,00 €", "1.500") or English ("79.5"), with or without a
 * currency, unit or word; undefined when it is no number.
 */
export function numberInText(text: string): number | undefined {
  // A currency before it, a unit or a word after it: "€ 79", "79,00 €", "117.000 Einwohner".
  const bare = text.trim().replace(/^(?:€|EUR|Euro)\s*/i, '').replace(/[\s\u00a0]*[\p{L}%€.]*(?:[\s\u00a0]+[\p{L}%€.]+)*$/u, '').replace(/[\s\u00a0]/g, '');
  let number: string;
  if (/^-?\d{1,3}(?:\.\d{3})+(?:,\d+)?$/.test(bare) || /^-?\d+,\d+$/.test(bare)) number = bare.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d+(?:\.\d+)?$/.test(bare)) number = bare;
  else return undefined;
  return Number(number);
}

/** The problem of a value given as the wrong kind, with what to write instead. */
function wrongKind(expected: string, input: unknown): string {
  if (input === undefined) return 'is missing';
  if ((expected === 'number' || expected === 'int') && typeof input === 'string') {
    const number = numberInText(input);
    if (number !== undefined) return `must be a number: write ${number} (the number alone, without quotes, € or unit)`;
    return `must be ${kind(expected)}, written without quotes, such as 79`;
  }
  if (expected === 'string' && (typeof input === 'number' || typeof input === 'boolean')) return `must be text: write it in quotes, "${String(input)}"`;
  if (expected === 'boolean' && typeof input === 'string') return 'must be true or false, written without quotes';
  return `must be ${kind(expected)}, not ${shown(input)}`;
}

function characters(count: number): string {
  return `${count} character${count === 1 ? '' : 's'}`;
}

function entries(count: number): string {
  return `${count} entr${count === 1 ? 'y' : 'ies'}`;
}

/** A text, list or number outside its limits: how far, and what it needs. */
function outOfRange(issue: Extract<RawIssue, { code: 'too_small' | 'too_big' }>): string {
  const small = issue.code === 'too_small';
  const limit = Number(small ? issue.minimum : issue.maximum);
  const input = issue.input;
  if (typeof input === 'string') {
    if (input.trim() === '') return `is empty; write ${issue.exact ? 'exactly' : 'at least'} ${characters(limit)}`;
    if (issue.exact) return `must be exactly ${characters(limit)} long, not ${input.length}`;
    return small ? `is too short: ${characters(input.length)}, at least ${limit} needed` : `is too long: ${characters(input.length)}, at most ${limit} fit`;
  }
  if (Array.isArray(input)) {
    if (issue.exact) return `must list exactly ${entries(limit)}, not ${input.length}`;
    return small ? `lists ${entries(input.length)}; it needs at least ${limit}` : `lists ${entries(input.length)}; at most ${limit} fit`;
  }
  if (small) return issue.inclusive === false ? `must be more than ${limit}` : `must be ${limit} or more`;
  return issue.inclusive === false ? `must be less than ${limit}` : `must be ${limit} or less`;
}

const FORMATS: Record<string, string> = {
  email: 'must be an e-mail address such as info@example.com',
  url: 'must be a web address such as https://www.example.com',
  datetime: 'must be a date and time such as 2026-11-24T08:00:00Z',
  date: 'must be a date such as 2026-11-24',
};

/** What the options of a union accept, from the first issue of each: "text, false or null (empty)". */
function alternatives(branches: readonly (readonly z.core.$ZodIssue[])[]): string {
  const kinds = branches.flatMap((issues) => {
    const first = issues[0];
    if (first?.code === 'invalid_type') return [kind(first.expected)];
    if (first?.code === 'invalid_value') return first.values.map(shown);
    return [];
  });
  const unique = [...new Set(kinds)];
  if (unique.length === 0) return 'does not fit any of the forms this field takes; see the comment above it';
  return `must be ${unique.length === 1 ? unique[0] : `${unique.slice(0, -1).join(', ')} or ${unique.at(-1)}`}`;
}

/** The distance in single-letter edits (Levenshtein) of two words, ignoring case. */
function editDistance(a: string, b: string): number {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  let row = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const next = [i];
    for (let j = 1; j <= y.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    row = next;
  }
  return row[y.length]!;
}

/** The known word nearest to a misspelt one, if it is near enough to be the one meant. */
export function nearest(word: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const candidate of known) {
    const distance = editDistance(word, candidate);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

/** A key the schema does not know at its place: the key meant, or the keys this place takes. */
export function unknownKey(key: string, known: readonly string[]): string {
  const meant = nearest(key, known);
  if (meant) return `unknown key; did you mean \`${meant}\`? Correct the spelling (a misspelt key is not read at all)`;
  return `unknown key; remove it, or use one of the keys this place takes: ${known.join(', ') || 'none'}`;
}

/** One of a fixed set of values: the set, and the one meant when the value is near one. */
function notOneOf(values: readonly unknown[], input: unknown): string {
  if (values.length === 1) return `must be ${shown(values[0])}`;
  const meant = typeof input === 'string' ? nearest(input, values.filter((value): value is string => typeof value === 'string')) : undefined;
  return `must be one of ${values.map(shown).join(', ')}${meant ? `; did you mean ${shown(meant)}?` : ''}`;
}

/** The problem of an issue whose schema gives no message of its own, in the owner's words. */
export function dataProblem(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return wrongKind(issue.expected, issue.input);
    case 'too_small':
    case 'too_big':
      return outOfRange(issue);
    case 'invalid_format':
      return FORMATS[issue.format] ?? 'does not have the form this field needs; see the comment above it in the file, or data/README.md';
    case 'not_multiple_of':
      return issue.divisor === 0.01 ? 'has more than two decimal places: write euros with at most two, such as 79.5' : `must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return issue.keys.length === 1 ? 'has a key this place does not take' : `has keys this place does not take: ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return alternatives(issue.errors);
    case 'invalid_value':
      return notOneOf(issue.values, issue.input);
    default:
      return 'is not valid here; see the comment above it in the file, or data/README.md';
  }
}

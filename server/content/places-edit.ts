// What the owner typed into the Orte form, as values of a town's file (docs/owner-console.md, "Orte"):
// each text must fit its field, and together they must state no fact without its source, give a
// town page its own words and name every place once, under a name data/postcodes.csv knows; a
// problem is said in German at its field (data/console.yaml, `places.problems`). The values then
// change the file's text in place: only the changed values' characters (a folded text stays
// folded, a flow list keeps its line), so the rest of the file stays byte for byte.
import { isScalar, type Scalar } from 'yaml';
import type { ConsoleWords } from '../../core/schema/console.ts';
import { OWN_DESCRIPTION_WORDS, REGIONS, type Town } from '../../core/schema/places.ts';
import { words as wordsOf } from '../../core/format.ts';
import { fillSlots } from '../../core/slots.ts';
import { placePath, slug as slugOfName } from '../../core/slugs.ts';
import { districtName, placeKeys, type TownEntry } from './places-data.ts';
import type { PlaceField } from './places-form.ts';
import { DataPathError, parseDataText, scalarSource } from './yaml-edit.ts';
import { replaceListItem, textListSplice } from './yaml-list-edit.ts';
import { foldedBlock } from './yaml-block.ts';

export type PlaceValue = string | number | null | string[];

/** What the server knows besides the form: every town (for names taken) and the CSV's place names. */
export interface PlaceContext {
  towns: readonly TownEntry[];
  postcodeNames: ReadonlySet<string>;
  /** The town being edited; none for a new one. */
  self?: TownEntry;
}

const ARRIVAL_TYPED = /^(\d{1,2})\s*(?:–|-|bis)\s*(\d{1,2})(?:\s*Min(?:uten|\.)?)?$/;
/** The schema's own rule (core/schema/places.ts): an arrival time belongs to arrivalTime only. */
const ARRIVAL_IN_TEXT = /\d+\s*(?:–|-|bis)\s*\d+\s*Min/;

/** The typed text as the field's value, or the German message of what is wrong. */
export function placeValue(field: PlaceField, typed: string, words: ConsoleWords): { value: PlaceValue } | { problem: string } {
  const p = words.places.problems;
  const text = typed.replace(/\s+/g, ' ').trim();
  switch (field.kind) {
    case 'text':
      return text.length >= 2 ? { value: text } : { problem: words.form.problems.text };
    case 'optionalText':
    case 'longText':
      if (field.kind === 'optionalText' && text === '') return { value: null };
      if (text.length < 2) return { problem: words.form.problems.text };
      return ARRIVAL_IN_TEXT.test(text) ? { problem: p.arrivalInText } : { value: text };
    case 'lines':
      return { value: typed.split('\n').map((line) => line.replace(/\s+/g, ' ').trim()).filter((line) => line !== '') };
    case 'arrival': {
      const match = ARRIVAL_TYPED.exec(text);
      const [from, to] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
      return match && to >= 10 && from < to ? { value: `${from}–${to} Min.` } : { problem: p.arrival };
    }
    case 'population':
      if (text === '') return { value: null };
      return /^(?:\d{1,3}(?:\.\d{3})+|\d{1,8})$/.test(text) && Number(text.replaceAll('.', '')) > 0 ? { value: Number(text.replaceAll('.', '')) } : { problem: p.population };
    case 'region':
      return (REGIONS as readonly string[]).includes(text) ? { value: text } : { problem: words.form.problems.choice };
  }
}

const same = (a: PlaceValue, b: PlaceValue): boolean => JSON.stringify(a) === JSON.stringify(b);

/** A field's value as it stands in the file (its typed form read back), for telling what changed. */
export function fileValue(field: PlaceField, words: ConsoleWords): PlaceValue {
  const read = placeValue(field, field.value, words);
  return 'value' in read ? read.value : field.value;
}

/** Problems between fields: facts without a source, a town page's own words, names taken, twice or unknown to the CSV. */
export function placeProblems(fields: readonly PlaceField[], values: ReadonlyMap<string, PlaceValue>, context: PlaceContext, words: ConsoleWords): Map<string, string> {
  const p = words.places.problems;
  const problems = new Map<string, string>();
  const at = (path: string, problem: string) => void (problems.has(path) || problems.set(path, problem));
  for (const field of fields) {
    const value = values.get(field.path);
    if (value === undefined) continue;
    const isTown = /^towns\.[^.]+\.[a-zA-Z]+$/.test(field.path);
    if (isTown && field.path.endsWith('.description') && typeof value === 'string') {
      const count = wordsOf(value).length;
      if (count < OWN_DESCRIPTION_WORDS) at(field.path, fillSlots(p.short, { count, min: OWN_DESCRIPTION_WORDS }));
    }
    if (field.path.endsWith('.sources') && Array.isArray(value)) {
      const text = values.get(field.path.replace(/sources$/, 'description'));
      if (value.length === 0 && (isTown || typeof text === 'string')) at(field.path, p.noSource);
      if (value.length > 0 && text === null) at(field.path, p.sourceWithoutText);
    }
    if (isTown && field.path.endsWith('.name') && typeof value === 'string') townNameProblem(field.path, value, context, words, at);
  }
  districtNameProblems(fields, values, context, words, at);
  return problems;
}

function townNameProblem(path: string, name: string, context: PlaceContext, words: ConsoleWords, at: (path: string, problem: string) => void): void {
  const p = words.places.problems;
  const other = context.towns.find((entry) => entry.slug === slugOfName(name) && entry !== context.self);
  if (other) return at(path, fillSlots(p.taken, { name, path: placePath(other.slug) }));
  if (!context.self?.town.postcodeName && !context.postcodeNames.has(name)) at(path, fillSlots(p.notInPostcodes, { name }));
}

/** Each district's name once per town, and none the town's own. */
function districtNameProblems(fields: readonly PlaceField[], values: ReadonlyMap<string, PlaceValue>, context: PlaceContext, words: ConsoleWords, at: (path: string, problem: string) => void): void {
  const p = words.places.problems;
  const seen = new Set<string>();
  const townName = values.get(`towns.${context.self?.slug ?? '+'}.name`) ?? context.self?.town.name;
  const townSlug = typeof townName === 'string' ? slugOfName(townName) : null;
  for (const field of fields) {
    const value = values.get(field.path);
    const names = /\.districts(?:\.[^.]+)?(?:\.name)?$/.test(field.path) && !field.path.endsWith('.sources') && !field.path.endsWith('.description') ? (Array.isArray(value) ? value : typeof value === 'string' ? [value] : []) : [];
    for (const name of names) {
      const slug = slugOfName(name);
      if (seen.has(slug) || slug === townSlug) at(field.path, slug === townSlug ? fillSlots(p.taken, { name, path: placePath(townSlug) }) : fillSlots(p.twice, { name }));
      seen.add(slug);
    }
  }
}

/** The values of the form that differ from the file's, in the form's order. */
export function changedValues(fields: readonly PlaceField[], values: ReadonlyMap<string, PlaceValue>, words: ConsoleWords): { path: string; value: PlaceValue }[] {
  return fields.filter((field) => values.has(field.path) && !same(values.get(field.path)!, fileValue(field, words))).map((field) => ({ path: field.path, value: values.get(field.path)! }));
}

function valueSource(value: Exclude<PlaceValue, string[]>, node: Scalar, text: string): string {
  if (value === null) return 'null';
  // A folded text stays folded where it reads back the same (server/content/yaml-block.ts), as in every other file.
  const block = typeof value === 'string' && node.type === 'BLOCK_FOLDED' ? foldedBlock(value, text.slice(node.range![0], node.range![1])) : null;
  if (block !== null) return block;
  // A comma or bracket would end a plain text inside a flow map ("- { name: …, in: … }"): quoted, it reads back anywhere.
  return typeof value === 'string' && /[,[\]{}]/.test(value) ? JSON.stringify(value) : scalarSource(value, node, text.slice(node.range![0], node.range![1]));
}

/** The file's text with each value changed in place; refuses (DataPathError) a path that names nothing or a value that does not read back. */
export function editPlacesText(text: string, edits: readonly { path: string; value: PlaceValue }[]): string {
  const document = parseDataText(text);
  const located = edits.map((edit) => {
    const keys = placeKeys(document, edit.path);
    if (keys === null) throw new DataPathError(`${edit.path} names no value of the file`);
    if (Array.isArray(edit.value)) return { keys, edit, splice: textListSplice(text, document, keys, edit.value) };
    const node = document.getIn(keys, true);
    if (!isScalar(node) || !node.range) throw new DataPathError(`${edit.path} names no single value`);
    return { keys, edit, splice: { start: node.range[0], end: node.range[1], source: valueSource(edit.value, node, text) } };
  });
  let result = text;
  for (const { splice } of [...located].sort((a, b) => b.splice.start - a.splice.start)) result = result.slice(0, splice.start) + splice.source + result.slice(splice.end);
  const edited = parseDataText(result);
  for (const { keys, edit } of located) {
    const node = edited.getIn(keys, true) as { toJSON?: () => unknown } | undefined;
    const back = isScalar(node) ? node.value : (node as { toJSON(): unknown } | undefined)?.toJSON();
    if (!same(back as PlaceValue, edit.value)) throw new DataPathError(`${edit.path} did not read back as written`);
  }
  return result;
}

/** The file's text with districts that had no description of their own given one with its sources: written anew as a map (server/content/yaml-list-edit.ts). */
function describeDistricts(text: string, townIndex: number, added: readonly { index: number; description: string; sources: PlaceValue }[]): string {
  let result = text;
  for (const { index, description, sources } of added) {
    const current = (parseDataText(result).toJS() as { towns: Town[] }).towns[townIndex]!.districts[index]!;
    const item = typeof current === 'string' ? { name: current, description, sources } : { ...current, description, sources };
    result = replaceListItem(result, ['towns', townIndex, 'districts'], index, item, { flow: ['sources', 'neighbours'] });
  }
  return result;
}

/**
 * The edit of a town's save: the changed values in place (editPlacesText), then each district that
 * gets its first description made a map with it. `text` is the file as the form was opened on.
 */
export function townEdit(text: string, entry: TownEntry, changes: readonly { path: string; value: PlaceValue }[], values: ReadonlyMap<string, PlaceValue>): (text: string) => string {
  const document = parseDataText(text);
  const inPlace = changes.filter((change) => placeKeys(document, change.path) !== null);
  const added = entry.town.districts.flatMap((district, index) => {
    const at = `towns.${entry.slug}.districts.${slugOfName(districtName(district))}`;
    const description = values.get(`${at}.description`);
    const described = typeof district !== 'string' && district.description !== undefined;
    return !described && typeof description === 'string' ? [{ index, description, sources: values.get(`${at}.sources`) ?? [] }] : [];
  });
  return (current) => describeDistricts(editPlacesText(current, inPlace), entry.index, added);
}

// What the Orte form's routes share (server/owner/places.tsx, server/owner/places-removal.tsx): the
// towns and postcodes read for a request, the owner's typed values read against the form's fields,
// and a structural save's outcome as the page shows it (docs/owner-console.md, "Orte").
import type { ConsoleWords } from '../../core/schema/console.ts';
import { placesFileSchema, type Town } from '../../core/schema/places.ts';
import { fillSlots } from '../../core/slots.ts';
import type { ApiContext, Log } from '../context.ts';
import { versionOf, type PlacesFileName } from '../content/data-file.ts';
import { countMismatch, lostNeighbour, phraseMismatch } from '../content/places-checks.ts';
import { placePathOf, readPostcodes, readTowns, type TownEntry } from '../content/places-data.ts';
import { previewPlaceIndex, servedPlaceIndex } from '../content/place-index.ts';
import type { Verdicts } from '../content/place-status.ts';
import type { ContentService } from '../content/publisher.ts';
import { placeProblems, placeValue, type PlaceContext, type PlaceValue } from '../content/places-edit.ts';
import type { PlaceField } from '../content/places-form.ts';
import { saveText, VERSION_FIELD, type TextSaveOutcome } from '../content/save.ts';
import { parseDataText } from '../content/yaml-edit.ts';
import type { PageNotice } from './views/places-view.tsx';

export interface PlacesState {
  towns: TownEntry[];
  /** Each place file's version. */
  versions: Map<PlacesFileName, string>;
  /** The versions of all place files together, for a new town (its file is chosen on saving). */
  allVersion: string;
  postcodes: Map<string, { state: string; codes: string[] }>;
  /** Each place file's text as read. */
  texts: Map<PlacesFileName, string>;
  /** The served release's and the current preview's verdicts on the place pages (server/content/place-index.ts); null where a build wrote none. */
  verdicts: Verdicts;
}

/** The place files of the data folder as they are now, and the builds' verdicts on their pages. */
export function readPlaces({ config, log }: Pick<ApiContext, 'config' | 'log'>, service: ContentService): PlacesState {
  const { dataDir } = config;
  const { towns, files } = readTowns(dataDir);
  const versions = new Map([...files].map(([file, state]) => [file, state.version]));
  const texts = new Map([...files].map(([file, state]) => [file, state.text]));
  return { towns, versions, allVersion: versionOf([...versions.values()].join('\n')), postcodes: readPostcodes(dataDir), texts, verdicts: { served: servedPlaceIndex(config.distDir, log), preview: previewPlaceIndex(service, log) } };
}

export const contextOf = (state: PlacesState, self?: TownEntry): PlaceContext => ({ towns: state.towns, postcodeNames: new Set(state.postcodes.keys()), ...(self ? { self } : {}) });

/** The posted fields read against the form: the first unknown name, or the typed texts, their values and problems. */
export function readTyped(body: unknown, fields: readonly PlaceField[], context: PlaceContext, words: ConsoleWords): { unknown: string } | { typed: Map<string, string>; values: Map<string, PlaceValue>; problems: Map<string, string> } {
  const known = new Map(fields.map((field) => [field.path, field]));
  const typed = new Map<string, string>();
  for (const [name, value] of Object.entries(body !== null && typeof body === 'object' ? body : {})) {
    if (name === VERSION_FIELD) continue;
    if (!known.has(name)) return { unknown: name };
    typed.set(name, typeof value === 'string' ? value : '');
  }
  const values = new Map<string, PlaceValue>();
  const problems = new Map<string, string>();
  for (const [name, text] of typed) {
    const read = placeValue(known.get(name)!, text, words);
    if ('problem' in read) problems.set(name, read.problem);
    else values.set(name, read.value);
  }
  for (const [path, problem] of placeProblems(fields, values, context, words)) if (!problems.has(path)) problems.set(path, problem);
  return { typed, values, problems };
}

/** A refused save's problems at the fields they name (the schema's by path), the rest at `fallback`, in the build's words for the technician. */
export function refusedAt(outcome: Extract<TextSaveOutcome, { kind: 'refused' }>, fields: readonly PlaceField[], fallback: string, words: ConsoleWords): Map<string, string> {
  const data = parseDataText(outcome.text).toJS() as unknown;
  const found = new Map<string, string>();
  const add = (path: string, message: string) => {
    const text = fillSlots(words.form.problems.build, { message });
    found.set(path, found.has(path) && !found.get(path)!.includes(text) ? `${found.get(path)} ${text}` : text);
  };
  for (const issue of outcome.issues) {
    const path = placePathOf(data, issue.path);
    add(fields.find((field) => path.startsWith(field.path))?.path ?? fallback, `${path}: ${issue.message}`);
  }
  for (const problem of outcome.problems) add(fallback, problem.message);
  return found;
}

/** The notice of an outcome that is neither saved nor refused at fields, with its status. */
export function outcomeNotice(outcome: TextSaveOutcome, words: ConsoleWords): { status: number; notice: PageNotice } | null {
  switch (outcome.kind) {
    case 'conflict':
      return { status: 409, notice: { kind: 'error', text: fillSlots(words.form.conflict, { form: words.places.title }) } };
    case 'checkFailed':
      return { status: 503, notice: { kind: 'error', text: words.form.checkFailed } };
    case 'unchanged':
      return { status: 200, notice: { kind: 'info', text: words.form.unchanged } };
    default:
      return null;
  }
}

/** A removal or an addition refused by the schema or the build: the build's lines, for a notice. */
export function refusedLines(outcome: Extract<TextSaveOutcome, { kind: 'refused' }>, words: ConsoleWords): string[] {
  return [...outcome.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`), ...outcome.problems.map((problem) => problem.message)].map((message) => fillSlots(words.form.problems.build, { message })).filter((line, index, all) => all.indexOf(line) === index);
}

/** Saves a place file through every step of a save (server/content/save.ts, `saveText`). */
export const savePlaces = (dataDir: string, file: PlacesFileName, version: unknown, edit: (text: string) => string, log: Log, what: string): Promise<TextSaveOutcome> =>
  saveText(dataDir, file, version, edit, placesFileSchema, log, what);

/** The file a new town goes into: the one holding most towns of its region, else the one holding most towns. */
export function fileForRegion(state: PlacesState, region: string): PlacesFileName {
  const count = (file: PlacesFileName, ofRegion: boolean) => state.towns.filter((entry) => entry.file === file && (!ofRegion || entry.town.region === region)).length;
  const files = [...state.versions.keys()];
  return [...files].sort((a, b) => count(b, true) - count(a, true) || count(b, false) - count(a, false))[0]!;
}

/** A value as the owner reads it in the list of changes: long texts shortened, lists joined. */
export function shortValue(value: PlaceValue | undefined): string {
  const text = Array.isArray(value) ? value.join(', ') : value === null || value === undefined ? '–' : String(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/**
 * What the build would refuse in the town of `file` (at a position, or by its name) once `edit` is made, in German
 * (server/content/places-checks.ts): the key of the text that states a wrong number of districts
 * ("facts"), or null for a lost neighbour or a phrase of the old name; null when none.
 */
export function townAfterProblem(state: PlacesState, file: PlacesFileName, which: number | string, edit: (text: string) => string, words: ConsoleWords): { key: string | null; message: string } | null {
  const towns = (parseDataText(edit(state.texts.get(file)!)).toJS() as { towns: Town[] }).towns;
  const town = typeof which === 'number' ? towns[which] : towns.find((candidate) => candidate.name === which);
  if (!town) return null;
  const full = { ...town, districts: town.districts ?? [] };
  const count = countMismatch(full, words.places.problems);
  if (count) return count;
  const other = lostNeighbour(full, file, words.places.problems) ?? phraseMismatch(full, words.places.problems);
  return other ? { key: null, message: other } : null;
}

// The towns of data/places/*.yaml as the Orte form reads them (docs/owner-console.md, "Orte"): which
// file holds a town (the town's address names it by its slug, never a file), its postcodes from
// data/postcodes.csv by name as the build takes them (build/load/postcodes.ts), what becomes of a
// page's old address, and the data paths of its fields. A town and a district are named in a data
// path by their slug (core/slugs.ts, the slug of their page): "towns.essen.districts.ruettenscheid.name".
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { isMap, isScalar, type Document } from 'yaml';
import type { Town } from '../../core/schema/places.ts';
import { slug as slugOfName } from '../../core/slugs.ts';
import { readDataFile, type DataFileState, type PlacesFileName } from './data-file.ts';
import { dataPathOf } from './forms.ts';
import { documentPath, parseDataText } from './yaml-edit.ts';

/** GeoNames' code of North Rhine-Westphalia: only its place names get the page of an unknown place (build/load/fallback-places.ts). */
const NRW = 'NW';

/** The place files the console may write: the YAML files of data/places/, named as the build reads them. */
export function placesFiles(dataDir: string): PlacesFileName[] {
  return readdirSync(join(dataDir, 'places'))
    .filter((name) => /^[a-z0-9-]+\.yaml$/.test(name))
    .sort()
    .map((name) => `places/${name}` as PlacesFileName);
}

/** A town as its file writes it: the parsed values, and its position in the file's `towns`. */
export interface TownEntry {
  file: PlacesFileName;
  index: number;
  slug: string;
  town: Town;
}

/** Every town of every place file, in the files' order, with each file's text and version. */
export function readTowns(dataDir: string): { towns: TownEntry[]; files: Map<PlacesFileName, DataFileState> } {
  const files = new Map<PlacesFileName, DataFileState>();
  const towns: TownEntry[] = [];
  for (const file of placesFiles(dataDir)) {
    const state = readDataFile(dataDir, file);
    files.set(file, state);
    const data = parseDataText(state.text).toJS() as { towns?: Town[] };
    (data.towns ?? []).forEach((town, index) => towns.push({ file, index, slug: slugOfName(String(town.name)), town: { ...town, districts: town.districts ?? [] } }));
  }
  return { towns, files };
}

/** A district's name, whether the file writes it as a text or as a map. */
export const districtName = (district: Town['districts'][number]): string => (typeof district === 'string' ? district : district.name);

interface PostcodeRow {
  zipcode: string;
  place: string;
  state_code: string;
}

/** The place names of data/postcodes.csv with their postcodes (sorted, once each) and state. */
export function readPostcodes(dataDir: string): Map<string, { state: string; codes: string[] }> {
  const rows = parse(readFileSync(join(dataDir, 'postcodes.csv'), 'utf8'), { columns: true, skip_empty_lines: true, trim: true }) as PostcodeRow[];
  const places = new Map<string, { state: string; codes: string[] }>();
  for (const row of rows) {
    const place = places.get(row.place) ?? { state: row.state_code, codes: [] };
    if (!place.codes.includes(row.zipcode)) place.codes.push(row.zipcode);
    places.set(row.place, place);
  }
  for (const place of places.values()) place.codes.sort();
  return places;
}

/** A town's postcodes as its page lists them: the CSV's by its name (or postcodeName), without those that are no delivery area. */
export function townPostcodes(town: Town, postcodes: ReadonlyMap<string, { codes: string[] }>): string[] | null {
  const codes = postcodes.get(town.postcodeName ?? town.name)?.codes;
  return codes ? codes.filter((code) => !town.notDelivered?.codes.includes(code)) : null;
}

/** What answers a page's address once the place is gone: the page of an unknown place for a place name of NRW in the CSV (server/http/unknown-place.ts), the 404 page otherwise. */
export function addressAfterRemoval(placeSlug: string, postcodes: ReadonlyMap<string, { state: string }>): 'unknownPlace' | 'notFound' {
  for (const [name, place] of postcodes) if (place.state === NRW && slugOfName(name) === placeSlug) return 'unknownPlace';
  return 'notFound';
}

/** The slug a list item is named by in a data path: a text item's own, a map's `name`'s. */
export function itemSlug(item: unknown): string | null {
  if (isScalar(item)) return slugOfName(String(item.value));
  if (isMap(item)) return item.has('name') ? slugOfName(String(item.get('name'))) : null;
  return null;
}

/** The keys and list positions a data path of the Orte form names in a place file's document, or null. */
export const placeKeys = (document: Document, path: string): (string | number)[] | null => documentPath(document, path, itemSlug);

/** The data path of keys and list positions (a schema's issue): towns and districts by their slug. */
export const placePathOf = (data: unknown, keys: readonly PropertyKey[]): string =>
  dataPathOf(data, keys, (node) => {
    const name = typeof node === 'string' ? node : node !== null && typeof node === 'object' ? (node as { name?: unknown }).name : null;
    return typeof name === 'string' ? slugOfName(name) : null;
  });

/** A town's file text parsed, for resolving its fields. */
export const placesDocument = (text: string): Document => parseDataText(text);

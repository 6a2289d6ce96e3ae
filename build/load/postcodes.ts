// Real postcodes and coordinates per town from data/postcodes.csv (GeoNames, CC BY 4.0).
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { DataError } from '../data-error.ts';
import { parsedOnce } from './parsed-data.ts';

export interface TownPostcodes {
  /** GeoNames' code of the state ("NW" for North Rhine-Westphalia). */
  state: string;
  postcodes: string[];
  latitude: number;
  longitude: number;
  /** Each row's postcode and centre, for leaving a postcode out (`withoutPostcodes`). */
  rows: { code: string; latitude: number; longitude: number }[];
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** The town without postcodes that are no delivery area (a PO box's, a large customer's): neither listed nor in its centre. */
export function withoutPostcodes(town: TownPostcodes, codes: readonly string[]): TownPostcodes {
  if (codes.length === 0) return town;
  const rows = town.rows.filter((row) => !codes.includes(row.code));
  return {
    state: town.state,
    postcodes: town.postcodes.filter((code) => !codes.includes(code)),
    latitude: mean(rows.map((row) => row.latitude)),
    longitude: mean(rows.map((row) => row.longitude)),
    rows,
  };
}

export function loadPostcodes(path: string, label: string): Map<string, TownPostcodes> {
  let rows: Record<string, string>[];
  try {
    rows = parsedOnce(readFileSync(path, 'utf8'), 'csv-parse columns trim', (text) => parse(text, { columns: true, skip_empty_lines: true, trim: true }));
  } catch (error) {
    const { code, lines } = error as { code?: string; lines?: number };
    throw new DataError(label, lines ? `line ${lines}` : 'file', code === 'ENOENT' ? 'file is missing' : `is not valid CSV: ${(error as Error).message}`);
  }
  for (const column of ['zipcode', 'place', 'state_code', 'latitude', 'longitude']) {
    if (rows.length > 0 && !(column in rows[0]!)) throw new DataError(label, 'header', `has no column "${column}"`);
  }
  const towns = new Map<string, { state: string; postcodes: string[]; lat: number[]; lon: number[] }>();
  const rowsOf = new Map<string, TownPostcodes['rows']>();
  rows.forEach((row, i) => {
    const code = row['zipcode'] ?? '';
    if (!/^\d{5}$/.test(code)) throw new DataError(label, `line ${i + 2}`, `"${code}" is not a five-digit postcode`);
    const town = towns.get(row['place']!) ?? { state: row['state_code'] ?? '', postcodes: [], lat: [], lon: [] };
    town.postcodes.push(code);
    town.lat.push(Number(row['latitude']));
    town.lon.push(Number(row['longitude']));
    towns.set(row['place']!, town);
    rowsOf.set(row['place']!, [...(rowsOf.get(row['place']!) ?? []), { code, latitude: Number(row['latitude']), longitude: Number(row['longitude']) }]);
  });
  return new Map(
    [...towns].map(([name, town]) => [name, { state: town.state, postcodes: [...new Set(town.postcodes)].sort(), latitude: mean(town.lat), longitude: mean(town.lon), rows: rowsOf.get(name)! }]),
  );
}

/** Great-circle distance in kilometres. */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

const COMPASS = ['nördlich', 'nordöstlich', 'östlich', 'südöstlich', 'südlich', 'südwestlich', 'westlich', 'nordwestlich'] as const;

/** Where `to` lies seen from `from`, in one of eight German words: "südlich", "nordwestlich". */
export function compassWord(from: { latitude: number; longitude: number }, to: { latitude: number; longitude: number }): string {
  const rad = Math.PI / 180;
  const y = Math.sin((to.longitude - from.longitude) * rad) * Math.cos(to.latitude * rad);
  const x = Math.cos(from.latitude * rad) * Math.sin(to.latitude * rad) - Math.sin(from.latitude * rad) * Math.cos(to.latitude * rad) * Math.cos((to.longitude - from.longitude) * rad);
  const bearing = (Math.atan2(y, x) / rad + 360) % 360;
  return COMPASS[Math.round(bearing / 45) % 8]!;
}

// A town of data/cities/ as build/places.ts receives it, for tests that build places from fixtures.
import type { TownRecord } from '../../build/places.ts';
import type { District } from '../../data/schema/cities.ts';

export function townRecord(name: string, districts: District[] = [], extra: Partial<TownRecord> = {}): TownRecord {
  return {
    name,
    region: 'Ruhrgebiet',
    arrivalTime: '20–30 Min.',
    population: 100000,
    isMainLocation: false,
    kind: 'Stadt',
    districtWord: 'Stadtteil',
    description: `${name} ist eine Stadt.`,
    facts: `${name} hat Fakten.`,
    districts,
    file: 'data/cities/test.yaml',
    field: 'towns[0]',
    ...extra,
  };
}

// A town of data/places/ as build/load/places.ts receives it, for tests that build places from fixtures.
import type { TownRecord } from '../../build/load/places.ts';
import type { District } from '../../core/schema/places.ts';

export function townRecord(name: string, districts: District[] = [], extra: Partial<TownRecord> = {}): TownRecord {
  return {
    name,
    region: 'Ruhrgebiet',
    arrivalTime: '20–30 Min.',
    population: 100000,
    isMainLocation: false,
    kind: 'Stadt',
    districtWord: 'Stadtteil',
    // A description long enough for the schema (80 words), in words no real text has.
    description: Array.from({ length: 80 }, (_, i) => `Beschreibung${i}`).join(' '),
    facts: `${name} hat Fakten.`,
    sources: ['Wikipedia: Test'],
    districts,
    file: 'data/places/test.yaml',
    field: 'towns[0]',
    ...extra,
  };
}

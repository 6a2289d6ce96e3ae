// Loads a changed copy of data/ the way the build does, for tests of what the loader accepts
// and what it refuses; each copy is removed after the test that made it.
import { afterEach } from 'vitest';
import { loadSiteData, type SiteData } from '../../build/load/site-data.ts';
import { copyData, type DataCopy } from './data-copy.ts';

const BUILD_DATE = new Date('2026-11-22T10:00:00Z');
const copies: DataCopy[] = [];
afterEach(() => copies.splice(0).forEach((copy) => copy.remove()));

/** A fresh copy of data/, changed by `change`, removed after the test. */
export function changedData(change?: (data: DataCopy) => void): DataCopy {
  const copy = copyData();
  copies.push(copy);
  change?.(copy);
  return copy;
}

export function loadChanged(change?: (data: DataCopy) => void, buildDate = BUILD_DATE): SiteData {
  return loadSiteData({ dataDir: changedData(change).dir, buildDate });
}

/** The loader's message for data it must refuse. */
export function problems(change: (data: DataCopy) => void): string {
  try {
    loadChanged(change);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the data to be rejected');
}

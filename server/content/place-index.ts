// The build's verdict on each place page of the served release: whether search engines may find
// it, and why not (dist/_server/place-index.json, core/build-server-contract.ts, written by
// build/indexing/policy.ts). The Orte form shows it beside each place (server/content/places-form.ts).
// Read when the form is opened, and kept while the file is the same: a publish switches dist/ to a
// new release, whose file is read then. The preview's verdicts (server/content/publisher.ts) count
// while the preview was built from the data as it is now.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { placeIndexSchema, serverFile, type PlaceIndex } from '../../core/build-server-contract.ts';
import type { Log } from '../context.ts';
import type { ContentService } from './publisher.ts';
import { dataVersion } from './site-build.ts';

/** The served release's and the preview's verdicts, as last read, by file. */
const kept = new Map<string, { modified: number; index: PlaceIndex | null }>();

/**
 * The verdicts of the release in `distDir` (the served one, or the preview's folder), or null, with a log line, when its build wrote none
 * (then the form shows what the data's rule lets expect, marked as such).
 */
export function servedPlaceIndex(distDir: string, log: Log): PlaceIndex | null {
  const file = join(distDir, serverFile('placeIndex'));
  let modified: number;
  try {
    modified = statSync(file).mtimeMs;
  } catch {
    log(`Orte form: ${file} is missing, so the form shows what search engines are expected to do, not what the build decided. Run "npm run build".`);
    return null;
  }
  const known = kept.get(file);
  if (known?.modified === modified) return known.index;
  let index: PlaceIndex | null = null;
  try {
    const parsed = placeIndexSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) index = parsed.data;
    else log(`Orte form: ${file} does not fit this server (${parsed.error.issues[0]?.message}), so the form shows what is expected, not what the build decided. Run "npm run build".`);
  } catch (error) {
    log(`Orte form: ${file} could not be read (${(error as Error).message}), so the form shows what is expected, not what the build decided. Run "npm run build".`);
  }
  kept.set(file, { modified, index });
  return index;
}

/** The verdicts of the preview, while it is current (built from the data as saved now, by the code served now); else null. */
export function previewPlaceIndex(service: ContentService, log: Log): PlaceIndex | null {
  if (service.layout === null || service.previewStatus(dataVersion(service.dataDir)) !== 'current') return null;
  return servedPlaceIndex(service.layout.preview, log);
}

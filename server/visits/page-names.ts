// The owner's statistics name a page as a visitor sees it, not by its path: a place page by its
// place ("Rüttenscheid (Essen)"), every other page by its title, both from the route list the build
// writes (dist/_server/routes.json, docs/build-server-contract.md). Read when the console asks, and
// kept while the file is the same (a publish switches dist/ to a new release, whose list is read then).
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { routeManifestSchema, serverFile } from '../../core/build-server-contract.ts';
import type { Log } from '../context.ts';

/** A page's name by its path; a path the build did not make (an unknown place) has none. */
export type PageNames = ReadonlyMap<string, string>;

const NO_NAMES: PageNames = new Map();
let kept: { file: string; modified: number; names: PageNames } | undefined;

/** The names of the pages of the release in `distDir`; none, with a log line, when its list is missing or of another build. */
export function pageNames(distDir: string, log: Log): PageNames {
  const file = join(distDir, serverFile('routes'));
  let modified: number;
  try {
    modified = statSync(file).mtimeMs;
  } catch {
    log(`Statistics: ${file} is missing, so pages are shown by their address only. Run "npm run build".`);
    return NO_NAMES;
  }
  if (kept?.file === file && kept.modified === modified) return kept.names;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    log(`Statistics: ${file} could not be read (${(error as Error).message}), so pages are shown by their address only. Run "npm run build".`);
    return NO_NAMES;
  }
  const parsed = routeManifestSchema.safeParse(json);
  if (!parsed.success) {
    log(`Statistics: ${file} does not fit this server (${parsed.error.issues[0]?.message}), so pages are shown by their address only. Run "npm run build".`);
    return NO_NAMES;
  }
  const names = new Map<string, string>();
  for (const route of parsed.data) if (route.template !== 'fallback' && route.template !== '404') names.set(route.path, route.name ?? route.title);
  kept = { file, modified, names };
  return names;
}

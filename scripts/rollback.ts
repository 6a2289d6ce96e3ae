// `npm run rollback`: serves the release before the served one again (build/release.ts), at once
// and without a restart: a running server switches to it within 2 s. Says which release was served
// and which is now, each with its build time and version; refuses, changing nothing, when there is
// no earlier release. `-- --dist LINK` for a site link other than <root>/dist.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT_DIR } from '../build/root.ts';
import { ReleaseError, releaseLayout, rollBack } from '../build/release.ts';
import { loadSiteFacts } from '../server/facts.ts';

const { values } = parseArgs({ options: { dist: { type: 'string' } } });
const dist = resolve(values.dist ?? join(ROOT_DIR, 'dist'));

/** "20261128-001502-117 (built 2026-11-28T00:15:02.117Z, version 0.1.0+3f87520)". */
function described(name: string): string {
  const facts = loadSiteFacts(join(releaseLayout(dist).folder, name), () => {});
  return facts === null ? name : `${name} (built ${facts.build.date}, version ${facts.build.version})`;
}

try {
  const { from, to } = rollBack(dist);
  console.log(`Now served: release ${described(to)}.`);
  console.log(`Was served: release ${described(from)}; it stays on disk until a later build replaces it.`);
  console.log('A running server switches within 2 s; "npm run build" makes a new release from data/.');
} catch (error) {
  if (!(error instanceof ReleaseError)) throw error;
  console.error(`Rollback refused: ${error.message}`);
  process.exitCode = 1;
}

// The site as the build writes it, for tests that read the output. `buildSite()` of the shipped
// data is the one build of the run (tests/support/shared-build.ts), shared and read-only; with
// options it builds its own copy into a temp folder, removed by `remove()`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { build, type BuildSummary } from '../../build/pipeline.ts';
import { BUILD_DATE } from './build-settings.ts';

export { BUILD_DATE };

export interface BuiltSite {
  dir: string;
  summary: BuildSummary;
  read(file: string): string;
  bytes(file: string): Buffer;
  remove(): void;
}

function site(dir: string, summary: BuildSummary, remove: () => void): BuiltSite {
  return { dir, summary, read: (file) => readFileSync(join(dir, file), 'utf8'), bytes: (file) => readFileSync(join(dir, file)), remove };
}

export async function buildSite(options: { dataDir?: string; siteUrl?: string; now?: Date } = {}): Promise<BuiltSite> {
  if (Object.keys(options).length === 0) return site(inject('sharedDist'), inject('sharedSummary'), () => undefined);
  const root = mkdtempSync(join(tmpdir(), 'site-build-'));
  const dir = join(root, 'dist');
  const summary = await build({ outDir: dir, quiet: true, now: BUILD_DATE, ...options });
  return site(dir, summary, () => rmSync(root, { recursive: true, force: true }));
}

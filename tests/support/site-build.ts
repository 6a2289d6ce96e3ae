// Builds the site once per test file into a temp folder (images and compression cached).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type BuildSummary } from '../../build/build.ts';

export const BUILD_DATE = new Date('2026-11-22T10:00:00Z');

export interface BuiltSite {
  dir: string;
  summary: BuildSummary;
  read(file: string): string;
  bytes(file: string): Buffer;
  remove(): void;
}

export async function buildSite(options: { dataDir?: string; siteUrl?: string; now?: Date } = {}): Promise<BuiltSite> {
  const root = mkdtempSync(join(tmpdir(), 'site-build-'));
  const dir = join(root, 'dist');
  const summary = await build({ outDir: dir, quiet: true, now: BUILD_DATE, ...options });
  return {
    dir,
    summary,
    read: (file) => readFileSync(join(dir, file), 'utf8'),
    bytes: (file) => readFileSync(join(dir, file)),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

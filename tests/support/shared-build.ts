// The shipped data built once per test run and shared by every file that only reads it (global
// setup of the integration and e2e projects, vitest.config.ts). Global setups run in vitest's
// main process, so the two projects share one build through globalThis; the folder is removed
// after the last project's teardown. Files that change the data build their own copy.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { build, type BuildSummary } from '../../build/pipeline.ts';
import { BUILD_DATE, TEST_WORKERS } from './build-settings.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** dist/ of the shipped data, built with BUILD_DATE; read it, never write. */
    sharedDist: string;
    sharedSummary: BuildSummary;
  }
}

interface Shared {
  root: string;
  summary: Promise<BuildSummary>;
  users: number;
}

const KEY = Symbol.for('schluesseldienst.sharedBuild');
const store = globalThis as unknown as Record<symbol, Shared | undefined>;

export default async function setup(project: TestProject): Promise<() => void> {
  let shared = store[KEY];
  if (!shared) {
    const root = mkdtempSync(join(tmpdir(), 'shared-build-'));
    shared = { root, summary: build({ outDir: join(root, 'dist'), quiet: true, now: BUILD_DATE, workers: TEST_WORKERS }), users: 0 };
    store[KEY] = shared;
  }
  shared.users += 1;
  project.provide('sharedDist', join(shared.root, 'dist'));
  project.provide('sharedSummary', await shared.summary);
  return () => {
    shared.users -= 1;
    if (shared.users === 0) {
      rmSync(shared.root, { recursive: true, force: true });
      store[KEY] = undefined;
    }
  };
}

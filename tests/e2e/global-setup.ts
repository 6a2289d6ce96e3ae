// Serves the run's one build of the site with the real server for every end-to-end file.
import type { TestProject } from 'vitest/node';
import { serveBuiltSite } from './site.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    distDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The run's shared build (tests/support/shared-build.ts runs before this file).
  const site = await serveBuiltSite({ distDir: project.getProvidedContext().sharedDist });
  project.provide('baseUrl', site.url);
  project.provide('distDir', site.distDir);
  return () => site.close();
}

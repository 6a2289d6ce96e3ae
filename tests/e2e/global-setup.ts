// Builds the real site once and serves it with the real server for every end-to-end file.
import type { TestProject } from 'vitest/node';
import { serveBuiltSite } from './site.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    distDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const site = await serveBuiltSite();
  project.provide('baseUrl', site.url);
  project.provide('distDir', site.distDir);
  return () => site.close();
}

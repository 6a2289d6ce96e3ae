// The route table the build writes to dist/_server/routes.json (core/build-server-contract.ts):
// which page uses which template, for the audit, the link checker and the tests.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { routeManifestSchema, serverFile, type RouteManifest } from '../../core/build-server-contract.ts';

export type Route = RouteManifest[number];

export async function readRoutes(distDir: string): Promise<Route[]> {
  const file = join(distDir, serverFile('routes'));
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new Error(`${file} is missing. It is the build's route table, one entry per page, that tells the audit and the link checker which page uses which template; run "npm run build", then again.`);
  }
  const parsed = routeManifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${file}: [${issue.path.join('].')}]: ${issue.message}; it was written by another version of the build: run "npm run build".`);
  }
  if (parsed.data.length === 0) throw new Error(`${file} lists no pages; the build should list every page it wrote.`);
  return parsed.data;
}

/**
 * One page per template, the first the table lists, in the table's order; a template with pages in
 * and out of the index (district pages with and without a text of their own) gives one of each.
 */
export function firstRoutePerTemplate(routes: Route[]): Route[] {
  const seen = new Map<string, Route>();
  for (const route of routes) {
    const key = `${route.template} ${route.indexable}`;
    if (!seen.has(key)) seen.set(key, route);
  }
  return [...seen.values()];
}

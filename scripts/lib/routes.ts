// The route table the build writes to dist/routes.json: which page uses which template.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

const routeTable = z.array(z.object({ path: z.string().startsWith('/'), template: z.string().min(1), title: z.string(), indexable: z.boolean() }));

export type Route = z.infer<typeof routeTable>[number];

export async function readRoutes(distDir: string): Promise<Route[]> {
  const file = join(distDir, 'routes.json');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new Error(
      `${file} is missing. It is the build's route table ([{ path, template, title, indexable }], one entry per page) ` +
        'that tells the audit which page uses which template; make the build write it, then run again.',
    );
  }
  const parsed = routeTable.safeParse(JSON.parse(text));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(
      `${file}: [${issue.path.join('].')}]: ${issue.message}; expected an array of { path, template, title, indexable }.`,
    );
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

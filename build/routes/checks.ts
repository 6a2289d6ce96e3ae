// The route table's checks, before anything renders: two routes that write the same file or share a
// title or description, and a link of the menus or the footer that leads to no page the build
// writes, are data mistakes, each listed with every route or field involved.
import type { Navigation } from '../../core/schema/navigation.ts';
import { placePathByName } from '../../core/slugs.ts';
import { DataError, DataErrors } from '../data-error.ts';
import type { Route } from './route.ts';

/** Every link of the menus and the footer leads to a page the build writes. */
export function checkNavigation(navigation: Navigation, paths: Set<string | null>): void {
  const { items, footer } = navigation;
  const lists = [['items', items], ['footer.services', footer.services], ['footer.legal', footer.legal]] as const;
  const dead = lists.flatMap(([field, links]) =>
    links.flatMap((link, i) => (paths.has(link.href) ? [] : [new DataError('data/navigation.yaml', `${field}[${i}].href`, `"${link.href}" is no page the build writes; link one of its pages`)])),
  );
  footer.towns.forEach((town, i) => {
    if (!paths.has(placePathByName(town))) dead.push(new DataError('data/navigation.yaml', `footer.towns[${i}]`, `"${town}" is not a town of data/places/`));
  });
  if (dead.length > 0) throw new DataErrors(dead);
}

/** How a route is named in an error: its path, or for a page without one its template and file. */
function routeName(route: Route): string {
  return route.path ?? `${route.template} template (${route.file})`;
}

/**
 * Two routes that write the same file, or share a title, are a data mistake: list them all. Each
 * route's head is made once (a place page's is made on every read, build/routes/route.ts), and a
 * value is kept with the first route that has it; a list only for values two routes share.
 */
export function checkRoutes(routes: Route[]): void {
  const checks = [
    ['file', 'writing the same output file'],
    ['title', 'sharing one title'],
    ['description', 'sharing one description'],
  ] as const;
  const first = checks.map(() => new Map<string, number>());
  const shared = checks.map(() => new Map<string, number[]>());
  routes.forEach((route, index) => {
    const { title, description } = route.head;
    [route.file, title, description].forEach((value, check) => {
      const earlier = first[check]!.get(value);
      if (earlier === undefined) {
        first[check]!.set(value, index);
        return;
      }
      const group = shared[check]!.get(value);
      if (group) group.push(index);
      else shared[check]!.set(value, [earlier, index]);
    });
  });
  const problems = checks.flatMap(([, label], check) =>
    [...shared[check]!].map(
      ([value, group]) => `Route conflict: ${group.length} routes are ${label} "${value}":\n` + group.map((index, n) => `  ${n + 1}. ${routeName(routes[index]!)} (${routes[index]!.template})`).join('\n'),
    ),
  );
  if (problems.length > 0) throw new Error(`${problems.join('\n')}\nGive each page its own path, title and description.`);
}

// The route table: every page the build writes, with its template, head and component, one module
// per family of pages. Computed once from validated data and checked for collisions before
// anything renders.
import { contactRoutes } from './contact.ts';
import { errorRoutes } from './errors.ts';
import { homeRoutes } from './home.ts';
import { legalRoutes } from './legal.ts';
import { placePageRoutes } from './place-pages.ts';
import { pricesRoutes } from './prices.ts';
import { routeKit, type Route, type RouteInputs } from './route.ts';
import { serviceRoutes } from './services.ts';
import { trustRoutes } from './trust.ts';
import { DataError, DataErrors } from '../data-error.ts';
import type { Navigation } from '../../core/schema/navigation.ts';
import { placePathByName } from '../../core/slugs.ts';

export { fileForPath, routeKit, type Route, type RouteInputs } from './route.ts';
export { UNKNOWN_PLACE_FILE, isPlacePage, placeRouteMaker, type PlaceRouteMaker } from './place-pages.ts';
export { MESSAGE_FILE } from './contact.ts';

const FAMILIES = [homeRoutes, serviceRoutes, pricesRoutes, trustRoutes, contactRoutes, placePageRoutes, legalRoutes, errorRoutes];

export function listRoutes(inputs: RouteInputs): Route[] {
  const kit = routeKit(inputs);
  const routes = FAMILIES.flatMap((family) => family(kit));
  checkRoutes(routes);
  checkNavigation(inputs.data.navigation, new Set(routes.map((route) => route.path)));
  return routes;
}

/** Every link of the menus and the footer leads to a page the build writes. */
function checkNavigation(navigation: Navigation, paths: Set<string | null>): void {
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

// The trust pages (/keine-abzocke, /festpreis-garantie, …), one per file of data/trust/.
import { createElement } from 'react';
import { TrustPage } from '../../templates/pages/TrustPage.tsx';
import type { Route, RouteKit } from './route.ts';

export function trustRoutes({ data, images, start, page, described }: RouteKit): Route[] {
  const { site } = data;
  const routes: Route[] = [];
  for (const trust of data.trust) {
    const path = `/${trust.slug}`;
    const crumbs = [start, { name: trust.shortTitle, path }];
    routes.push(
      page(
        path,
        'trust',
        { title: trust.title, description: trust.description, canonical: true, structuredData: described(path, trust.title, trust.description, crumbs) },
        createElement(TrustPage, {
          site,
          page: trust,
          image: trust.image ? images[trust.image.file] : undefined,
          crumbs,
          others: data.trust.filter((other) => other !== trust).map((other) => ({ title: other.shortTitle, href: `/${other.slug}` })),
        }),
      ),
    );
  }
  return routes;
}

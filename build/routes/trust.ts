// /ueber-uns and the trust pages (/keine-abzocke, /festpreis-garantie, …).
import { createElement } from 'react';
import { AboutPage } from '../../templates/pages/AboutPage.tsx';
import { TrustPage } from '../../templates/pages/TrustPage.tsx';
import type { Route, RouteKit } from './route.ts';

export function trustRoutes({ data, images, start, crumb, page, described }: RouteKit): Route[] {
  const { site, about } = data;
  const aboutCrumbs = [start, crumb('/ueber-uns')];
  const routes = [
    page(
      '/ueber-uns',
      'about',
      { ...about.seo, canonical: true, structuredData: described('/ueber-uns', about.seo.title, about.seo.description, aboutCrumbs) },
      createElement(AboutPage, { site, about, crumbs: aboutCrumbs }),
    ),
  ];
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

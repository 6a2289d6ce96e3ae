// /leistungen and one page per service.
import { createElement } from 'react';
import { serviceData, serviceRegions } from '../../core/structured-data.ts';
import { priceWindows, surchargeNote } from '../../core/prices.ts';
import { ServicePage } from '../../templates/pages/ServicePage.tsx';
import { servicePath, ServicesPage } from '../../templates/pages/ServicesPage.tsx';
import type { Route, RouteKit } from './route.ts';

export function serviceRoutes({ data, siteUrl, start, crumb, page, described }: RouteKit): Route[] {
  const { site, services, prices } = data;
  const servicesCrumb = crumb('/leistungen');
  const overviewCrumbs = [start, servicesCrumb];
  const { seo } = services.overview;
  const routes = [
    page(
      '/leistungen',
      'services',
      { ...seo, canonical: true, structuredData: described('/leistungen', seo.title, seo.description, overviewCrumbs) },
      createElement(ServicesPage, { site, services, crumbs: overviewCrumbs }),
    ),
  ];
  for (const service of services.services) {
    const path = servicePath(service.slug);
    const crumbs = [start, servicesCrumb, { name: service.title, path }];
    const offer = { windows: priceWindows(prices, service.priceId), currency: prices.currency };
    routes.push(
      page(
        path,
        'service',
        {
          title: service.seo.title,
          description: service.seo.description,
          keywords: service.seo.keywords,
          canonical: true,
          structuredData: described(path, service.seo.title, service.seo.description, crumbs, serviceData(siteUrl, path, service.title, service.intro, offer, serviceRegions(site))),
        },
        createElement(ServicePage, {
          site,
          service,
          words: services.page,
          prices,
          priceId: service.priceId,
          surchargeNote: surchargeNote(prices),
          vatNote: data.vat.note,
          crumbs,
          others: services.services.filter((other) => other !== service).map((other) => ({ title: other.title, href: servicePath(other.slug) })),
        }),
      ),
    );
  }
  return routes;
}

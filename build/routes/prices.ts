// /preise.
import { createElement } from 'react';
import { faqPage } from '../../core/structured-data.ts';
import { PricesPage } from '../../templates/pages/PricesPage.tsx';
import type { Route, RouteKit } from './route.ts';

export function pricesRoutes({ data, siteUrl, start, crumb, page, described }: RouteKit): Route[] {
  const { pricesPage } = data;
  const crumbs = [start, crumb('/preise')];
  const { seo } = pricesPage;
  return [
    page(
      '/preise',
      'prices',
      { ...seo, canonical: true, structuredData: described('/preise', seo.title, seo.description, crumbs, faqPage(siteUrl, '/preise', pricesPage.faq.items)) },
      createElement(PricesPage, { site: data.site, prices: data.prices, vat: data.vat, page: pricesPage, crumbs }),
    ),
  ];
}

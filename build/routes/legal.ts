// The legal pages (Impressum, Datenschutz, AGB) and the printable order form /auftrag.
import { createElement } from 'react';
import { webPage } from '../../core/structured-data.ts';
import { LegalPage } from '../../templates/pages/LegalPage.tsx';
import { OrderFormPage } from '../../templates/pages/OrderFormPage.tsx';
import { LEGAL_PAGES } from '../load/site-data.ts';
import type { Route, RouteKit } from './route.ts';

export function legalRoutes({ data, siteUrl, page }: RouteKit): Route[] {
  const { site, legal, orderForm, withdrawal } = data;
  const routes = LEGAL_PAGES.map((slug) => {
    const prose = legal[slug];
    const path = `/${slug}`;
    return page(
      path,
      'legal',
      { title: prose.title, description: prose.description, canonical: true, structuredData: [webPage(siteUrl, path, prose.title, prose.description)] },
      createElement(LegalPage, { site, heading: prose.heading, html: prose.html, stand: prose.stand }),
    );
  });
  // The form the technician fills in at the door (docs/decisions.md, 'Order form /auftrag'):
  // reached from the AGB, of no use to a search engine, so noindex, no canonical address and not
  // in the sitemap.
  routes.push(
    page(
      '/auftrag',
      'order',
      { ...orderForm.seo, canonical: false, noindex: true, structuredData: [webPage(siteUrl, '/auftrag', orderForm.seo.title, orderForm.seo.description)] },
      createElement(OrderFormPage, { site, prices: data.prices, vat: data.vat, form: orderForm, stand: withdrawal.stand, agbStand: legal.agb.stand, withdrawal: withdrawal.sections }),
    ),
  );
  return routes;
}

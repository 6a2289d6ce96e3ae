// The route table: every page the build writes, with its template, head and component.
// Computed once from validated data and checked for collisions before anything renders.
import type { ReactElement } from 'react';
import { createElement } from 'react';
import type { Head } from '../templates/lib/context.ts';
import { placeIndexing } from './index-policy.ts';
import { breadcrumbList, faqPage, localBusiness, placeService, serviceData, serviceRegions, webPage, type Crumb } from '../templates/lib/structured-data.ts';
import type { ResponsiveImage } from '../templates/lib/image.ts';
import { priceSentence, quote, surchargeNote } from '../templates/lib/prices.ts';
import { AboutPage } from '../templates/pages/AboutPage.tsx';
import { HomePage } from '../templates/pages/HomePage.tsx';
import { LegalPage } from '../templates/pages/LegalPage.tsx';
import { NotFoundPage } from '../templates/pages/NotFoundPage.tsx';
import { OrderFormPage } from '../templates/pages/OrderFormPage.tsx';
import { MESSAGE_TOKENS, MessagePage } from '../templates/pages/MessagePage.tsx';
import { PricesPage } from '../templates/pages/PricesPage.tsx';
import { ServicePage } from '../templates/pages/ServicePage.tsx';
import { servicePath, ServicesPage } from '../templates/pages/ServicesPage.tsx';
import { TrustPage } from '../templates/pages/TrustPage.tsx';
import { CityPage } from '../templates/pages/CityPage.tsx';
import { AreaPage } from '../templates/pages/AreaPage.tsx';
import { ContactPage } from '../templates/pages/ContactPage.tsx';
import { ReviewsPage } from '../templates/pages/ReviewsPage.tsx';
import { REGIONS } from '../data/schema/cities.ts';
import { atWithTown, districtsWord, FALLBACK_TEXT, plainPhrases, townsWord, type Place } from '../templates/lib/place.ts';
import { placePath } from '../templates/lib/slugs.ts';
import { LEGAL_PAGES, type SiteData } from './data.ts';
import { DataError } from './data-error.ts';

export interface Route {
  /** URL path without trailing slash; null for the 404 page, which has no address of its own. */
  path: string | null;
  /** Output file relative to dist/. */
  file: string;
  template: string;
  head: Head;
  /** Listed in sitemap.xml. */
  indexable: boolean;
  page: ReactElement;
}

export interface RouteInputs {
  data: SiteData;
  siteUrl: string;
  images: Record<string, ResponsiveImage>;
}

/** Where the build writes the fallback city page, and the tokens the server replaces in it. */
export const FALLBACK_FILE = '_templates/city-fallback.html';
export const FALLBACK_TOKENS = { name: 'FALLBACKPLACENAME', slug: 'fallbackplaceslug' } as const;

/** The page the server fills with a short message (the contact form's result without JavaScript). */
export const MESSAGE_FILE = '_templates/message.html';

export function fileForPath(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
}

function townNamed(places: Place[], name: string): Place {
  const town = places.find((place) => place.kind === 'town' && place.name === name);
  if (!town) throw new DataError('data/home.yaml', 'coverage.cities', `"${name}" is not a town of data/cities/`);
  return town;
}

export function listRoutes({ data, siteUrl, images }: RouteInputs): Route[] {
  const { site, home, prices, legal } = data;
  const routes: Route[] = [];
  const page = (path: string, template: string, head: Head, element: ReactElement): Route => ({
    path,
    file: fileForPath(path),
    template,
    head,
    indexable: !head.noindex,
    page: element,
  });

  routes.push(
    page(
      '/',
      'home',
      {
        title: home.seo.title,
        description: home.seo.description,
        canonical: true,
        structuredData: [localBusiness(site, siteUrl), webPage(siteUrl, '/', home.seo.title, home.seo.description)],
      },
      createElement(HomePage, { site, home, prices, images, coverage: home.coverage.cities.map((name) => townNamed(data.places, name)) }),
    ),
  );

  const start: Crumb = { name: 'Startseite', path: '/' };
  /** WebPage and BreadcrumbList for a page, plus whatever else describes it. */
  const described = (path: string, title: string, description: string, crumbs: Crumb[], ...more: object[]) => [
    webPage(siteUrl, path, title, description),
    breadcrumbList(siteUrl, crumbs),
    ...more,
  ];

  const { services } = data;
  const servicesCrumb: Crumb = { name: 'Leistungen', path: '/leistungen' };
  const overviewCrumbs = [start, servicesCrumb];
  routes.push(
    page(
      '/leistungen',
      'services',
      { ...services.overview.seo, canonical: true, structuredData: described('/leistungen', services.overview.seo.title, services.overview.seo.description, overviewCrumbs) },
      createElement(ServicesPage, { site, services, crumbs: overviewCrumbs }),
    ),
  );
  for (const service of services.services) {
    const path = servicePath(service.slug);
    const crumbs = [start, servicesCrumb, { name: service.title, path }];
    const price = quote(prices, service.priceId);
    routes.push(
      page(
        path,
        'service',
        {
          title: service.seo.title,
          description: service.seo.description,
          keywords: service.seo.keywords,
          canonical: true,
          structuredData: described(
            path,
            service.seo.title,
            service.seo.description,
            crumbs,
            serviceData(siteUrl, path, service.title, service.intro, { price: price.total, from: price.from, currency: prices.currency }, serviceRegions(site)),
          ),
        },
        createElement(ServicePage, {
          site,
          service,
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

  const { pricesPage } = data;
  const pricesCrumbs = [start, { name: 'Preise', path: '/preise' }];
  routes.push(
    page(
      '/preise',
      'prices',
      {
        ...pricesPage.seo,
        canonical: true,
        structuredData: described('/preise', pricesPage.seo.title, pricesPage.seo.description, pricesCrumbs, faqPage(siteUrl, '/preise', pricesPage.faq.items)),
      },
      createElement(PricesPage, { site, prices, vat: data.vat, page: pricesPage, crumbs: pricesCrumbs }),
    ),
  );

  const { about } = data;
  const aboutCrumbs = [start, { name: 'Über uns', path: '/ueber-uns' }];
  routes.push(
    page(
      '/ueber-uns',
      'about',
      { ...about.seo, canonical: true, structuredData: described('/ueber-uns', about.seo.title, about.seo.description, aboutCrumbs) },
      createElement(AboutPage, { site, about, crumbs: aboutCrumbs }),
    ),
  );

  const { reviewsPage } = data;
  const reviewsCrumbs = [start, { name: 'Bewertungen', path: '/bewertungen' }];
  routes.push(
    page(
      '/bewertungen',
      'reviews',
      {
        ...reviewsPage.seo,
        canonical: true,
        // The aggregate rating is added by the server from the last sync (server/reviews-page.ts).
        structuredData: described('/bewertungen', reviewsPage.seo.title, reviewsPage.seo.description, reviewsCrumbs),
      },
      createElement(ReviewsPage, { site, page: reviewsPage, crumbs: reviewsCrumbs }),
    ),
  );

  const { contactPage } = data;
  const contactCrumbs = [start, { name: 'Kontakt', path: '/kontakt' }];
  const { latitude, longitude } = site.address;
  routes.push(
    page(
      '/kontakt',
      'contact',
      {
        ...contactPage.seo,
        canonical: true,
        structuredData: described('/kontakt', contactPage.seo.title, contactPage.seo.description, contactCrumbs),
      },
      createElement(ContactPage, {
        site,
        prices,
        page: contactPage,
        crumbs: contactCrumbs,
        routeUrl: `https://www.google.com/maps/dir/?api=1&destination=${latitude},${longitude}`,
        embedUrl: `https://www.google.com/maps?q=${latitude},${longitude}&z=15&output=embed`,
      }),
    ),
  );

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

  const areaCrumb: Crumb = { name: 'Einsatzgebiet', path: '/einsatzgebiet' };
  const door = priceSentence(prices, 'tuer-zugefallen');
  const placeHead = (place: Place, crumbs: Crumb[]) => {
    const { indexable } = placeIndexing(place);
    const where = place.kind === 'district' && place.town ? `${place.name} (${place.town.name})` : place.name;
    // An unknown place may lie outside the service area: no fixed price is promised in its title.
    const title = `Schlüsseldienst ${where} – ${place.kind === 'fallback' ? 'Anfahrt und Preis am Telefon' : '24/7 Notdienst zum Festpreis'}`;
    const description =
      `Schlüsseldienst ${atWithTown(place)}: ${place.arrivalTime === null ? 'Ankunftszeit am Telefon' : `in ${place.arrivalTime} vor Ort`}, Türöffnung ${door}, ` +
      `rund um die Uhr erreichbar.`;
    return {
      title,
      description,
      // A page outside the index names no canonical address of its own (build/index-policy.ts).
      canonical: indexable,
      noindex: !indexable,
      structuredData: described(place.path, title, description, crumbs, placeService(siteUrl, place)),
    };
  };
  const placeCrumbs = (place: Place): Crumb[] =>
    place.kind === 'district' && place.town
      ? [start, areaCrumb, { name: place.town.name, path: place.town.path }, { name: place.name, path: place.path }]
      : [start, areaCrumb, { name: place.name, path: place.path }];
  const areaTitle = `Einsatzgebiet: Schlüsseldienst im Ruhrgebiet und Umgebung`;
  // The kinds of places from the data: "in 58 Städten und Gemeinden … mit ihren Stadtbezirken, Stadtteilen und Ortsteilen".
  const towns = data.places.filter((p) => p.kind === 'town');
  const areaDescription =
    `Schlüsseldienst in ${towns.length} ${townsWord(towns, 'dative')} rund um ${site.address.city} mit ihren ` +
    `${districtsWord(data.places.filter((p) => p.kind === 'district'), 'dative')}: Anfahrt, Festpreise und alle Orte von A bis Z.`;
  routes.push(
    page(
      '/einsatzgebiet',
      'area',
      { title: areaTitle, description: areaDescription, canonical: true, structuredData: described('/einsatzgebiet', areaTitle, areaDescription, [start, areaCrumb]) },
      createElement(AreaPage, {
        site,
        claims: data.claims,
        arrival: data.arrival,
        places: data.places,
        regions: REGIONS,
        crumbs: [start, areaCrumb],
        mapUrl: `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`,
        embedUrl: `https://www.google.com/maps?q=${latitude},${longitude}&z=9&output=embed`,
      }),
    ),
  );
  for (const place of data.places) {
    const crumbs = placeCrumbs(place);
    routes.push(page(place.path, place.kind, placeHead(place, crumbs), createElement(CityPage, { site, prices, claims: data.claims, vat: data.vat, place, crumbs })));
  }
  // The page of a place the data does not know, rendered by the server on request: it replaces
  // the tokens with the name and slug it derives from the address (spec: fallback data).
  const fallback: Place = {
    kind: 'fallback',
    slug: FALLBACK_TOKENS.slug,
    path: placePath(FALLBACK_TOKENS.slug),
    name: FALLBACK_TOKENS.name,
    ...plainPhrases(FALLBACK_TOKENS.name),
    town: null,
    region: null,
    arrivalTime: null,
    postcodes: [],
    population: null,
    isMainLocation: false,
    lead: FALLBACK_TEXT,
    description: null,
    facts: null,
    sources: [],
    districts: [],
    distanceKm: null,
    direction: null,
    nearby: [],
  };
  const fallbackCrumbs = placeCrumbs(fallback);
  routes.push({
    path: null,
    file: FALLBACK_FILE,
    template: 'fallback',
    head: placeHead(fallback, fallbackCrumbs),
    indexable: false,
    page: createElement(CityPage, { site, prices, claims: data.claims, vat: data.vat, place: fallback, crumbs: fallbackCrumbs }),
  });

  for (const slug of LEGAL_PAGES) {
    const prose = legal[slug];
    const path = `/${slug}`;
    routes.push(
      page(
        path,
        'legal',
        { title: prose.title, description: prose.description, canonical: true, structuredData: [webPage(siteUrl, path, prose.title, prose.description)] },
        createElement(LegalPage, { site, heading: prose.heading, html: prose.html, stand: prose.stand }),
      ),
    );
  }

  // The printable order form for the technician (ARCHITECTURE.md): reached from the AGB, of no use
  // to a search engine, so noindex, no canonical address and not in the sitemap.
  const { orderForm, withdrawal } = data;
  routes.push(
    page(
      '/auftrag',
      'order',
      {
        ...orderForm.seo,
        canonical: false,
        noindex: true,
        structuredData: [webPage(siteUrl, '/auftrag', orderForm.seo.title, orderForm.seo.description)],
      },
      createElement(OrderFormPage, {
        site,
        prices,
        vat: data.vat,
        form: orderForm,
        stand: withdrawal.stand,
        agbStand: legal.agb.stand,
        withdrawal: withdrawal.sections,
      }),
    ),
  );

  routes.push({
    path: null,
    file: MESSAGE_FILE,
    template: 'message',
    head: {
      title: `${MESSAGE_TOKENS.title} – ${site.name}`,
      description: `${site.name}: Ihre Nachricht an uns. Im Notfall erreichen Sie uns rund um die Uhr unter ${site.phone.display}.`,
      canonical: false,
      noindex: true,
    },
    indexable: false,
    page: createElement(MessagePage, { site }),
  });

  routes.push({
    path: null,
    file: '404.html',
    template: '404',
    head: { title: `Seite nicht gefunden – ${site.name}`, description: `Diese Seite gibt es nicht. ${site.name}: Schlüsselnotdienst rund um die Uhr – rufen Sie uns an oder wählen Sie eine Seite.`, canonical: false },
    indexable: false,
    page: createElement(NotFoundPage, { site }),
  });

  checkRoutes(routes);
  return routes;
}

/** Two routes that write the same file, or share a title, are a data mistake: list them all. */
export function checkRoutes(routes: Route[]): void {
  const problems: string[] = [];
  for (const [key, label] of [
    ['file', 'writing the same output file'],
    ['title', 'sharing one title'],
    ['description', 'sharing one description'],
  ] as const) {
    const seen = new Map<string, Route[]>();
    for (const route of routes) {
      const value = key === 'file' ? route.file : route.head[key];
      seen.set(value, [...(seen.get(value) ?? []), route]);
    }
    for (const [value, group] of seen) {
      if (group.length > 1) {
        problems.push(
          `Route conflict: ${group.length} routes are ${label} "${value}":\n` +
            group.map((route, index) => `  ${index + 1}. ${route.path ?? '(404 page)'} (${route.template})`).join('\n'),
        );
      }
    }
  }
  if (problems.length > 0) throw new Error(`${problems.join('\n')}\nGive each page its own path, title and description.`);
}

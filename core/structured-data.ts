// schema.org data of the one business entity; every page refers to it by its @id.
import type { PriceWindow } from './prices.ts';
import type { Site } from './schema/site.ts';

export function businessId(siteUrl: string): string {
  return `${siteUrl}/#business`;
}

export function localBusiness(site: Site, siteUrl: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Locksmith',
    '@id': businessId(siteUrl),
    name: site.name,
    url: `${siteUrl}/`,
    telephone: site.phone.e164,
    email: site.email,
    foundingDate: String(site.foundingYear),
    // No priceRange: data/prices.yaml has "ab" prices and extras named on the phone, so no upper
    // bound of what a job costs exists to state.
    paymentAccepted: 'Bargeld, girocard, Maestro, Kreditkarte (Visa, Mastercard), PayPal',
    currenciesAccepted: 'EUR',
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      postalCode: site.address.postalCode,
      addressLocality: site.address.city,
      addressRegion: site.address.region,
      addressCountry: site.address.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: site.address.latitude, longitude: site.address.longitude },
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
      opens: '00:00',
      closes: '23:59',
    },
    areaServed: site.serviceRegions.map((name) => ({ '@type': 'Place', name })),
  };
}

export function webPage(siteUrl: string, path: string, name: string, description: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    '@id': `${siteUrl}${path}#webpage`,
    url: `${siteUrl}${path}`,
    name,
    description,
    inLanguage: 'de-DE',
    publisher: { '@id': businessId(siteUrl) },
  };
}

export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbList(siteUrl: string, crumbs: Crumb[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: `${siteUrl}${crumb.path}`,
    })),
  };
}

/** Where the business works: the regions of data/site.yaml. */
export function serviceRegions(site: Site): object[] {
  return site.serviceRegions.map((name) => ({ '@type': 'Place', name }));
}

/**
 * The offer of a service: one price specification per time window of data/prices.yaml, each with
 * the condition it holds under (core/prices.ts, priceWindows); no offer without a condition. An
 * "ab" price is a minimum, not the price (a longer cylinder costs more).
 */
function offerOf(windows: PriceWindow[], currency: string): object {
  if (windows.length === 0) return {};
  const specification = (window: PriceWindow) => ({
    '@type': 'PriceSpecification',
    ...(window.from ? { minPrice: window.amount.toFixed(2) } : { price: window.amount.toFixed(2) }),
    priceCurrency: currency,
    description: window.when,
  });
  return { offers: { '@type': 'Offer', priceCurrency: currency, priceSpecification: windows.map(specification) } };
}

export function serviceData(siteUrl: string, path: string, name: string, description: string, offer: { windows: PriceWindow[]; currency: string }, areaServed: object[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    '@id': `${siteUrl}${path}#service`,
    name,
    description,
    serviceType: name,
    url: `${siteUrl}${path}`,
    provider: { '@id': businessId(siteUrl) },
    areaServed,
    ...offerOf(offer.windows, offer.currency),
  };
}

/**
 * The service on a place page: the business is defined once (the home page) and named here by
 * its @id; the area served is this place, within its town for a district. No local address of
 * our own in the place, no rating.
 */
export function placeService(siteUrl: string, place: { path: string; name: string; kind: string; town: { name: string } | null }): object {
  const town = place.kind === 'district' && place.town ? { containedInPlace: { '@type': 'City', name: place.town.name } } : {};
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    '@id': `${siteUrl}${place.path}#service`,
    name: `Schlüsseldienst ${place.name}`,
    serviceType: 'Schlüsseldienst',
    url: `${siteUrl}${place.path}`,
    provider: { '@id': businessId(siteUrl) },
    areaServed: { '@type': place.kind === 'district' ? 'Place' : 'City', name: place.name, ...town },
  };
}

export function faqPage(siteUrl: string, path: string, items: { question: string; answer: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    '@id': `${siteUrl}${path}#faq`,
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

// schema.org data of the one business entity; every page refers to it by its @id.
import type { Site } from '../../data/schema/site.ts';

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
    priceRange: '€€',
    paymentAccepted: 'Bargeld, EC-Karte, Kreditkarte, PayPal',
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

// The route table: every page the build writes, in the order of the sitemap and the route list.
// The pages that stand alone (the home page, /preise, /ueber-uns, /kontakt, /bewertungen, the
// legal pages, /auftrag, the 404 page and the server's message page) are defined here, each with
// its own words file (PAGE_WORDS); the families of many pages in their modules (services, trust
// pages, place pages, which declare the words of theirs there). Computed once from validated data and checked before anything renders
// (build/routes/checks.ts).
import { createElement } from 'react';
import { MESSAGE_TOKENS, serverFile } from '../../core/build-server-contract.ts';
import type { Place } from '../../core/place.ts';
import { HAPPY_HOUR_ID } from '../../core/prices.ts';
import { aboutSchema } from '../../core/schema/about.ts';
import { contactPageSchema } from '../../core/schema/contact-page.ts';
import { errorPagesSchema } from '../../core/schema/error-pages.ts';
import { homeSchema } from '../../core/schema/home.ts';
import { orderFormSchema } from '../../core/schema/order-form.ts';
import { pricesPageSchema } from '../../core/schema/prices-page.ts';
import { reviewsPageSchema } from '../../core/schema/reviews-page.ts';
import { fillSlots } from '../../core/slots.ts';
import { faqPage, localBusiness, webPage } from '../../core/structured-data.ts';
import { AboutPage } from '../../templates/pages/AboutPage.tsx';
import { ContactPage } from '../../templates/pages/ContactPage.tsx';
import { HomePage } from '../../templates/pages/HomePage.tsx';
import { LegalPage } from '../../templates/pages/LegalPage.tsx';
import { MessagePage } from '../../templates/pages/MessagePage.tsx';
import { NotFoundPage } from '../../templates/pages/NotFoundPage.tsx';
import { OrderFormPage } from '../../templates/pages/OrderFormPage.tsx';
import { PricesPage } from '../../templates/pages/PricesPage.tsx';
import { ReviewsPage } from '../../templates/pages/ReviewsPage.tsx';
import { DataError } from '../data-error.ts';
import { LEGAL_PAGES } from '../load/prose.ts';
import { priceIdProblems } from '../load/references.ts';
import { checkNavigation, checkRoutes } from './checks.ts';
import { pageWords, wordsOf } from './page-words.ts';
import { PLACE_WORDS, placePageRoutes } from './place-pages.ts';
import { routeKit, type Route, type RouteInputs, type RouteKit } from './route.ts';
import { serviceRoutes } from './services.ts';
import { trustRoutes } from './trust.ts';

export { fileForPath, routeKit, type Route, type RouteInputs } from './route.ts';
export { UNKNOWN_PLACE_FILE, PLACE_WORDS, isPlacePage, placeRouteMaker, type PlaceRouteMaker } from './place-pages.ts';
export { wordsOf, type PageWords } from './page-words.ts';

export const HOME_WORDS = pageWords('home.yaml', homeSchema, (home, { prices }) =>
  priceIdProblems('data/home.yaml', [
    ...home.hero.prices.map((p, i): [string, string] => [`hero.prices[${i}].priceId`, p.priceId]),
    ...home.services.cards.map((c, i): [string, string] => [`services.cards[${i}].priceId`, c.priceId]),
    ...home.prices.cards.map((c, i): [string, string] => [`prices.cards[${i}].priceId`, c.priceId]),
  ], prices, [HAPPY_HOUR_ID]),
);
export const PRICES_WORDS = pageWords('prices-page.yaml', pricesPageSchema, (page, { prices }) =>
  priceIdProblems('data/prices-page.yaml', page.cards.map((c, i) => [`cards[${i}].priceId`, c.priceId]), prices, [HAPPY_HOUR_ID]),
);
export const ABOUT_WORDS = pageWords('about.yaml', aboutSchema);
export const CONTACT_WORDS = pageWords('contact-page.yaml', contactPageSchema);
export const REVIEWS_WORDS = pageWords('reviews-page.yaml', reviewsPageSchema);
export const ORDER_WORDS = pageWords('order-form.yaml', orderFormSchema);
export const ERROR_WORDS = pageWords('error-pages.yaml', errorPagesSchema);
/** The words files of the pages that stand alone, loaded with the data (build/load/site-data.ts). */
export const PAGE_WORDS = [HOME_WORDS, PRICES_WORDS, ABOUT_WORDS, CONTACT_WORDS, REVIEWS_WORDS, ORDER_WORDS, ERROR_WORDS, PLACE_WORDS];

/** The page the server fills with a short message (the contact form's result without JavaScript). */
export const MESSAGE_FILE = serverFile('messagePage');

function townNamed(places: Place[], name: string): Place {
  const town = places.find((place) => place.kind === 'town' && place.name === name);
  if (!town) throw new DataError('data/home.yaml', 'coverage.towns', `"${name}" is not a town of data/places/`);
  return town;
}

function homeRoutes({ data, siteUrl, images, page }: RouteKit): Route[] {
  const { site, prices } = data;
  const home = wordsOf(data, HOME_WORDS);
  // The Locksmith is defined here, once; every other page refers to it by its @id.
  const head = { ...home.seo, canonical: true, structuredData: [localBusiness(site, siteUrl), webPage(siteUrl, '/', home.seo.title, home.seo.description)] };
  const coverage = home.coverage.towns.map((name) => townNamed(data.places, name));
  const buildDay = data.buildDate.toISOString().slice(0, 10);
  home.reviews.items.forEach((review, index) => {
    if (review.date > buildDay) throw new DataError('data/home.yaml', `reviews.items[${index}].date`, `${review.date} lies after the build's date (${buildDay}): write the day the review was written`);
  });
  return [page('/', 'home', head, createElement(HomePage, { site, home, prices, images, coverage, contactForm: data.contactForm.form, now: data.buildDate }))];
}

function pricesAndAboutRoutes({ data, siteUrl, start, crumb, page, described }: RouteKit): Route[] {
  const pricesPage = wordsOf(data, PRICES_WORDS);
  const about = wordsOf(data, ABOUT_WORDS);
  const pricesCrumbs = [start, crumb('/preise')];
  const aboutCrumbs = [start, crumb('/ueber-uns')];
  const { seo } = pricesPage;
  return [
    page(
      '/preise',
      'prices',
      { ...seo, canonical: true, structuredData: described('/preise', seo.title, seo.description, pricesCrumbs, faqPage(siteUrl, '/preise', pricesPage.faq.items)) },
      createElement(PricesPage, { site: data.site, prices: data.prices, vat: data.vat, page: pricesPage, crumbs: pricesCrumbs }),
    ),
    page(
      '/ueber-uns',
      'about',
      { ...about.seo, canonical: true, structuredData: described('/ueber-uns', about.seo.title, about.seo.description, aboutCrumbs) },
      createElement(AboutPage, { site: data.site, about, crumbs: aboutCrumbs }),
    ),
  ];
}

function contactRoutes({ data, start, crumb, page, described }: RouteKit): Route[] {
  const { site } = data;
  const [contactPage, reviewsPage, errorPages] = [wordsOf(data, CONTACT_WORDS), wordsOf(data, REVIEWS_WORDS), wordsOf(data, ERROR_WORDS)];
  const contactCrumbs = [start, crumb('/kontakt')];
  const reviewsCrumbs = [start, crumb('/bewertungen')];
  const { latitude, longitude } = site.address;
  const contactElement = createElement(ContactPage, {
    site,
    prices: data.prices,
    page: contactPage,
    contactForm: data.contactForm,
    crumbs: contactCrumbs,
    routeUrl: `https://www.google.com/maps/dir/?api=1&destination=${latitude},${longitude}`,
    embedUrl: `https://www.google.com/maps?q=${latitude},${longitude}&z=15&output=embed`,
  });
  const message = { title: fillSlots(errorPages.message.title, { title: MESSAGE_TOKENS.title }), description: errorPages.message.description, canonical: false, noindex: true };
  return [
    page('/kontakt', 'contact', { ...contactPage.seo, canonical: true, structuredData: described('/kontakt', contactPage.seo.title, contactPage.seo.description, contactCrumbs) }, contactElement),
    // The aggregate rating is added by the server from the last sync (server/reviews/).
    page(
      '/bewertungen',
      'reviews',
      { ...reviewsPage.seo, canonical: true, structuredData: described('/bewertungen', reviewsPage.seo.title, reviewsPage.seo.description, reviewsCrumbs) },
      createElement(ReviewsPage, { site, page: reviewsPage, crumbs: reviewsCrumbs }),
    ),
    { path: null, file: MESSAGE_FILE, template: 'message', head: message, indexable: false, page: createElement(MessagePage, { site }) },
  ];
}

/** The legal pages, the printable order form /auftrag and the 404 page. */
function legalAndErrorRoutes({ data, siteUrl, page }: RouteKit): Route[] {
  const { site, legal, withdrawal } = data;
  const orderForm = wordsOf(data, ORDER_WORDS);
  const { notFound } = wordsOf(data, ERROR_WORDS);
  const routes = LEGAL_PAGES.map((slug) => {
    const { title, description, heading, html, stand } = legal[slug];
    return page(`/${slug}`, 'legal', { title, description, canonical: true, structuredData: [webPage(siteUrl, `/${slug}`, title, description)] }, createElement(LegalPage, { site, heading, html, stand }));
  });
  // The form the technician fills in at the door (docs/decisions.md, 'Order form /auftrag'):
  // reached from the AGB, of no use to a search engine, so noindex, no canonical address and not
  // in the sitemap.
  const orderHead = { ...orderForm.seo, canonical: false, noindex: true, structuredData: [webPage(siteUrl, '/auftrag', orderForm.seo.title, orderForm.seo.description)] };
  routes.push(page('/auftrag', 'order', orderHead, createElement(OrderFormPage, { site, prices: data.prices, vat: data.vat, form: orderForm, stand: withdrawal.stand, agbStand: legal.agb.stand, withdrawal: withdrawal.sections, phoneScript: data.phoneScript })));
  // No address of its own: the server and static hosts answer unknown paths with it.
  const notFoundHead = { title: notFound.title, description: notFound.description, canonical: false };
  routes.push({ path: null, file: '404.html', template: '404', head: notFoundHead, indexable: false, page: createElement(NotFoundPage, { site, words: notFound }) });
  return routes;
}

const FAMILIES = [homeRoutes, serviceRoutes, pricesAndAboutRoutes, trustRoutes, contactRoutes, placePageRoutes, legalAndErrorRoutes];

export function listRoutes(inputs: RouteInputs): Route[] {
  const kit = routeKit(inputs);
  const routes = FAMILIES.flatMap((family) => family(kit));
  checkRoutes(routes);
  checkNavigation(inputs.data.navigation, new Set(routes.map((route) => route.path)));
  return routes;
}

// /einsatzgebiet, and the place pages: one per town and district, and the template of the place
// page of a place the data does not know (the server fills in its name). Heads come from data/place-pages.yaml; which
// place pages may be indexed, from build/indexing/policy.ts.
import { placePagesSchema } from '../../core/schema/place-pages.ts';
import { DataError } from '../data-error.ts';
import { priceIdProblems } from '../load/references.ts';
import { pageWords, wordsOf } from './page-words.ts';
import { createElement } from 'react';
import { REGIONS } from '../../core/schema/places.ts';
import { priceSentence } from '../../core/prices.ts';
import { atWithTown, districtsWord, plainPhrases, townsWord, type Place } from '../../core/place.ts';
import { fillSlots } from '../../core/slots.ts';
import { UNKNOWN_PLACE_TOKENS, serverFile } from '../../core/build-server-contract.ts';
import { placePath } from '../../core/slugs.ts';
import { placeService, type Crumb } from '../../core/structured-data.ts';
import { AreaPage } from '../../templates/pages/AreaPage.tsx';
import { PlacePage } from '../../templates/pages/place/PlacePage.tsx';
import { servicePath } from '../../templates/pages/ServicesPage.tsx';
import { placeIndexing } from '../indexing/policy.ts';
import { MadeOnRead, type Route, type RouteKit } from './route.ts';
import type { SiteData } from '../load/site-data.ts';

/** Where the build writes the place page of an unknown place, in which the server replaces the tokens. */
export const UNKNOWN_PLACE_FILE = serverFile('unknownPlacePage');

/** The place that page is rendered for: a name (the server's tokens) and nothing the data could vouch for. */
function unknownPlace(): Place {
  return {
    kind: 'town',
    known: false,
    slug: UNKNOWN_PLACE_TOKENS.slug,
    path: placePath(UNKNOWN_PLACE_TOKENS.slug),
    name: UNKNOWN_PLACE_TOKENS.name,
    ...plainPhrases(UNKNOWN_PLACE_TOKENS.name),
    town: null,
    region: null,
    arrivalTime: null,
    postcodes: [],
    population: null,
    isMainLocation: false,
    description: null,
    facts: null,
    sources: [],
    districts: [],
    distanceKm: null,
    direction: null,
    nearby: [],
  };
}

/** Whether a route is a place page: one of a thousand, written with a faster compression (build/write/compress.ts). */
export function isPlacePage(route: Route): boolean {
  return route.template === 'town' || route.template === 'district' || route.template === 'fallback';
}

/**
 * The words of /einsatzgebiet and of every place page (data/place-pages.yaml): the prices they
 * name must be in data/prices.yaml, the service cards' slugs in data/services.yaml.
 */
export const PLACE_WORDS = pageWords('place-pages.yaml', placePagesSchema, ({ page }, { prices, services }) => [
  ...priceIdProblems('data/place-pages.yaml', page.prices.ids.map((id, i) => [`page.prices.ids[${i}]`, id]), prices),
  ...page.services.cards.flatMap((card, i) =>
    services.services.some((service) => service.slug === card.slug) ? [] : [new DataError('data/place-pages.yaml', `page.services.cards[${i}].slug`, `"${card.slug}" is no service of data/services.yaml`)],
  ),
]);

/** The service cards of a place page: page, icon and price from data/services.yaml (slugs checked when the data loads). */
export function placeServiceCards(data: SiteData): { title: string; href: string; icon: string; priceId: string }[] {
  return wordsOf(data, PLACE_WORDS).page.services.cards.map((card) => {
    const service = data.services.services.find((entry) => entry.slug === card.slug)!;
    return { title: card.title, href: servicePath(service.slug), icon: service.icon, priceId: service.priceId };
  });
}

/** The route of one place's page: what `placePageRoutes` lists for every place, and what a render worker (build/render/pool.ts) makes for the places it is sent. */
export type PlaceRouteMaker = (place: Place) => Route;

/** The heads, crumbs and elements of the place pages, made from the data shared by all of them (not from the list of places). */
function placePageParts({ data, siteUrl, start, crumb, described }: RouteKit) {
  const { site, prices } = data;
  const placePages = wordsOf(data, PLACE_WORDS);
  const areaCrumb = crumb('/einsatzgebiet');
  const door = priceSentence(prices, 'tuer-zugefallen');

  const placeName = (place: Place) => (place.kind === 'district' && place.town ? `${place.name} (${place.town.name})` : place.name);
  const placeHead = (place: Place, crumbs: Crumb[]) => {
    const { indexable } = placeIndexing(place);
    const [title, description] =
      !place.known
        ? [placePages.unknownPlace.title, placePages.unknownPlace.description].map((text) => fillSlots(text, { name: place.name, at: place.at, door }))
        : [placePages.place.title, placePages.place.description].map((text) =>
            fillSlots(text, { where: placeName(place), at: atWithTown(place), arrival: place.arrivalTime ?? '', door }),
          );
    return {
      title: title!,
      description: description!,
      // A page outside the index names no canonical address of its own (build/indexing/policy.ts).
      canonical: indexable,
      noindex: !indexable,
      // Made when the page is rendered: held for every place until then, these objects took 12 MiB
      // at 10,000 places (docs/performance.md, "Memory").
      get structuredData() {
        return described(place.path, title!, description!, crumbs, placeService(siteUrl, place));
      },
    };
  };
  const placeCrumbs = (place: Place): Crumb[] =>
    place.kind === 'district' && place.town
      ? [start, areaCrumb, { name: place.town.name, path: place.town.path }, { name: place.name, path: place.path }]
      : [start, areaCrumb, { name: place.name, path: place.path }];
  const services = placeServiceCards(data);
  const placePage = (place: Place, crumbs: Crumb[]) => createElement(PlacePage, { site, prices, claims: data.claims, vat: data.vat, place, crumbs, words: placePages.page, services });
  const route: PlaceRouteMaker = (place) =>
    new MadeOnRead(place.path, place.kind, placeIndexing(place).indexable, () => placeHead(place, placeCrumbs(place)), () => placePage(place, placeCrumbs(place)), place.known ? placeName(place) : undefined);
  return { areaCrumb, placeHead, placeCrumbs, placePage, route };
}

/** `placePageRoutes`' route for any one place, without the list of places. */
export function placeRouteMaker(kit: RouteKit): PlaceRouteMaker {
  return placePageParts(kit).route;
}

export function placePageRoutes(kit: RouteKit): Route[] {
  const { data, start, page, described } = kit;
  const { site } = data;
  const words = wordsOf(data, PLACE_WORDS);
  const { areaCrumb, placeHead, placeCrumbs, placePage, route } = placePageParts(kit);
  const towns = data.places.filter((place) => place.kind === 'town');
  const area = words.area;
  const areaDescription = fillSlots(area.description, {
    towns: `${towns.length} ${townsWord(towns, 'dative')}`,
    city: site.address.city,
    districts: districtsWord(data.places.filter((place) => place.kind === 'district'), 'dative'),
  });
  const { latitude, longitude } = site.address;
  const routes = [
    page(
      '/einsatzgebiet',
      'area',
      { title: area.title, description: areaDescription, canonical: true, structuredData: described('/einsatzgebiet', area.title, areaDescription, [start, areaCrumb]) },
      createElement(AreaPage, {
        site,
        words: words.areaPage,
        places: data.places,
        regions: REGIONS,
        crumbs: [start, areaCrumb],
        mapUrl: `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`,
        embedUrl: `https://www.google.com/maps?q=${latitude},${longitude}&z=9&output=embed`,
        searchWords: words.search,
      }),
    ),
  ];
  for (const place of data.places) routes.push(route(place));
  // Rendered once; the server replaces the tokens with the name and slug it derives from the address.
  const unknown = unknownPlace();
  const unknownCrumbs = placeCrumbs(unknown);
  routes.push({ path: null, file: UNKNOWN_PLACE_FILE, template: 'fallback', head: placeHead(unknown, unknownCrumbs), indexable: false, page: placePage(unknown, unknownCrumbs) });
  return routes;
}

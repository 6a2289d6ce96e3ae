// Loads and validates all of data/, fills placeholders and checks references between files.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { marked } from 'marked';
import { aboutSchema, type About } from '../core/schema/about.ts';
import { contactPageSchema, type ContactPage } from '../core/schema/contact-page.ts';
import { contactFormSchema, type ContactFormTexts } from '../core/schema/contact-form.ts';
import { reviewsPageSchema, type ReviewsPage } from '../core/schema/reviews-page.ts';
import { citiesFileSchema } from '../core/schema/cities.ts';
import { claimsSchema, type Claims } from '../core/schema/claims.ts';
import { homeSchema, type Home } from '../core/schema/home.ts';
import { proseFrontMatterSchema, type ProseFrontMatter } from '../core/schema/legal.ts';
import { pricesPageSchema, type PricesPage } from '../core/schema/prices-page.ts';
import { pricesSchema, type Prices } from '../core/schema/prices.ts';
import { servicesSchema, type Services } from '../core/schema/services.ts';
import { siteSchema, type Site } from '../core/schema/site.ts';
import { trustFrontMatterSchema, type TrustFrontMatter } from '../core/schema/trust.ts';
import { formatGermanDate } from '../core/format.ts';
import { HAPPY_HOUR_ID, vatWording } from '../core/prices.ts';
import { arrivalFacts, type ArrivalFacts } from '../core/arrival.ts';
import { officeHours } from '../core/hours.ts';
import { germanList } from '../core/format.ts';
import { privacySchema } from '../core/schema/privacy.ts';
import { CONTACT_RETENTION_DAYS, PAGE_COUNT_RETENTION_MONTHS, OWNER_SESSION_IDLE_HOURS, BACKUP_DAILY_COPIES, BACKUP_WEEKLY_COPIES, visitRetentionDays } from '../core/retention.ts';
import { storageMarkdown, type RetentionFacts } from './privacy.ts';
import type { VatWording } from '../core/schema/prices.ts';
import { DataError, DataErrors } from './data-error.ts';
import { loadMarkdown, loadYaml } from './load.ts';
import { buildPlaces, type TownRecord } from './places.ts';
import { loadPostcodes } from './postcodes.ts';
import type { Place } from '../core/place.ts';
import { fillPlaceholders } from './placeholders.ts';
import { includeWithdrawal, loadWithdrawal, type Withdrawal } from './withdrawal.ts';
import { orderFormSchema, type OrderForm } from '../core/schema/order-form.ts';
import { placePagesSchema, type PlacePages } from '../core/schema/place-pages.ts';
import { errorPagesSchema, type ErrorPages } from '../core/schema/error-pages.ts';
import { navigationSchema, type Navigation } from '../core/schema/navigation.ts';
import { layoutSchema, type Layout } from '../core/schema/layout.ts';
import { consoleWordsSchema, type ConsoleWords } from '../core/schema/console.ts';
import { visitorMessagesSchema, type VisitorMessages } from '../core/schema/messages.ts';

export const LEGAL_PAGES = ['impressum', 'datenschutz', 'agb'] as const;
export type LegalSlug = (typeof LEGAL_PAGES)[number];

export interface ProsePage extends ProseFrontMatter {
  html: string;
}

export interface TrustPage extends TrustFrontMatter {
  slug: string;
  html: string;
}

export interface SiteData {
  site: Site;
  prices: Prices;
  /** Every promise with a number or a guarantee (data/claims.yaml), placeholders filled. */
  claims: Claims;
  /** Arrival times as promised, computed from the towns of data/cities/. */
  arrival: ArrivalFacts;
  /** The VAT wording data/site.yaml chooses. */
  vat: VatWording;
  home: Home;
  services: Services;
  pricesPage: PricesPage;
  about: About;
  contactPage: ContactPage;
  /** The words of the contact form's two variants and of the address selector (data/contact-form.yaml). */
  contactForm: ContactFormTexts;
  reviewsPage: ReviewsPage;
  trust: TrustPage[];
  /** Towns first, each followed by its districts. */
  places: Place[];
  legal: Record<LegalSlug, ProsePage>;
  /** The withdrawal rules (data/legal/widerruf.md) that the AGB and the order form share. */
  withdrawal: Withdrawal;
  /** The texts of the order form /auftrag (data/order-form.yaml). */
  orderForm: OrderForm;
  /** The heads of /einsatzgebiet and the place pages, with slots (data/place-pages.yaml). */
  placePages: PlacePages;
  /** The heads of the 404 page and the message page (data/error-pages.yaml). */
  errorPages: ErrorPages;
  /** The header navigation, whose labels also name the pages in breadcrumbs (data/navigation.yaml). */
  navigation: Navigation;
  /** The words of the header, menu, footer, consent banner and the small shared parts (data/layout.yaml). */
  layout: Layout;
  /** The words of the owner's console, which the server renders (data/console.yaml). */
  consoleWords: ConsoleWords;
  /** Every message the server gives a visitor (data/messages.yaml), handed to it in dist/_server/messages.json. */
  messages: VisitorMessages;
  buildDate: Date;
}

export interface LoadOptions {
  rootDir: string;
  dataDir?: string;
  buildDate: Date;
}

/** Every price id a file names must exist in data/prices.yaml: a typo would drop a price. */
function checkPriceIds(file: string, refs: [field: string, id: string][], prices: Prices, extra: string[] = []): void {
  const known = new Set([...prices.services, ...prices.parts].map((item) => item.id).concat(extra));
  const errors = refs
    .filter(([, id]) => !known.has(id))
    .map(([field, id]) => new DataError(file, field, `"${id}" is not a price id of data/prices.yaml (known: ${[...known].join(', ')})`));
  if (errors.length > 0) throw new DataErrors(errors);
}

/** A job's `needs` names parts: a typo would show a price without the part the job needs. */
function checkNeeds(prices: Prices): void {
  const parts = new Set(prices.parts.map((part) => part.id));
  const errors = prices.services.flatMap((service, i) =>
    service.needs
      .filter((id) => !parts.has(id))
      .map((id) => new DataError('data/prices.yaml', `services[${i}].needs`, `"${id}" is not a part id of this file (parts: ${[...parts].join(', ')})`)),
  );
  if (errors.length > 0) throw new DataErrors(errors);
}

function checkServices(services: Services, prices: Prices): void {
  const file = 'data/services.yaml';
  checkPriceIds(file, services.services.map((service, i) => [`services[${i}].priceId`, service.priceId]), prices, [HAPPY_HOUR_ID]);
  const slugs = services.services.map((service) => service.slug);
  const errors: DataError[] = [];
  slugs.forEach((slug, i) => {
    if (slugs.indexOf(slug) !== i) errors.push(new DataError(file, `services[${i}].slug`, `"${slug}" is used twice (also services[${slugs.indexOf(slug)}])`));
  });
  services.overview.cards.forEach((card, i) => {
    if (!card.link.startsWith('/') && !slugs.includes(card.link)) {
      errors.push(new DataError(file, `overview.cards[${i}].link`, `"${card.link}" is neither a service slug of this file nor a path such as "/kontakt"`));
    }
  });
  if (errors.length > 0) throw new DataErrors(errors);
}

function loadTrustPages(dataDir: string, fill: <T>(data: T, label: string) => T, places: Place[]): TrustPage[] {
  const dir = join(dataDir, 'trust');
  const pages = readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => {
      const label = `data/trust/${name}`;
      const prose = loadMarkdown(join(dir, name), label, trustFrontMatterSchema, fill);
      if (prose.data.image && !readdirSync(join(dataDir, 'images')).includes(prose.data.image.file)) {
        throw new DataError(label, 'image.file', `"${prose.data.image.file}" is not in data/images/`);
      }
      const { callBox } = prose.data;
      const townRows = callBox.towns.map((name, i) => {
        const town = places.find((place) => place.kind === 'town' && place.name === name);
        if (!town?.arrivalTime) throw new DataError(label, `callBox.towns[${i}]`, `"${name}" is not a town of data/cities/`);
        return { label: town.name, value: town.arrivalTime };
      });
      const page = { ...prose.data, callBox: { ...callBox, rows: [...callBox.rows, ...townRows] } };
      return { ...page, slug: name.slice(0, -3), html: marked.parse(prose.markdown, { async: false, gfm: true }) };
    });
  return pages.sort((a, b) => a.order - b.order);
}

export function loadData({ rootDir, dataDir = join(rootDir, 'data'), buildDate }: LoadOptions): SiteData {
  // Errors name files as the owner knows them ("data/site.yaml"), wherever the folder is.
  const file = (name: string): [string, string] => [join(dataDir, name), `data/${name}`];
  const site = loadYaml(...file('site.yaml'), siteSchema);
  const prices = loadYaml(...file('prices.yaml'), pricesSchema, (data, label) => fillPlaceholders(data, site, label));
  checkNeeds(prices);
  const vat = vatWording(site, prices);

  const towns: TownRecord[] = readdirSync(join(dataDir, 'cities'))
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .flatMap((name) => {
      const [path, label] = file(`cities/${name}`);
      return loadYaml(path, label, citiesFileSchema).towns.map((town, i) => ({ ...town, file: label, field: `towns[${i}]` }));
    });
  const places = buildPlaces(towns, loadPostcodes(...file('postcodes.csv')), site);

  // Claims may use facts, prices and their own numbers ({{claims.customers.count}}).
  const rawClaims = loadYaml(...file('claims.yaml'), claimsSchema);
  const arrival = arrivalFacts(places, rawClaims.arrival.coreMaxMinutes);
  const claims = fillPlaceholders(rawClaims, { ...site, prices, vat, arrival, claims: rawClaims }, 'data/claims.yaml');
  // The privacy policy states what the server keeps, for as long as the server keeps it: the same
  // constants, and the visit retention the deployment configures (read by the server too).
  const retention: RetentionFacts = {
    contactDays: CONTACT_RETENTION_DAYS,
    visitDays: visitRetentionDays(process.env['VISIT_RETENTION_DAYS']),
    pageCountMonths: PAGE_COUNT_RETENTION_MONTHS,
    ownerSessionHours: OWNER_SESSION_IDLE_HOURS,
    backupDays: BACKUP_DAILY_COPIES,
    backupWeeks: BACKUP_WEEKLY_COPIES,
  };
  const privacy = loadYaml(...file('privacy.yaml'), privacySchema);
  // The Google services a visitor's consent switches on: only those with a configured id.
  const googleServices = [
    site.analytics.gaMeasurementId ? 'Google Analytics' : null,
    site.analytics.adsId ? 'das Conversion-Tracking von Google Ads' : null,
  ].filter((name): name is string => name !== null);
  const context = {
    ...site,
    prices,
    claims,
    vat,
    arrival,
    retention,
    googleServices,
    googleServicesText: germanList(googleServices),
    privacy: { storage: storageMarkdown(privacy, retention) },
    officeHours: officeHours(site, prices).join(', '),
    buildDate: formatGermanDate(buildDate),
  };

  const fill = <T,>(data: T, label: string): T => fillPlaceholders(data, context, label);

  const home = loadYaml(...file('home.yaml'), homeSchema, fill);
  checkPriceIds('data/home.yaml', [
    ...home.hero.prices.map((p, i): [string, string] => [`hero.prices[${i}].priceId`, p.priceId]),
    ...home.services.cards.map((c, i): [string, string] => [`services.cards[${i}].priceId`, c.priceId]),
    ...home.prices.cards.map((c, i): [string, string] => [`prices.cards[${i}].priceId`, c.priceId]),
  ], prices, [HAPPY_HOUR_ID]);

  const services = loadYaml(...file('services.yaml'), servicesSchema, fill);
  checkServices(services, prices);
  const pricesPage = loadYaml(...file('prices-page.yaml'), pricesPageSchema, fill);
  checkPriceIds('data/prices-page.yaml', pricesPage.cards.map((c, i) => [`cards[${i}].priceId`, c.priceId]), prices, [HAPPY_HOUR_ID]);
  const about = loadYaml(...file('about.yaml'), aboutSchema, fill);
  const contactPage = loadYaml(...file('contact-page.yaml'), contactPageSchema, fill);
  const contactForm = loadYaml(...file('contact-form.yaml'), contactFormSchema, fill);
  const reviewsPage = loadYaml(...file('reviews-page.yaml'), reviewsPageSchema, fill);
  const trust = loadTrustPages(dataDir, fill, places);

  // A legal text is dated by its own front matter (`stand`), so that a customer and the owner can
  // tell which version applied; the build's date would change with every build.
  const fillLegal = <T,>(data: T, label: string): T => {
    if (/\{\{\s*buildDate\s*\}\}/.test(typeof data === 'string' ? data : JSON.stringify(data))) {
      throw new DataError(label, typeof data === 'string' ? 'body' : 'front matter', 'uses {{buildDate}}: a legal text carries the date of its version, not of the build; write it as `stand: "2026-11-24"` in the front matter and remove the placeholder');
    }
    return fill(data, label);
  };
  const withdrawal = loadWithdrawal(...file('legal/widerruf.md'), fillLegal);
  const legal = {} as Record<LegalSlug, ProsePage>;
  for (const slug of LEGAL_PAGES) {
    const [path, label] = file(`legal/${slug}.md`);
    const prose = loadMarkdown(path, label, proseFrontMatterSchema, fillLegal);
    legal[slug] = { ...prose.data, html: marked.parse(includeWithdrawal(prose.markdown, withdrawal, label), { async: false, gfm: true }) };
  }
  const orderForm = loadYaml(...file('order-form.yaml'), orderFormSchema, fill);
  const placePages = loadYaml(...file('place-pages.yaml'), placePagesSchema, fill);
  checkPriceIds('data/place-pages.yaml', placePages.page.prices.ids.map((id, i) => [`page.prices.ids[${i}]`, id]), prices);
  placePages.page.services.cards.forEach((card, i) => {
    if (!services.services.some((service) => service.slug === card.slug)) {
      throw new DataError('data/place-pages.yaml', `page.services.cards[${i}].slug`, `"${card.slug}" is no service of data/services.yaml`);
    }
  });
  const errorPages = loadYaml(...file('error-pages.yaml'), errorPagesSchema, fill);
  const navigation = loadYaml(...file('navigation.yaml'), navigationSchema);
  const layout = loadYaml(...file('layout.yaml'), layoutSchema, fill);
  const consoleWords = loadYaml(...file('console.yaml'), consoleWordsSchema, fill);
  const messages = loadYaml(...file('messages.yaml'), visitorMessagesSchema, fill);
  return { site, prices, claims, arrival, vat, home, services, pricesPage, about, contactPage, contactForm, reviewsPage, trust, places, legal, withdrawal, orderForm, placePages, errorPages, navigation, layout, consoleWords, messages, buildDate };
}


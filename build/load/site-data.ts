// The load step: every file of data/, parsed and validated against its schema (core/schema/), its
// {{placeholders}} filled (build/load/placeholders.ts), the towns and districts made into places
// (build/load/places.ts), and the references between files checked (build/load/references.ts). A
// mistake throws a DataError naming file, line, item, field and problem (build/load/source-lines.ts);
// nothing is written.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { arrivalFacts, type ArrivalFacts } from '../../core/arrival.ts';
import { formatGermanDate, germanList } from '../../core/format.ts';
import { officeHours } from '../../core/hours.ts';
import type { Place } from '../../core/place.ts';
import { vatWording } from '../../core/prices.ts';
import { BACKUP_DAILY_COPIES, BACKUP_LAST_COPIES, BACKUP_WEEKLY_COPIES, CONTACT_RETENTION_DAYS, OWNER_SESSION_HOURS, PAGE_COUNT_RETENTION_MONTHS, SPAM_RETENTION_DAYS, visitRetentionDays } from '../../core/retention.ts';
import { claimsSchema, type Claims } from '../../core/schema/claims.ts';
import { consoleWordsSchema, type ConsoleWords } from '../../core/schema/console.ts';
import { contactFormSchema, type ContactFormTexts } from '../../core/schema/contact-form.ts';
import { layoutSchema, type Layout } from '../../core/schema/layout.ts';
import { visitorMessagesSchema, type VisitorMessages } from '../../core/schema/messages.ts';
import { navigationSchema, type Navigation } from '../../core/schema/navigation.ts';
import { phoneScriptSchema, type PhoneScript } from '../../core/schema/phone-script.ts';
import { placesFileSchema } from '../../core/schema/places.ts';
import { pricesSchema, type Prices, type VatWording } from '../../core/schema/prices.ts';
import { privacySchema } from '../../core/schema/privacy.ts';
import { servicesSchema, type Services } from '../../core/schema/services.ts';
import { siteSchema, type Site } from '../../core/schema/site.ts';
import { loadYaml } from './files.ts';
import { fillPlaceholders } from './placeholders.ts';
import { buildPlaces, type TownRecord } from './places.ts';
import { loadPostcodes } from './postcodes.ts';
import { fallbackPlaces } from './fallback-places.ts';
import type { FallbackPlaces } from '../../core/build-server-contract.ts';
import { storageMarkdown, type RetentionFacts } from './privacy.ts';
import { loadLegal, loadTrustPages, type Fill, type LegalSlug, type ProsePage, type TrustPage } from './prose.ts';
import { checkNeeds, checkReferences } from './references.ts';
import { withLines } from './source-lines.ts';
import type { Withdrawal } from './withdrawal.ts';
import type { PageWords } from '../routes/page-words.ts';
import { PAGE_WORDS } from '../routes/index.ts';
import { ROOT_DIR } from '../root.ts';

export { LEGAL_PAGES, type LegalSlug, type ProsePage, type TrustPage } from './prose.ts';

/** The facts every page may state: the business, its prices and promises, and its places. */
export interface Facts {
  site: Site;
  prices: Prices;
  /** Every promise with a number or a guarantee (data/claims.yaml), placeholders filled. */
  claims: Claims;
  /** Arrival times as promised, computed from the towns of data/places/. */
  arrival: ArrivalFacts;
  /** The VAT wording data/site.yaml chooses. */
  vat: VatWording;
  /** Towns first, each followed by its districts. */
  places: Place[];
  /** The place names without a page of their own that get the page of an unknown place, by slug. */
  fallbackPlaces: FallbackPlaces;
}

/**
 * The words several pages share, one file each. A page that stands alone declares its own words
 * file beside its route (build/routes/page-words.ts); those are in `pageWords`.
 */
export interface SharedWords {
  services: Services;
  /** The words of the contact form's two variants and of the address selector (data/contact-form.yaml). */
  contactForm: ContactFormTexts;
  /** The header navigation, whose labels also name the pages in breadcrumbs (data/navigation.yaml). */
  navigation: Navigation;
  /** The words of the header, menu, footer, consent banner and the small shared parts (data/layout.yaml). */
  layout: Layout;
  /** The words of the owner's console, which the server renders (data/console.yaml). */
  consoleWords: ConsoleWords;
  /** Every message a visitor can read from the server (data/messages.yaml), written for it into dist/_server/messages.json. */
  messages: VisitorMessages;
  /** What we say on the phone before we drive (data/phone-script.yaml): on /auftrag and in the console. */
  phoneScript: PhoneScript;
}

export interface SiteData extends Facts, SharedWords {
  /** The declared words files of the pages that stand alone, by file name, each as its schema checked it (`wordsOf`, build/routes/page-words.ts). */
  pageWords: ReadonlyMap<string, unknown>;
  trust: TrustPage[];
  legal: Record<LegalSlug, ProsePage>;
  /** The withdrawal rules (data/legal/widerruf.md) that the AGB and the order form share. */
  withdrawal: Withdrawal;
  buildDate: Date;
}

/** A file of data/ as a path and as the owner knows it ("data/site.yaml"), wherever the folder is. */
type DataFile = (name: string) => [path: string, label: string];

/** The facts, and what a text's placeholders may name (`fill`). */
function loadFacts(file: DataFile, dataDir: string, buildDate: Date): { facts: Facts; fill: Fill } {
  const site = loadYaml(...file('site.yaml'), siteSchema);
  // The price file may state its own amounts in its sentences ({{euro:prices.extras.…}}).
  const prices = loadYaml(...file('prices.yaml'), pricesSchema, (data, label) => fillPlaceholders(data, { ...site, prices: data }, label));
  checkNeeds(prices);
  const vat = vatWording(site, prices);
  const towns: TownRecord[] = readdirSync(join(dataDir, 'places'))
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .flatMap((name) => {
      const [path, label] = file(`places/${name}`);
      return loadYaml(path, label, placesFileSchema).towns.map((town, i) => ({ ...town, file: label, field: `towns[${i}]` }));
    });
  const postcodes = loadPostcodes(...file('postcodes.csv'));
  const places = buildPlaces(towns, postcodes, site);
  const fallback = fallbackPlaces(postcodes, new Set(places.map((place) => place.slug)), new Set(towns.map((town) => town.postcodeName ?? town.name)), 'data/postcodes.csv');
  // Claims may use facts, prices and their own numbers ({{claims.orders.count}}).
  const rawClaims = loadYaml(...file('claims.yaml'), claimsSchema);
  const arrival = arrivalFacts(places, rawClaims.arrival.coreMaxMinutes);
  const claims = fillPlaceholders(rawClaims, { ...site, prices, vat, arrival, claims: rawClaims }, 'data/claims.yaml');
  // The privacy policy states what the server keeps, for as long as the server keeps it: the same
  // constants, and the visit retention the deployment configures (read by the server too).
  const retention: RetentionFacts = {
    contactDays: CONTACT_RETENTION_DAYS,
    spamDays: SPAM_RETENTION_DAYS,
    visitDays: visitRetentionDays(process.env['VISIT_RETENTION_DAYS']),
    pageCountMonths: PAGE_COUNT_RETENTION_MONTHS,
    ownerSessionHours: OWNER_SESSION_HOURS,
    backupDays: BACKUP_DAILY_COPIES,
    backupWeeks: BACKUP_WEEKLY_COPIES,
    backupLast: BACKUP_LAST_COPIES,
  };
  const privacy = loadYaml(...file('privacy.yaml'), privacySchema);
  // The Google services a visitor's consent switches on: only those with a configured id.
  const googleServices = [site.analytics.gaMeasurementId ? 'Google Analytics' : null, site.analytics.adsId ? 'das Conversion-Tracking von Google Ads' : null].filter((name): name is string => name !== null);
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
    officeHours: officeHours(site, prices),
    buildDate: formatGermanDate(buildDate),
  };
  return { facts: { site, prices, claims, arrival, vat, places, fallbackPlaces: fallback }, fill: (data, label) => fillPlaceholders(data, context, label) };
}

function loadSharedWords(file: DataFile, fill: Fill): SharedWords {
  return {
    services: loadYaml(...file('services.yaml'), servicesSchema, fill),
    contactForm: loadYaml(...file('contact-form.yaml'), contactFormSchema, fill),
    navigation: loadYaml(...file('navigation.yaml'), navigationSchema),
    layout: loadYaml(...file('layout.yaml'), layoutSchema, fill),
    consoleWords: loadYaml(...file('console.yaml'), consoleWordsSchema, fill),
    messages: loadYaml(...file('messages.yaml'), visitorMessagesSchema, fill),
    phoneScript: loadYaml(...file('phone-script.yaml'), phoneScriptSchema, fill),
  };
}

export interface LoadOptions {
  /** The project's data/ unless a caller (a test, `npm run check -- --data`) names another. */
  dataDir?: string;
  buildDate: Date;
  /** The words files of the pages that stand alone; by default those build/routes/index.ts declares (PAGE_WORDS). */
  pageWords?: readonly PageWords<unknown>[];
}

export function loadSiteData({ dataDir = join(ROOT_DIR, 'data'), buildDate, pageWords = PAGE_WORDS }: LoadOptions): SiteData {
  try {
    return loadAll(dataDir, buildDate, pageWords);
  } catch (error) {
    // Each problem at its line, and named by its item ("town 'Herdecke'") instead of "towns[20]".
    throw withLines(error, dataDir);
  }
}

function loadAll(dataDir: string, buildDate: Date, pageWords: readonly PageWords<unknown>[]): SiteData {
  // Errors name files as the owner knows them ("data/site.yaml"), wherever the folder is.
  const file: DataFile = (name) => [join(dataDir, name), `data/${name}`];
  const { facts, fill } = loadFacts(file, dataDir, buildDate);
  const words = loadSharedWords(file, fill);
  const own = pageWords.map((declared) => [declared, loadYaml(...file(declared.file), declared.schema, fill)] as const);
  checkReferences({ ...facts, ...words }, own.flatMap(([declared, value]) => declared.check(value, { ...facts, ...words })));
  const trust = loadTrustPages(dataDir, fill, facts.places);
  return { ...facts, ...words, pageWords: new Map(own.map(([declared, value]) => [declared.file, value])), trust, ...loadLegal(dataDir, fill), buildDate };
}

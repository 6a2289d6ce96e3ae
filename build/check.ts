// The build's check of the loaded data before anything is written: every photo the data names
// must be there, and the go-live check: every fact of data/ that is still the shipped example,
// every promise the owner has not confirmed, every placeholder image and unset id, each with the
// file and field to change, grouped (core/go-live.ts). `npm run check` prints the go-live list;
// `npm run build -- --production` refuses while it is not empty or SITE_URL is an example address;
// a plain build prints one line about it and hands the list to the console (dist/_server/site.json).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GO_LIVE_GROUPS, isExampleHost, isExampleMail, isExampleName, isReviewSearch, refusedInProduction, siteUrlItems, type GoLiveGroup, type GoLiveItem, type GoLiveKind } from '../core/go-live.ts';
import { isExampleNumber } from '../core/phone-number.ts';
import type { Claims } from '../core/schema/claims.ts';
import type { SiteData } from './load/site-data.ts';
import { DataError, DataErrors } from './data-error.ts';
import { missingImageSources } from './assets/images.ts';
import { imageSources } from './assets/assets.ts';
import { ABOUT_WORDS, HOME_WORDS, ORDER_WORDS, wordsOf } from './routes/index.ts';


/** An item of data/: its English line is the DataError's, which a production build throws. */
function dataItem(group: GoLiveGroup, kind: GoLiveKind, file: string, field: string, problem: string, slots: Record<string, string> = {}): GoLiveItem {
  return { group, kind, slots: { file, field, ...slots }, text: new DataError(file, field, problem).message, running: false };
}

function siteExamples({ site }: SiteData): GoLiveItem[] {
  const file = 'data/site.yaml';
  const found: GoLiveItem[] = [];
  const example = (field: string, value: string, fix: string) => found.push(dataItem('required', 'example', file, field, `example value "${value}": ${fix}`, { value }));
  if (isExampleName(site.name)) example('name', site.name, "enter the business's name");
  if (isExampleName(site.legalName)) example('legalName', site.legalName, 'enter the name as registered with the trade office');
  if (isExampleName(site.owner)) example('owner', site.owner, "enter the owner's full name");
  if (isExampleName(site.address.street)) example('address.street', site.address.street, "enter the shop's street and number");
  if (isExampleNumber(site.phone.e164)) example('phone.e164', site.phone.e164, "enter the business's real number (and phone.display)");
  if (isExampleNumber(site.whatsapp.e164)) example('whatsapp.e164', site.whatsapp.e164, 'enter the WhatsApp number (and whatsapp.display)');
  if (isExampleMail(site.email)) example('email', site.email, "enter the business's e-mail address");
  if (isExampleHost(new URL(site.url).hostname)) example('url', site.url, "enter the site's real address, e.g. https://www.…de");
  if (isReviewSearch(site.reviews.pageUrl)) {
    found.push(dataItem('recommended', 'reviewLink', file, 'reviews.pageUrl', "is a Google Maps search, not the review page of the business profile: enter the profile's review link"));
  }
  return found;
}

/** An id left null is unset; `false` says the owner runs without that service. */
function unsetIds({ site }: SiteData): GoLiveItem[] {
  return Object.entries(site.analytics)
    .filter(([, value]) => value === null)
    .map(([key]) => dataItem('optional', 'unset', 'data/site.yaml', `analytics.${key}`, 'unset: enter the id, or write false to run without it'));
}

/** The Impressum's facts (§ 5 DDG, DL-InfoV § 2) and the hoster the privacy policy names. */
function missingLegalFacts({ site }: SiteData): GoLiveItem[] {
  const file = 'data/site.yaml';
  const { registration: r, hosting } = site;
  const facts: [field: string, value: string | false | null, fix: string][] = [
    ['registration.rollNumber', r.rollNumber, "enter the number of the chamber's entry (Handwerksrolle), or false if the business is not entered"],
    ['registration.profession', r.profession, 'enter the Berufsbezeichnung of a regulated profession (e.g. a master craftsman), or false if there is none'],
    ['registration.supervisoryAuthority', r.supervisoryAuthority, 'name the authority that granted a trade permit, or false if the trade needs none'],
    ['registration.insurance.insurer', r.insurance.insurer, "enter the liability insurer's name and address (DL-InfoV § 2)"],
    ['registration.insurance.area', r.insurance.area, "enter where the insurance applies, e.g. \"Deutschland\""],
    ['hosting.provider', hosting.provider, 'enter who runs the server (named in the privacy policy)'],
    ['hosting.address', hosting.address, "enter the hoster's address"],
  ];
  if (r.profession) facts.push(['registration.professionGrantedIn', r.professionGrantedIn, 'enter the state that granted the Berufsbezeichnung, e.g. "Deutschland"']);
  return facts.filter(([, value]) => value === null).map(([field, , fix]) => dataItem('required', 'missing', file, field, `missing: ${fix}`));
}

function unconfirmedClaims(claims: Claims): GoLiveItem[] {
  return Object.entries(claims)
    .filter(([, claim]) => !claim.confirmed)
    .map(([id, claim]) =>
      dataItem('required', 'unconfirmed', 'data/claims.yaml', `${id}.confirmed`, `unconfirmed promise "${claim.text}": confirm it (true) once you can show it, or change the text`, { text: claim.text }),
    );
}

/** The readings of the law that the withdrawal texts, the order form and the phone script state, each in its file's header. */
function unconfirmedLegalReading(data: SiteData): GoLiveItem[] {
  const readings: [file: string, confirmed: boolean, what: string][] = [
    [
      'data/legal/widerruf.md',
      data.withdrawal.lawyerConfirmed,
      'the reading of § 312g Abs. 2 Nr. 11 / § 356 Abs. 4 BGB has not been confirmed by a lawyer: have the withdrawal texts, the declaration for an early start and the order form /auftrag checked',
    ],
    [
      'data/order-form.yaml',
      wordsOf(data, ORDER_WORDS).lawyerConfirmed,
      "the order form's reading (a signature line per confirmation, § 309 Nr. 12 b BGB; the declaration for an early start on every job; the price and arrival time named on the phone) has not been confirmed by a lawyer: have /auftrag checked",
    ],
    [
      'data/phone-script.yaml',
      data.phoneScript.lawyerConfirmed,
      'what we say on the phone before we drive (price, arrival, the right of withdrawal, the AGB) has not been confirmed by a lawyer as the information a contract by phone needs: have the script checked',
    ],
  ];
  return readings.filter(([, confirmed]) => !confirmed).map(([file, , what]) => dataItem('required', 'lawyer', file, 'lawyerConfirmed', `${what}, then set lawyerConfirmed: true`));
}

function pageExamples(data: SiteData): GoLiveItem[] {
  const [home, about] = [wordsOf(data, HOME_WORDS), wordsOf(data, ABOUT_WORDS)];
  const found: GoLiveItem[] = [];
  if (home.reviews.examples) found.push(dataItem('required', 'invented', 'data/home.yaml', 'reviews.examples', 'the nine home reviews are invented examples: put real reviews from the Google profile in reviews.items, then set examples: false'));
  if (home.gallery.examples) found.push(dataItem('recommended', 'invented', 'data/home.yaml', 'gallery.examples', 'the gallery says its pictures are placeholder drawings: once its images are photos of your work (with alt texts that describe them), set examples: false (the console\'s Fotos form does when it replaces the last drawing)'));
  if (about.team.examples) found.push(dataItem('required', 'invented', 'data/about.yaml', 'team.examples', 'the team members besides the owner are invented: enter the real team, then set examples: false'));
  if (about.milestones.examples) found.push(dataItem('required', 'invented', 'data/about.yaml', 'milestones.examples', 'the milestones are invented: enter the real history, then set examples: false'));
  return found;
}

/** Images whose bytes are the shipped drawings (data/images/placeholders.sha256). */
function placeholderImages(dataDir: string): GoLiveItem[] {
  const dir = join(dataDir, 'images');
  const list = join(dir, 'placeholders.sha256');
  if (!existsSync(list)) return [];
  const placeholders = new Set(readFileSync(list, 'utf8').split('\n').map((line) => line.split(/\s+/)[0]).filter(Boolean));
  return readdirSync(dir)
    .filter((name) => /\.(jpe?g|png|webp|avif)$/i.test(name))
    .filter((name) => placeholders.has(createHash('sha256').update(readFileSync(join(dir, name))).digest('hex')))
    .map((name) => dataItem('recommended', 'placeholder', `data/images/${name}`, '', 'is a placeholder drawing: replace it with a photo of the business (the console\'s Fotos form, or the same file name)'));
}

/** The go-live items of data/, most important first: the refusal of a production build and `npm run check` list them. */
export function goLiveItems(data: SiteData, dataDir: string): GoLiveItem[] {
  const items = [...siteExamples(data), ...missingLegalFacts(data), ...unsetIds(data), ...unconfirmedClaims(data.claims), ...unconfirmedLegalReading(data), ...pageExamples(data), ...placeholderImages(dataDir)];
  return items.sort((a, b) => GO_LIVE_GROUPS.indexOf(a.group) - GO_LIVE_GROUPS.indexOf(b.group));
}

/**
 * Checks the loaded data before the old dist/ is touched: a photo the data names but the folder
 * lacks stops the build, and so does any go-live item before going live in a production build, or an example
 * address in SITE_URL (`siteUrl`, null when unset). Returns the go-live items for the server
 * (dist/_server/site.json): a plain build only mentions them.
 */
export function checkData(data: SiteData, dataDir: string, production: boolean, siteUrl: string | null = null): GoLiveItem[] {
  const items = [...goLiveItems(data, dataDir), ...siteUrlItems(siteUrl, data.site.url)];
  // A production build never ships what must be done before going live: example facts, invented
  // reviews, unconfirmed promises, links to an example address. What is only recommended or
  // optional (placeholder photos, the review link, analytics ids) it lists and builds.
  const refused = items.filter(refusedInProduction);
  if (production && refused.length > 0) throw new DataErrors(refused.map(problemOf));
  const missing = missingImageSources(imageSources(data).map((name) => join(dataDir, 'images', name)));
  if (missing.length > 0) throw new DataErrors(missing);
  return items;
}

/** The item as the DataError a refused build prints (SITE_URL's with the variable for a file). */
function problemOf(item: GoLiveItem): DataError {
  const { file, field } = item.slots;
  if (file === undefined) return new DataError('SITE_URL', '', item.text.replace(/^SITE_URL is /, 'is '));
  return new DataError(file, field ?? '', item.text.slice(`${file}: ${field ? `${field}: ` : ''}`.length));
}

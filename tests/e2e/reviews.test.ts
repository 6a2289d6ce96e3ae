// /bewertungen: the reviews island against the real server and a local fake of the Places API.
// Only the server's nightly job asks Google; here the test runs the same sync on the server's
// database file. Each case gets a server with a database of its own (same built site).
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HTTPRequest, Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/index.ts';
import { featuresFromEnv } from '../../server/config.ts';
import { openDatabase } from '../../server/store/database.ts';
import { syncReviews } from '../../server/reviews/store.ts';
import { relativeDate } from '../../core/relative-date.ts';
import { MESSAGES, SERVER_WORDS } from '../support/server-files.ts';
import { FAKE_KEY, FAKE_PLACE_ID, startPlacesFake, type FakeReview, type PlacesFake } from '../integration/fixtures/places-fake.ts';
import { DESKTOP, isShown, useBrowser } from './browser.ts';

const open = useBrowser({ viewport: DESKTOP });

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** Newest first: 5, 4 and 5 stars, so 4,7 on average; the middle one without text. */
function threeReviews(): FakeReview[] {
  return [
    { reviewId: 'r-old', author: 'Clara Weiß', rating: 5, text: 'Schon lange her, aber top.', publishTime: ago(400 * DAY_MS) },
    { reviewId: 'r-new', author: 'Jürgen Groß', rating: 5, text: 'Schnell da, fairer Preis,\nTür ohne Schaden geöffnet.', publishTime: ago(2 * HOUR_MS) },
    { reviewId: 'r-mid', author: 'Ömer Kaya', rating: 4, publishTime: ago(3 * DAY_MS) },
  ];
}

let dir: string;
let fake: PlacesFake;
const servers: RunningServer[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'e2e-reviews-'));
  fake = await startPlacesFake();
});

afterAll(async () => {
  for (const server of servers) await server.close();
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

const databases = new Map<RunningServer, string>();

/** The nightly job's sync, run on the server's database file from the test's process. */
async function nightlySync(server: RunningServer): Promise<void> {
  const db = openDatabase(databases.get(server)!);
  try {
    const result = await syncReviews({ db, config: { ...featuresFromEnv({}), googlePlacesApiKey: FAKE_KEY, googlePlaceId: FAKE_PLACE_ID, googlePlacesBaseUrl: fake.url }, log: () => undefined }, { clearExisting: true });
    expect(result.success).toBe(true);
  } finally {
    db.close();
  }
}

/** The built site of the global setup, behind a server with a fresh database and the fake as Google. */
async function reviewsServer(): Promise<RunningServer> {
  const databasePath = join(dir, `site-${servers.length}.db`);
  const server = await startServer({
    distDir: inject('distDir'),
    port: 0,
    host: '127.0.0.1',
    databasePath,
    log: () => undefined,
    features: { jobs: false, visitsPerMinute: 1_000_000, reviewsChangePollMs: 500, googlePlacesApiKey: FAKE_KEY, googlePlaceId: FAKE_PLACE_ID, googlePlacesBaseUrl: fake.url },
  });
  servers.push(server);
  databases.set(server, databasePath);
  return server;
}

type Handler = (request: HTTPRequest) => boolean;

/** Intercepts the page's requests: the first handler that returns true takes one, the rest go on. */
function interception(handlers: Handler[]) {
  return async (page: Page) => {
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      for (const handler of handlers) if (handler(request)) return;
      void request.continue();
    });
  };
}

const isCall = (request: HTTPRequest, method: string, path: string) =>
  request.method() === method && new URL(request.url()).pathname === path;

/** Holds the first matching request until the test continues it. */
function holdFirst(method: string, path: string): { handler: Handler; caught: Promise<HTTPRequest> } {
  let taken = false;
  let resolve!: (request: HTTPRequest) => void;
  const caught = new Promise<HTTPRequest>((done) => (resolve = done));
  const handler: Handler = (request) => {
    if (taken || !isCall(request, method, path)) return false;
    taken = true;
    resolve(request);
    return true;
  };
  return { handler, caught };
}

/** Answers GET on this API path itself. */
function answer(path: string, status: number, body: unknown): Handler {
  return (request) => {
    if (!isCall(request, 'GET', path)) return false;
    void request.respond({ status, contentType: 'application/json', body: JSON.stringify(body) });
    return true;
  };
}
const answerReviews = (status: number, body: unknown) => answer('/api/reviews', status, body);
/** The server's rendering fails: the island wakes and loads the list itself. */
const islandFails = answer('/api/reviews/island', 503, { error: MESSAGES.reviews.unavailable });

const state = (page: Page, expected: string) =>
  page.waitForSelector(`[data-reviews-state="${expected}"]`, { timeout: 10_000 });
const text = (page: Page, selector: string) => page.$eval(selector, (element) => element.textContent?.trim() ?? '');
const texts = (page: Page, selector: string) =>
  page.$$eval(selector, (elements) => elements.map((element) => element.textContent?.trim() ?? ''));
/** What the eye reads: the texts without their visually hidden parts. */
const seen = (page: Page, selector: string) =>
  page.$$eval(selector, (elements) =>
    elements.map((element) => {
      const copy = element.cloneNode(true) as HTMLElement;
      for (const hidden of copy.querySelectorAll('.visually-hidden')) hidden.remove();
      return copy.textContent?.trim() ?? '';
    }),
  );
const refreshButton = '[data-reviews-refresh]';
/** The refresh button is marked busy with aria-disabled, so that it keeps the keyboard focus. */
const busy = (page: Page) => page.$eval(refreshButton, (button) => button.getAttribute('aria-disabled') === 'true');

/** Waits for a toast with this title and returns its text and variant. */
async function toast(page: Page, title: string): Promise<{ text: string; variant: string }> {
  const find = (title: string) => {
    const element = [...document.querySelectorAll<HTMLElement>('.toast')].find((toast) => toast.querySelector('.toast-title')?.textContent === title);
    return element ? { text: element.querySelector('.toast-text')?.textContent ?? '', variant: element.dataset.toast ?? '' } : null;
  };
  await page.waitForFunction(find, { timeout: 10_000 }, title);
  return (await page.evaluate(find, title))!;
}

/** Five reviews of a place that Google counts 24 ratings for: what the API returns at most. */
function fiveOf24(): FakeReview[] {
  const names = ['Anna Groß', 'Björn Weiß', 'Çelik Demir', 'Dörte Fuß', 'Emil Straße'];
  return names.map((author, index) => ({ reviewId: `s${index}`, author, rating: index === 3 ? 3 : 5, text: 'Sehr zufrieden.', publishTime: ago((index + 1) * DAY_MS) }));
}

describe('the reviews page', () => {
  it('while nothing is synced, shows one sentence where the reviews would be, the link to Google and no button', async () => {
    const server = await reviewsServer();
    const googleCalls = fake.requests.length;
    const firstLoad = holdFirst('GET', '/api/reviews/island');
    const v = await open(`${server.url}/bewertungen`, { prepare: interception([firstLoad.handler]) });
    const { page } = v;
    await page.click('[data-consent-necessary]');

    // The page asks the server for the island's content; until the answer comes it says that it
    // is loading. React is not needed for any of this.
    const held = await firstLoad.caught;
    expect(await text(page, '[data-reviews-state="loading"] [role="status"]')).toBe('Bewertungen werden geladen...');
    expect(await isShown(page, '.rv-spinner')).toBe(true);
    expect(await page.$eval('.rv-body', (body) => body.getAttribute('aria-busy'))).toBe('true');
    expect(await busy(page)).toBe(true);
    const heightLoading = await page.$eval('.reviews-section', (section) => section.getBoundingClientRect().height);
    const linkLoading = await page.$eval('.rv-actions a[data-track="review"]', (link) => link.getBoundingClientRect().toJSON());
    await held.continue();

    await state(page, 'loaded');
    const island = await page.$eval('.rv', (element) => (element as HTMLElement).innerText);
    expect(island.split(SERVER_WORDS.reviewsIsland.none)).toHaveLength(2);
    expect(await text(page, '.rv-empty')).toBe(SERVER_WORDS.reviewsIsland.none);
    expect(island).not.toContain('Keine Bewertungen gefunden');
    expect(await page.$(refreshButton)).toBeNull();
    expect(await isShown(page, '.rv-spinner').catch(() => false)).toBe(false);
    // Nothing moves: the link to Google stays where it was, the section keeps its height.
    expect(await page.$eval('.rv-actions a[data-track="review"]', (link) => link.getBoundingClientRect().toJSON())).toEqual(linkLoading);
    expect(await page.$eval('.reviews-section', (section) => section.getBoundingClientRect().height)).toBe(heightLoading);
    expect(v.requests.filter((url) => /\/assets\/reviews\./.test(url))).toEqual([]);
    expect(await text(page, '.rv-source')).toBe('Quelle: Google Maps – Bewertungen aus unserem Google-Unternehmensprofil. Wir prüfen nicht, ob Bewertende unsere Leistung tatsächlich in Anspruch genommen haben.');
    expect(fake.requests).toHaveLength(googleCalls);
    expect(v.errors).toEqual([]);
  });

  it('lists the reviews of the nightly sync newest first; the refresh button loads them again from our server, by keyboard, never from Google', async () => {
    fake.mode = 'ok';
    fake.reviews = threeReviews();
    // Google counts exactly the three reviews it returns: the distribution is the place's own.
    fake.rating = 4.7;
    fake.userRatingCount = 3;
    const server = await reviewsServer();
    await nightlySync(server);
    const googleCalls = fake.requests.length;
    const refresh = holdFirst('GET', '/api/reviews');
    const v = await open(`${server.url}/bewertungen`, { prepare: interception([refresh.handler]) });
    const { page } = v;
    await page.click('[data-consent-necessary]');
    await state(page, 'loaded');
    await page.waitForSelector('.rv-card');
    expect(await text(page, refreshButton)).toBe('Neu laden');

    // By keyboard: React takes over on the key and loads the list again; the button keeps the focus.
    await page.focus(refreshButton);
    await page.keyboard.press('Enter');
    const held = await refresh.caught;
    await page.waitForFunction((selector) => document.querySelector(selector)?.getAttribute('aria-disabled') === 'true', { timeout: 5_000 }, refreshButton);
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-reviews-refresh'))).toBe(true);
    await held.continue();
    await page.waitForFunction((selector) => document.querySelector(selector)?.getAttribute('aria-disabled') === 'false', {}, refreshButton);

    expect(await seen(page, '.rv-author')).toEqual(['Jürgen Groß', 'Ömer Kaya', 'Clara Weiß']);
    const now = new Date();
    const expectedDates = threeReviews()
      .sort((a, b) => b.publishTime.localeCompare(a.publishTime))
      .map((review) => relativeDate(review.publishTime, now));
    expect(await texts(page, '.rv-date')).toEqual(expectedDates);
    expect(expectedDates.at(-1)).toBe('vor 1 Jahr');
    expect(await texts(page, '.rv-text')).toEqual(['Schnell da, fairer Preis,\nTür ohne Schaden geöffnet.', 'Schon lange her, aber top.']);
    expect(await page.$$eval('.rv-card .stars', (stars) => stars.map((star) => star.getAttribute('aria-label')))).toEqual([
      '5 von 5 Sternen',
      '4 von 5 Sternen',
      '5 von 5 Sternen',
    ]);

    expect(await text(page, '.rv-average-value')).toBe('4,7 von 5 Sternen');
    expect(await page.$$eval('.rv-average .star-on', (stars) => stars.length)).toBe(5);
    expect(await text(page, '.rv-average-count')).toBe('Gesamtbewertung auf Google aus 3 Bewertungen');
    expect(await isShown(page, '.rv-distribution')).toBe(true);
    expect(await page.$('.rv-selection')).toBeNull();
    expect(await texts(page, '.rv-dist-row')).toEqual([
      '5 Sterne 2 Bewertungen (67\u00a0%)',
      '4 Sterne 1 Bewertung (33\u00a0%)',
      '3 Sterne 0 Bewertungen (0\u00a0%)',
      '2 Sterne 0 Bewertungen (0\u00a0%)',
      '1 Stern 0 Bewertungen (0\u00a0%)',
    ]);

    // Each author links to the profile on Google, in a new tab: the attribution Google asks for.
    const profile = await page.$eval('.rv-author a', (link) => ({ href: link.getAttribute('href'), target: link.getAttribute('target'), rel: link.getAttribute('rel') }));
    expect(profile).toEqual({ href: 'https://www.google.com/maps/contrib/J%C3%BCrgen%20Gro%C3%9F', target: '_blank', rel: 'noopener noreferrer' });
    const google = await page.$eval('.rv-actions a[data-track="review"]', (link) => ({ text: link.textContent, target: link.getAttribute('target') }));
    expect(google).toEqual({ text: 'Alle Bewertungen auf Google (öffnet in neuem Tab)', target: '_blank' });
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-reviews-refresh'))).toBe(true);
    expect(await text(page, '[role="status"]')).toBe('3 Bewertungen geladen.');
    // No request of the page went to Google, nor to a sync of ours.
    expect(fake.requests).toHaveLength(googleCalls);
    expect(v.requests.filter((url) => url.includes('/api/reviews/sync'))).toEqual([]);
    expect(await page.$$('.toast')).toEqual([]);
    // Hydration mismatches and script errors would show up here.
    expect(v.errors).toEqual([]);
  });

  it("shows Google's rating and count over five of 24 reviews, calls them a selection and shows no distribution", async () => {
    fake.mode = 'ok';
    fake.reviews = fiveOf24();
    fake.rating = 4.8;
    fake.userRatingCount = 24;
    const server = await reviewsServer();
    await nightlySync(server);

    const v = await open(`${server.url}/bewertungen`);
    const { page } = v;
    await page.click('[data-consent-necessary]');
    await state(page, 'loaded');
    const check = async () => {
      expect(await texts(page, '.rv-card')).toHaveLength(5);
      expect(await text(page, '.rv-average-value')).toBe('4,8 von 5 Sternen');
      expect(await text(page, '.rv-average-count')).toBe('Gesamtbewertung auf Google aus 24 Bewertungen');
      expect(await isShown(page, '.rv-selection')).toBe(true);
      expect(await text(page, '.rv-selection')).toBe(
        'Eine Auswahl von 5 der 24 Bewertungen: Google übermittelt uns höchstens fünf je Abruf. Alle Bewertungen finden Sie bei Google.',
      );
      expect(await page.$('.rv-distribution')).toBeNull();
      // The average of the five (4,6) is nowhere a figure of the page.
      expect(await page.$eval('.rv', (island) => (island as HTMLElement).innerText)).not.toContain('4,6');
    };
    await check();

    // React takes over the server's markup on the first click and renders the same.
    await page.click(refreshButton);
    await page.waitForSelector('[data-hydrated]');
    await page.waitForFunction((selector) => document.querySelector(selector)?.getAttribute('aria-disabled') === 'false', {}, refreshButton);
    await check();
    expect(v.errors).toEqual([]);
  });

  it('reloads the open page when the nightly sync changes the reviews, without a click', async () => {
    fake.mode = 'ok';
    fake.reviews = threeReviews();
    const server = await reviewsServer();
    let streamOpen: Promise<unknown> | undefined;
    const { page } = await open(`${server.url}/bewertungen`, {
      prepare: async (page) => {
        streamOpen = page.waitForResponse((response) => response.url().endsWith('/api/reviews/events'), { timeout: 10_000 });
      },
    });
    await state(page, 'loaded');
    expect(await text(page, '.rv-empty')).toBe(SERVER_WORDS.reviewsIsland.none);
    // The stream opens a few seconds after the first load; once its headers are out, the server
    // listens for changes on behalf of the page.
    await streamOpen;

    // The sync runs in another process's connection: the server notices it within its poll (10 s in
    // production, 0.5 s here).
    await nightlySync(server);
    await page.waitForSelector('.rv-card', { timeout: 20_000 });
    expect(await seen(page, '.rv-author')).toEqual(['Jürgen Groß', 'Ömer Kaya', 'Clara Weiß']);
    expect(await page.$$('.toast')).toEqual([]);
  });

  it('says so when the reviews cannot be loaded', async () => {
    const v = await open('/bewertungen', { prepare: interception([islandFails, answerReviews(500, { error: 'kaputt' })]) });
    await state(v.page, 'failed');
    expect(await toast(v.page, 'Fehler beim Laden der Bewertungen')).toEqual({
      text: 'Die Bewertungen konnten nicht geladen werden.',
      variant: 'destructive',
    });
    expect(v.warnings.some((warning) => warning.includes('The reviews could not be loaded'))).toBe(true);
    expect(await text(v.page, '.rv-actions button')).toBe('Erneut laden');
    expect(await isShown(v.page, '.rv-spinner').catch(() => false)).toBe(false);
  });

  it('shows only photos from our own server and an initial where a photo fails', async () => {
    const photo = `/img/${readdirSync(join(inject('distDir'), 'img')).find((file) => file.endsWith('.jpg'))}`;
    const review = (id: string, name: string, photoUrl: string | null) => ({
      id,
      author_name: name,
      author_url: null,
      author_photo_url: photoUrl,
      rating: 5,
      text: null,
      time_created: ago(DAY_MS),
    });
    const list = {
      reviews: [
        review('a', 'Anna Bauer', photo),
        review('b', 'Björn Schulz', '/img/gibt-es-nicht.jpg'),
        review('c', 'Çelik Demir', 'https://lh3.googleusercontent.com/a/photo=s128'),
      ],
      summary: {
        average: 5,
        totalReviews: 3,
        distribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: stars === 5 ? 3 : 0, percentage: stars === 5 ? 100 : 0 })),
        complete: false,
      },
      place: null,
    };
    const v = await open('/bewertungen', { prepare: interception([islandFails, answerReviews(200, list)]) });
    await state(v.page, 'loaded');
    await v.page.waitForFunction(() => document.querySelectorAll('.rv-card img').length === 1, { timeout: 10_000 });
    const avatars = await v.page.$$eval('.rv-card', (cards) =>
      cards.map((card) => {
        const image = card.querySelector('img');
        return image ? { src: image.getAttribute('src'), loaded: image.complete && image.naturalWidth > 0 } : card.querySelector('.rv-avatar-initial')?.textContent;
      }),
    );
    expect(avatars).toEqual([{ src: photo, loaded: true }, 'B', 'Ç']);
    const yesterday = relativeDate(list.reviews[0]!.time_created, new Date());
    expect(['gestern', 'vor 2 Tagen']).toContain(yesterday);
    expect(await texts(v.page, '.rv-date')).toEqual([yesterday, yesterday, yesterday]);
    expect(v.requests.filter((url) => url.includes('googleusercontent'))).toEqual([]);
    // Without a profile link the name is plain text.
    expect(await v.page.$$('.rv-author a')).toEqual([]);
    // Before any sync there are no Google figures: a selection, and no average of our own.
    expect(await text(v.page, '.rv-selection')).toBe(
      'Eine Auswahl von 3 Bewertungen: Google übermittelt uns höchstens fünf je Abruf. Alle Bewertungen finden Sie bei Google.',
    );
    expect(await v.page.$('.rv-average')).toBeNull();
    expect(await v.page.$('.rv-distribution')).toBeNull();
  });

  it('without JavaScript shows the note and the link to Google instead of a spinner', async () => {
    const { page } = await open('/bewertungen', { javaScript: false });
    expect(await isShown(page, '.no-script-note')).toBe(true);
    expect(await isShown(page, '.no-script-note a[data-track="review"]')).toBe(true);
    expect(await isShown(page, '.rv-spinner')).toBe(false);
    expect(await isShown(page, '[data-island="reviews"]')).toBe(false);
  });
});

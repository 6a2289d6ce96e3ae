// Reviews: the sync against a local fake of the Places API (New) in its real wire format, the
// list with its summary, the change stream and the operator's CLI; no visitor's request reaches Google.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, get as httpGet, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiContext } from '../../server/context.ts';
import { openDatabase, type Db } from '../../server/store/database.ts';
import { startServer, type RunningServer } from '../../server/index.ts';
import { gluedPairs } from '../support/plain-text.ts';
import { reviewsJobs, reviewsApi } from '../../server/reviews/routes.ts';
import { syncReviews } from '../../server/reviews/store.ts';
import { featuresFromEnv, type FeatureConfig } from '../../server/config.ts';
import { FAKE_KEY, FAKE_PLACE_ID, startPlacesFake, type FakeReview, type PlacesFake } from './fixtures/places-fake.ts';
import { writeFixtureSite } from './fixtures/site.ts';
import { MESSAGES, SERVER_WORDS, writeServerFiles } from '../support/server-files.ts';

const REVIEWS: FakeReview[] = [
  { reviewId: 'r1', author: 'Jürgen Groß', rating: 5, text: 'Schnell da, fairer Preis, Tür ohne Schaden geöffnet.', publishTime: '2026-11-20T18:04:11.123456789Z' },
  { reviewId: 'r2', author: 'Ayşe Kılıç', rating: 5, text: 'Um 3 Uhr nachts in 20 Minuten vor Ort.', publishTime: '2026-11-19T03:10:00Z' },
  { reviewId: 'r3', author: 'Dörte Weiß', rating: 4, publishTime: '2026-10-02T12:00:00Z' },
  { reviewId: 'r4', author: 'Max Mustermann', rating: 5, text: 'Sehr freundlich.', publishTime: '2026-09-01T08:30:00Z' },
  { reviewId: 'r5', author: 'Uwe Straße', rating: 2, text: 'Hat etwas gedauert.', publishTime: '2026-06-15T10:00:00Z' },
  { reviewId: 'r6', author: 'Lena Fuß', rating: 1, text: 'Nicht erreichbar gewesen.', publishTime: '2025-12-24T22:00:00Z' },
];

const REVIEWS_PAGE =
  '<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Bewertungen</title>' +
  '<script type="application/ld+json">{"@type":"WebPage"}</script></head><body><h1>Bewertungen</h1></body></html>';

let dir: string;
let fake: PlacesFake;
const open: { close(): unknown }[] = [];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'reviews-'));
  fake = await startPlacesFake(REVIEWS.map((review) => ({ ...review })));
});

afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

function services(overrides: Partial<FeatureConfig> = {}): Partial<FeatureConfig> {
  return {
    jobs: false,
    googlePlacesApiKey: FAKE_KEY,
    googlePlaceId: FAKE_PLACE_ID,
    googlePlacesBaseUrl: fake.url,
    ...overrides,
  };
}

function context(overrides: Partial<FeatureConfig> = {}): ApiContext & { logs: string[] } {
  const db = openDatabase(join(dir, 'site.db'));
  open.push(db);
  const logs: string[] = [];
  return {
    db,
    config: { ...featuresFromEnv({}), ...services(overrides) },
    site: null,
    messages: MESSAGES,
    log: (line) => logs.push(line),
    shutdown: new AbortController().signal,
    logs,
  };
}

async function server(overrides: Partial<FeatureConfig> = {}): Promise<RunningServer> {
  const distDir = join(dir, 'dist');
  writeFixtureSite(distDir, { 'bewertungen/index.html': Buffer.from(REVIEWS_PAGE) });
  writeServerFiles(distDir, { name: 'Schlüsseldienst Essen', email: 'info@example.de', phoneDisplay: '0201 1234567', url: 'https://example.de', reviewsPageUrl: 'https://g.page/r/fake/review' });
  const running = await startServer({ distDir, port: 0, host: '127.0.0.1', databasePath: join(dir, 'site.db'), log: () => undefined, features: services(overrides) });
  open.push(running);
  return running;
}

const rows = (db: Db) => db.prepare('select * from google_reviews order by id').all() as Record<string, unknown>[];

function cli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('GOOGLE_')));
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'scripts/reviews-sync.ts', ...args], { env: { ...clean, ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}

async function post(base: string, path: string, body: string, contentType = 'application/json') {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'Content-Type': contentType }, body });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('review sync against the Places API (New) fake', () => {
  it('inserts every review on the first sync, asking with key, field mask and German', async () => {
    const ctx = context();
    const result = await syncReviews(ctx, { clearExisting: false });
    expect(result).toEqual({ success: true, inserted: 6, updated: 0, deleted: 0, newReviews: expect.any(Array) });
    expect(result.newReviews!.map((review) => review.id)).toHaveLength(6);

    const [call] = fake.requests;
    expect(call!.path).toBe(`/v1/places/${FAKE_PLACE_ID}?languageCode=de`);
    expect(call!.headers['x-goog-api-key']).toBe(FAKE_KEY);
    expect(call!.headers['x-goog-fieldmask']).toBe('id,displayName,rating,userRatingCount,reviews');

    const first = ctx.db.prepare('select * from google_reviews where id = ?').get(`places/${FAKE_PLACE_ID}/reviews/r1`);
    expect(first).toMatchObject({
      author_name: 'Jürgen Groß',
      author_url: 'https://www.google.com/maps/contrib/J%C3%BCrgen%20Gro%C3%9F',
      rating: 5,
      text: 'Schnell da, fairer Preis, Tür ohne Schaden geöffnet.',
      time_created: '2026-11-20T18:04:11.123Z',
    });
    expect(ctx.db.prepare('select text from google_reviews where id like ?').get('%/r3')).toEqual({ text: null });
    expect(ctx.db.prepare('select success, inserted, updated, deleted, error, place_rating, place_rating_count from review_syncs').all())
      .toEqual([{ success: 1, inserted: 6, updated: 0, deleted: 0, error: null, place_rating: 4.8, place_rating_count: 123 }]);
  });

  it('updates a review whose text changed and counts nothing when nothing changed', async () => {
    const ctx = context();
    await syncReviews(ctx, { clearExisting: false });
    expect(await syncReviews(ctx, { clearExisting: false })).toEqual({ success: true, inserted: 0, updated: 0, deleted: 0 });

    fake.reviews[1]!.text = 'Nachtrag: auch die Rechnung war korrekt.';
    expect(await syncReviews(ctx, { clearExisting: false })).toEqual({ success: true, inserted: 0, updated: 1, deleted: 0 });
    expect(ctx.db.prepare('select text from google_reviews where id like ?').get('%/r2')).toEqual({ text: 'Nachtrag: auch die Rechnung war korrekt.' });
    expect(rows(ctx.db)).toHaveLength(6);
  });

  it('keeps a vanished review without clearExisting and removes it with clearExisting', async () => {
    const ctx = context();
    await syncReviews(ctx, { clearExisting: false });
    fake.reviews.splice(5, 1);
    expect(await syncReviews(ctx, { clearExisting: false })).toMatchObject({ success: true, deleted: 0 });
    expect(rows(ctx.db)).toHaveLength(6);
    expect(await syncReviews(ctx, { clearExisting: true })).toEqual({ success: true, inserted: 0, updated: 0, deleted: 1 });
    expect(rows(ctx.db).map((row) => row.id)).not.toContain(`places/${FAKE_PLACE_ID}/reviews/r6`);
  });

  const failures: [string, Partial<FeatureConfig>, PlacesFake['mode'], RegExp, number][] = [
    ['the API key is missing', { googlePlacesApiKey: null }, 'ok', /^GOOGLE_PLACES_API_KEY is not set: /, 0],
    ['the place id is missing', { googlePlaceId: null }, 'ok', /^GOOGLE_PLACE_ID is not set: /, 0],
    ['the API key is wrong', { googlePlacesApiKey: 'wrong' }, 'ok', /HTTP 403 \(PERMISSION_DENIED: The provided API key is invalid\.\)/, 1],
    ['Google answers 500', {}, 'error500', /HTTP 500 \(INTERNAL/, 1],
    ['Google does not answer in time', {}, 'hang', /did not answer within 300 ms/, 1],
    ['the answer is not JSON', {}, 'malformed', /not JSON/, 1],
    ['the answer has the wrong shape', {}, 'wrongShape', /unexpected shape: reviews\.0\.rating/, 1],
  ];
  it.each(failures)('gives an error result and changes no review when %s', async (_case, overrides, mode, message, calls) => {
    const ctx = context();
    await syncReviews(ctx, { clearExisting: false });
    const before = rows(ctx.db);
    fake.reviews.splice(0, 3);
    fake.mode = mode;
    fake.requests.length = 0;
    const failing = { ...ctx, config: { ...ctx.config, ...overrides } };

    const result = await syncReviews(failing, { clearExisting: true, timeoutMs: 300 });
    expect(result).toMatchObject({ success: false, inserted: 0, updated: 0, deleted: 0 });
    expect(result.error).toMatch(message);
    expect(fake.requests).toHaveLength(calls);
    expect(rows(ctx.db)).toEqual(before);
    expect(ctx.db.prepare('select success, error from review_syncs order by id desc limit 1').get()).toEqual({ success: 0, error: result.error });
    expect(ctx.logs.join('\n')).toContain(result.error);
  });

  it('runs the scheduled sync with clearExisting', async () => {
    const ctx = context({ reviewsSyncCron: '* * * * * *' });
    ctx.db.prepare("insert into google_reviews (id, author_name, rating, time_created, synced_at) values ('places/x/reviews/old', 'Alt', 3, '2020-01-01T00:00:00.000Z', '2020-01-01T00:00:00.000Z')").run();
    const stop = reviewsJobs(ctx);
    try {
      await expect.poll(() => rows(ctx.db).length, { timeout: 3000, interval: 100 }).toBe(6);
    } finally {
      stop();
    }
    expect(rows(ctx.db).map((row) => row.id)).not.toContain('places/x/reviews/old');
    expect(() => reviewsJobs(context({ reviewsSyncCron: 'täglich' }))).toThrow(/REVIEWS_SYNC_CRON "täglich" is not a valid cron expression/);
  });
});

describe('GET /api/reviews', () => {
  it('answers an empty list, a zero summary and no place figures before any sync', async () => {
    const { url } = await server();
    const response = await fetch(`${url}/api/reviews`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      reviews: [],
      summary: { average: 0, totalReviews: 0, distribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: 0, percentage: 0 })), complete: false },
      place: null,
    });
  });

  it('lists the reviews newest first with the average to one decimal and the distribution 5 to 1', async () => {
    const { url } = await server();
    expect(await syncReviews(context(), { clearExisting: false })).toMatchObject({ success: true, inserted: 6, updated: 0, deleted: 0 });
    const body = (await (await fetch(`${url}/api/reviews`)).json()) as {
      reviews: Record<string, unknown>[];
      summary: { average: number; totalReviews: number; distribution: { stars: number; count: number; percentage: number }[]; complete: boolean };
      place: unknown;
    };
    expect(body.reviews.map((review) => review.author_name)).toEqual(['Jürgen Groß', 'Ayşe Kılıç', 'Dörte Weiß', 'Max Mustermann', 'Uwe Straße', 'Lena Fuß']);
    expect(Object.keys(body.reviews[0]!).sort()).toEqual(['author_name', 'author_photo_url', 'author_url', 'id', 'rating', 'text', 'time_created']);
    // (5 + 5 + 4 + 5 + 2 + 1) / 6 = 3.67; thirds are rounded so that the percentages add up to 100.
    expect(body.summary).toEqual({
      average: 3.7,
      totalReviews: 6,
      distribution: [
        { stars: 5, count: 3, percentage: 50 },
        { stars: 4, count: 1, percentage: 17 },
        { stars: 3, count: 0, percentage: 0 },
        { stars: 2, count: 1, percentage: 17 },
        { stars: 1, count: 1, percentage: 16 },
      ],
      // Six cached reviews of Google's 123: the summary describes the cache, not the place.
      complete: false,
    });
    expect(body.place).toEqual({ rating: 4.8, userRatingCount: 123 });
  });

  it('marks the summary complete only when the cache holds as many reviews as Google counts', async () => {
    fake.userRatingCount = 6;
    const { url } = await server();
    await syncReviews(context(), { clearExisting: false });
    const summary = async () => ((await (await fetch(`${url}/api/reviews`)).json()) as { summary: { complete: boolean } }).summary.complete;
    expect(await summary()).toBe(true);

    // Google counts one more rating than it returns (at most five a retrieval): a selection again.
    fake.userRatingCount = 7;
    await syncReviews(context(), { clearExisting: false });
    expect(await summary()).toBe(false);
  });
});

describe('GET /api/reviews/island', () => {
  it('renders the loaded island with its props, only with photos this server has', async () => {
    const { url } = await server();
    const empty = (await (await fetch(`${url}/api/reviews/island`)).json()) as { html: string; props: Record<string, any> };
    // Nothing synced yet: one sentence where the reviews would be, the link to Google beside it, and no button.
    expect(empty.html.split(SERVER_WORDS.reviewsIsland.none)).toHaveLength(2);
    expect(empty.html).toContain('href="https://g.page/r/fake/review"');
    expect(empty.html).not.toContain('<button');
    expect(empty.props).toMatchObject({ pageUrl: 'https://g.page/r/fake/review', initial: { reviews: [] } });

    await syncReviews(context(), { clearExisting: false });
    const response = await fetch(`${url}/api/reviews/island`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const island = (await response.json()) as { html: string; props: Record<string, any> };
    expect(island.html).toContain('data-reviews-state="loaded"');
    expect(island.html).toContain('Jürgen Groß');
    expect(island.html).not.toContain('googleusercontent');
    expect(island.props.initial.reviews).toHaveLength(6);
    expect(island.props.initial.reviews[0].author_photo_url).toBeNull();
    expect(Date.parse(island.props.now)).toBeGreaterThan(Date.now() - 60_000);
    expect((await fetch(`${url}/api/reviews/island`, { method: 'POST' })).status).toBe(405);
  });

  /** The island's text as a visitor's screen reader gets it: tags and React's text separators gone. */
  const islandText = async (url: string) => {
    const { html } = (await (await fetch(`${url}/api/reviews/island`)).json()) as { html: string };
    return { html, text: html.replace(/<[^>]*>/g, '').replace(/&amp;/g, '&') };
  };
  const SELECTION_NOTE = 'Google übermittelt uns höchstens fünf je Abruf. Alle Bewertungen finden Sie bei Google.';

  it("headlines Google's rating and count and calls five of 24 reviews a selection, without a distribution", async () => {
    fake.reviews.splice(5);
    fake.rating = 4.8;
    fake.userRatingCount = 24;
    const { url } = await server();
    await syncReviews(context(), { clearExisting: false });
    const { html, text } = await islandText(url);
    expect(text).toContain('4,8 von 5 Sternen');
    expect(text).toContain('Gesamtbewertung auf Google aus 24 Bewertungen');
    expect(text).toContain(`Eine Auswahl von 5 der 24 Bewertungen: ${SELECTION_NOTE}`);
    expect(html).not.toContain('rv-distribution');
    expect(text).not.toContain('Verteilung');
    expect(text).not.toMatch(/\d+ Sterne?\d/);
    // The average of the five cached reviews (4.4) is no headline of its own.
    expect(text).not.toContain('4,4');
    expect(html.match(/class="card rv-card"/g)).toHaveLength(5);
  });

  it('counts the reviews the cache kept from earlier syncs into the selection', async () => {
    fake.userRatingCount = 24;
    const { url } = await server();
    fake.reviews.splice(3);
    await syncReviews(context(), { clearExisting: false });
    // The next retrieval returns three other reviews; without --clear the first three stay.
    fake.reviews.splice(0, 3, ...REVIEWS.slice(3).map((review) => ({ ...review })));
    await syncReviews(context(), { clearExisting: false });
    expect((await islandText(url)).text).toContain(`Eine Auswahl von 6 der 24 Bewertungen: ${SELECTION_NOTE}`);
  });

  it("shows the distribution when it is computed from all of Google's reviews", async () => {
    fake.rating = 3.7;
    fake.userRatingCount = 6;
    const { url } = await server();
    await syncReviews(context(), { clearExisting: false });
    const { html, text } = await islandText(url);
    expect(text).toContain('3,7 von 5 Sternen');
    expect(text).toContain('Gesamtbewertung auf Google aus 6 Bewertungen');
    expect(html).toContain('aria-label="Verteilung der Sterne"');
    const rows = [...html.matchAll(/<li class="rv-dist-row">(.*?)<\/li>/g)].map((row) => row[1]!.replace(/<[^>]*>/g, '').replace(/\u00a0/g, ' '));
    expect(rows).toEqual([
      '5 Sterne 3 Bewertungen (50 %)',
      '4 Sterne 1 Bewertung (17 %)',
      '3 Sterne 0 Bewertungen (0 %)',
      '2 Sterne 1 Bewertung (17 %)',
      '1 Stern 1 Bewertung (16 %)',
    ]);
    // Read without CSS, no two of the island's items run together (tests/support/plain-text.ts).
    expect(gluedPairs(html)).toEqual([]);
    expect(text).not.toContain('Eine Auswahl');
  });

  it('before any sync shows the cached reviews as a selection, with no average standing in for Google', async () => {
    const { url } = await server();
    const db = openDatabase(join(dir, 'site.db'));
    open.push(db);
    const insert = db.prepare('insert into google_reviews (id, author_name, rating, time_created, synced_at) values (?, ?, ?, ?, ?)');
    insert.run('places/x/reviews/a', 'Anna Groß', 5, '2026-01-02T00:00:00.000Z', '2026-01-02T00:00:00.000Z');
    insert.run('places/x/reviews/b', 'Björn Weiß', 3, '2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z');
    const { html, text } = await islandText(url);
    expect(text).toContain(`Eine Auswahl von 2 Bewertungen: ${SELECTION_NOTE}`);
    expect(html).not.toContain('rv-average');
    expect(html).not.toContain('rv-distribution');
    expect(text).not.toContain('Sternen');
    expect(text).not.toContain('Gesamtbewertung');
    expect(html.match(/class="card rv-card"/g)).toHaveLength(2);
  });
});

describe('/bewertungen', () => {
  const ratingOf = (html: string) => {
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) => JSON.parse(match[1]!));
    return blocks.find((block) => block.aggregateRating)?.aggregateRating ?? null;
  };

  it('carries the aggregate rating of the last successful sync, and none before the first', async () => {
    const { url } = await server();
    const before = await fetch(`${url}/bewertungen`);
    expect(before.status).toBe(200);
    expect(ratingOf(await before.text())).toBeNull();

    await syncReviews(context(), { clearExisting: false });
    const after = await fetch(`${url}/bewertungen`, { headers: { 'Accept-Encoding': 'br' } });
    expect(after.headers.get('content-encoding')).toBe('br');
    const html = await after.text();
    expect(ratingOf(html)).toEqual({ '@type': 'AggregateRating', ratingValue: 4.8, ratingCount: 123, bestRating: 5, worstRating: 1 });
    expect(html).toContain('"@id":"https://example.de/#business"');

    // Google's figures change with the next sync; a failed sync after it changes nothing.
    fake.rating = 4.9;
    fake.userRatingCount = 124;
    await syncReviews(context(), { clearExisting: true });
    fake.mode = 'error500';
    await syncReviews(context(), { clearExisting: true });
    const etag = (await fetch(`${url}/bewertungen`)).headers.get('etag')!;
    expect(ratingOf(await (await fetch(`${url}/bewertungen`)).text())).toMatchObject({ ratingValue: 4.9, ratingCount: 124 });
    expect((await fetch(`${url}/bewertungen`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    expect((await fetch(`${url}/bewertungen`, { method: 'HEAD' })).status).toBe(200);
  });
});

describe('no visitor reaches Google', () => {
  it('has no public sync: POST /api/reviews/sync is no endpoint, and the list, the island and the page read the cache only', async () => {
    const { url } = await server();
    expect(await post(url, '/api/reviews/sync', JSON.stringify({ clearExisting: true }))).toEqual({ status: 404, json: { error: MESSAGES.api.notFound } });
    for (const path of ['/api/reviews', '/api/reviews/island', '/bewertungen']) expect((await fetch(`${url}${path}`)).status, path).toBe(200);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('GET /api/reviews/events', () => {
  function connect(url: string): Promise<{ response: IncomingMessage; text: () => string }> {
    return new Promise((resolve, reject) => {
      const req = httpGet(`${url}/api/reviews/events`, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        resolve({ response, text: () => text });
      });
      req.on('error', reject);
    });
  }

  it('streams a change event after a sync that changed rows, and ends on shutdown', async () => {
    // The nightly job's sync in the server's own process, through its database.
    const ctx = context();
    const shutdown = new AbortController();
    const app = express().use('/api/reviews', reviewsApi({ ...ctx, shutdown: shutdown.signal }));
    const http = createServer(app);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    open.push({ close: () => new Promise((resolve) => http.close(resolve)) });
    const stream = await connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`);
    expect(stream.response.statusCode).toBe(200);
    expect(stream.response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers['cache-control']).toMatch(/no-cache/);

    await syncReviews(ctx, { clearExisting: true });
    await expect.poll(stream.text, { timeout: 2000, interval: 20 }).toContain('event: change\ndata: {"inserted":6,"updated":0,"deleted":0}\n\n');

    const ended = new Promise((resolve) => stream.response.on('end', resolve));
    shutdown.abort();
    await ended;
    expect(stream.text().match(/event: change/g)).toHaveLength(1);
  });

  it('also reports a sync that the CLI ran in another process', { timeout: 60_000 }, async () => {
    const ctx = context({ reviewsChangePollMs: 100 });
    const shutdown = new AbortController();
    const app = express().use('/api/reviews', reviewsApi({ ...ctx, shutdown: shutdown.signal }));
    const http = createServer(app);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    open.push({ close: () => { shutdown.abort(); return new Promise((resolve) => http.close(resolve)); } });
    const stream = await connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`);

    const env = { GOOGLE_PLACES_API_KEY: FAKE_KEY, GOOGLE_PLACE_ID: FAKE_PLACE_ID, GOOGLE_PLACES_BASE_URL: fake.url, DATABASE_PATH: join(dir, 'site.db') };
    expect((await cli([], env)).code).toBe(0);
    await expect.poll(stream.text, { timeout: 2000, interval: 20 }).toContain('event: change\ndata: {"inserted":6,"updated":0,"deleted":0}\n\n');
    expect((await cli([], env)).code).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream.text().match(/event: change/g)).toHaveLength(1);
  });
});

describe('npm run reviews:sync', () => {
  it('syncs the configured place with exit code 0, and --clear removes vanished reviews', { timeout: 60_000 }, async () => {
    const env = { GOOGLE_PLACES_API_KEY: FAKE_KEY, GOOGLE_PLACE_ID: FAKE_PLACE_ID, GOOGLE_PLACES_BASE_URL: fake.url, DATABASE_PATH: join(dir, 'cli.db') };
    const first = await cli([], env);
    expect(first).toMatchObject({ code: 0, stdout: 'Review sync done: 6 inserted, 0 updated, 0 deleted; 6 reviews stored.\n' });
    fake.reviews.splice(0, 2);
    const second = await cli(['--clear'], env);
    expect(second).toMatchObject({ code: 0, stdout: 'Review sync done: 0 inserted, 0 updated, 2 deleted; 4 reviews stored.\n' });
  });

  // Four CLI processes, each starting tsx: seconds on a busy two-core machine.
  it('exits 1 with an English reason when the key is missing or Google fails, and shows --help', { timeout: 60_000 }, async () => {
    const base = { GOOGLE_PLACE_ID: FAKE_PLACE_ID, GOOGLE_PLACES_BASE_URL: fake.url, DATABASE_PATH: join(dir, 'cli.db') };
    const missing = await cli([], base);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^Review sync failed: GOOGLE_PLACES_API_KEY is not set: /);
    fake.mode = 'error500';
    const failing = await cli([], { ...base, GOOGLE_PLACES_API_KEY: FAKE_KEY });
    expect(failing.code).toBe(1);
    expect(failing.stderr).toMatch(/HTTP 500/);
    const help = await cli(['--help'], {});
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run reviews:sync/);
    expect((await cli(['--clean'], {})).code).toBe(1);
  });
});

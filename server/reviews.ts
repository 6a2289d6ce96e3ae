// Reviews: the Google reviews cache in SQLite, its sync from the Places API, the list with its
// summary, the throttled public sync and the change stream (Server-Sent Events).
// Google's terms allow Places content only as a cache that syncs refresh, so the table is
// rewritten by every sync and never copied into the static pages.
import { EventEmitter } from 'node:events';
import { jsonBodyErrors, refuseAnnouncedTooLarge, type BodyProblem } from './body-errors.ts';
import express, { Router, type Request, type Response } from 'express';
import cron from 'node-cron';
import { z } from 'zod';
import type { ApiContext, StopJobs } from './context.ts';
import type { Db } from './db.ts';
import { apiRateLimit } from './rate-limit.ts';
import type { Review, ReviewList, ReviewSummary } from '../data/schema/reviews.ts';
import { fetchPlaceDetails, type PlaceReview, type PlacesErrorKind } from './google-places.ts';

export interface SyncOptions {
  clearExisting: boolean;
  /** Overrides the 10 s upstream timeout (tests). */
  timeoutMs?: number;
}

export interface SyncResult {
  success: boolean;
  inserted: number;
  updated: number;
  deleted: number;
  /** English, for the operator. */
  error?: string;
  errorKind?: PlacesErrorKind;
}

export interface ReviewChange {
  inserted: number;
  updated: number;
  deleted: number;
}

/** The public endpoint reaches Google at most once in this window (API quota). */
export const PUBLIC_SYNC_INTERVAL_MS = 15 * 60 * 1000;
/** The CLI syncs from another process; the stream notices its rows this often. */
export const CHANGE_POLL_MS = 10_000;
export const HEARTBEAT_MS = 25_000;
const SYNC_BODY_LIMIT = 2 * 1024;

interface SyncRow {
  id: number;
  started_at: string;
  success: number;
  inserted: number;
  updated: number;
  deleted: number;
  error: string | null;
  place_rating: number | null;
  place_rating_count: number | null;
}

// One change feed per database: syncs of this process publish directly, the poller picks up
// rows written by other processes, and lastSeenId keeps a change from being sent twice.
interface ChangeFeed {
  emitter: EventEmitter;
  lastSeenId: number;
  running: Promise<SyncResult> | null;
}
const feeds = new WeakMap<Db, ChangeFeed>();

function feedOf(db: Db): ChangeFeed {
  let feed = feeds.get(db);
  if (!feed) {
    const last = db.prepare('select max(id) as id from review_syncs').get() as { id: number | null };
    feed = { emitter: new EventEmitter(), lastSeenId: last.id ?? 0, running: null };
    feed.emitter.setMaxListeners(0);
    feeds.set(db, feed);
  }
  return feed;
}

function publish(feed: ChangeFeed, row: Pick<SyncRow, 'id' | 'inserted' | 'updated' | 'deleted'>): void {
  if (row.id <= feed.lastSeenId) return;
  feed.lastSeenId = row.id;
  if (row.inserted + row.updated + row.deleted > 0) {
    feed.emitter.emit('change', { inserted: row.inserted, updated: row.updated, deleted: row.deleted } satisfies ReviewChange);
  }
}

function pollFeed(db: Db, feed: ChangeFeed): void {
  const rows = db
    .prepare('select id, inserted, updated, deleted from review_syncs where id > ? order by id')
    .all(feed.lastSeenId) as Pick<SyncRow, 'id' | 'inserted' | 'updated' | 'deleted'>[];
  for (const row of rows) publish(feed, row);
}

function differs(row: Review, review: PlaceReview): boolean {
  return row.author_name !== review.authorName || row.author_url !== review.authorUrl ||
    row.author_photo_url !== review.authorPhotoUrl || row.rating !== review.rating ||
    row.text !== review.text || row.time_created !== review.timeCreated;
}

/** Writes the place's reviews and the sync's record in one transaction. */
function store(db: Db, reviews: PlaceReview[], place: { rating: number | null; count: number | null }, clearExisting: boolean, startedAt: string) {
  const select = db.prepare('select * from google_reviews where id = ?');
  const insert = db.prepare(
    `insert into google_reviews (id, author_name, author_url, author_photo_url, rating, text, time_created, synced_at)
     values (@id, @authorName, @authorUrl, @authorPhotoUrl, @rating, @text, @timeCreated, @syncedAt)`,
  );
  const update = db.prepare(
    `update google_reviews set author_name = @authorName, author_url = @authorUrl, author_photo_url = @authorPhotoUrl,
     rating = @rating, text = @text, time_created = @timeCreated, synced_at = @syncedAt where id = @id`,
  );
  return db.transaction(() => {
    const syncedAt = new Date().toISOString();
    let inserted = 0;
    let updated = 0;
    let deleted = 0;
    for (const review of reviews) {
      const row = select.get(review.id) as Review | undefined;
      if (!row) inserted += insert.run({ ...review, syncedAt }).changes;
      else {
        update.run({ ...review, syncedAt });
        if (differs(row, review)) updated += 1;
      }
    }
    if (clearExisting) {
      const keep = JSON.stringify(reviews.map((review) => review.id));
      deleted = db.prepare('delete from google_reviews where id not in (select value from json_each(?))').run(keep).changes;
    }
    const { lastInsertRowid } = db
      .prepare(
        `insert into review_syncs (started_at, success, inserted, updated, deleted, place_rating, place_rating_count)
         values (?, 1, ?, ?, ?, ?, ?)`,
      )
      .run(startedAt, inserted, updated, deleted, place.rating, place.count);
    return { id: Number(lastInsertRowid), inserted, updated, deleted };
  })();
}

async function runSync(context: ApiContext, options: SyncOptions): Promise<SyncResult> {
  const { db, config } = context;
  const startedAt = new Date().toISOString();
  const answer = await fetchPlaceDetails({
    apiKey: config.googlePlacesApiKey,
    placeId: config.googlePlaceId,
    baseUrl: config.googlePlacesBaseUrl,
    timeoutMs: options.timeoutMs,
  });
  if (!answer.ok) {
    db.prepare('insert into review_syncs (started_at, success, error) values (?, 0, ?)').run(startedAt, answer.error.message);
    context.log(`Review sync failed: ${answer.error.message}`);
    return { success: false, inserted: 0, updated: 0, deleted: 0, error: answer.error.message, errorKind: answer.error.kind };
  }
  const { place } = answer;
  const row = store(db, place.reviews, { rating: place.rating, count: place.userRatingCount }, options.clearExisting, startedAt);
  publish(feedOf(db), row);
  return { success: true, inserted: row.inserted, updated: row.updated, deleted: row.deleted };
}

/**
 * One sync of the configured place. Never throws for upstream trouble: a missing key or place
 * id, an HTTP error, a timeout or an unexpected answer give `success: false` and leave the
 * reviews as they were. Overlapping calls in one process share the running sync.
 */
export function syncReviews(context: ApiContext, options: SyncOptions): Promise<SyncResult> {
  const feed = feedOf(context.db);
  feed.running ??= runSync(context, options).finally(() => {
    feed.running = null;
  });
  return feed.running;
}

// ---- the list and its summary ----

/**
 * Percentages by largest remainder, so that they add up to 100 (0 without reviews). `googleCount`
 * is Google's number of ratings for the place (null before a sync that reported one): the summary
 * is complete only when the ratings are exactly that many.
 */
export function summarize(ratings: readonly number[], googleCount: number | null = null): ReviewSummary {
  const total = ratings.length;
  const counts = [5, 4, 3, 2, 1].map((stars) => ({ stars, count: ratings.filter((rating) => rating === stars).length }));
  const exact = counts.map(({ count }) => (total === 0 ? 0 : (count * 100) / total));
  const floors = exact.map(Math.floor);
  let missing = total === 0 ? 0 : 100 - floors.reduce((sum, value) => sum + value, 0);
  const byRemainder = exact.map((value, index) => ({ index, remainder: value - floors[index]! }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (missing <= 0) break;
    floors[index]! += 1;
    missing -= 1;
  }
  const sum = ratings.reduce((acc, rating) => acc + rating, 0);
  return {
    average: total === 0 ? 0 : Math.round((sum / total) * 10) / 10,
    totalReviews: total,
    distribution: counts.map((entry, index) => ({ ...entry, percentage: floors[index]! })),
    complete: googleCount !== null && googleCount > 0 && total === googleCount,
  };
}

/** Google's rating of the place and its number of ratings, from the last successful sync. */
export function lastPlaceRating(db: Db): ReviewList['place'] {
  const last = db
    .prepare('select place_rating, place_rating_count from review_syncs where success = 1 order by id desc limit 1')
    .get() as Pick<SyncRow, 'place_rating' | 'place_rating_count'> | undefined;
  if (!last || last.place_rating === null || last.place_rating_count === null) return null;
  return { rating: last.place_rating, userRatingCount: last.place_rating_count };
}

export function listReviews(db: Db): ReviewList {
  const reviews = db
    .prepare(
      `select id, author_name, author_url, author_photo_url, rating, text, time_created
       from google_reviews order by time_created desc, id`,
    )
    .all() as Review[];
  const place = lastPlaceRating(db);
  return { reviews, summary: summarize(reviews.map((review) => review.rating), place?.userRatingCount ?? null), place };
}

// ---- routes ----

const syncBodySchema = z.object({
  // The spec's client sends the business's search text; the place id of the configuration decides.
  query: z.string().max(200, 'Der Suchtext ist zu lang.').optional(),
  clearExisting: z.boolean({ error: 'clearExisting muss true oder false sein.' }).optional(),
});

const VISITOR_ERROR: Record<PlacesErrorKind | 'earlier', string> = {
  config: 'Die Bewertungsquelle ist noch nicht eingerichtet.',
  http: 'Google hat die Anfrage abgelehnt. Bitte versuchen Sie es später erneut.',
  timeout: 'Google hat nicht rechtzeitig geantwortet. Bitte versuchen Sie es später erneut.',
  network: 'Google ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.',
  malformed: 'Google hat eine unerwartete Antwort geschickt. Bitte versuchen Sie es später erneut.',
  earlier: 'Die letzte Synchronisation ist fehlgeschlagen. Bitte versuchen Sie es später erneut.',
};

function publicAnswer(result: SyncResult) {
  const base = { success: result.success, inserted: result.inserted, updated: result.updated };
  return result.success ? base : { ...base, error: VISITOR_ERROR[result.errorKind ?? 'earlier'] };
}

/** The last sync when it started within the public window (any process, any trigger). */
function recentSync(db: Db): SyncResult | null {
  const since = new Date(Date.now() - PUBLIC_SYNC_INTERVAL_MS).toISOString();
  const row = db.prepare('select * from review_syncs where started_at > ? order by id desc limit 1').get(since) as SyncRow | undefined;
  if (!row) return null;
  return { success: row.success === 1, inserted: row.inserted, updated: row.updated, deleted: row.deleted, ...(row.error ? { error: row.error } : {}) };
}

const jsonError = (res: Response, status: number, error: string) =>
  res.status(status).set('Cache-Control', 'no-store').json({ error });

const BODY_ERRORS: Record<BodyProblem, string> = {
  json: 'Die Anfrage ist kein gültiges JSON.',
  'too-large': 'Die Anfrage ist zu groß.',
  encoding: 'Diese Kodierung wird nicht unterstützt. Bitte senden Sie UTF-8-JSON.',
  other: 'Die Anfrage konnte nicht verarbeitet werden.',
};


function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

function openStream(context: ApiContext, pollMs: number, req: Request, res: Response): void {
  const feed = feedOf(context.db);
  res.status(200).set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    // nginx would otherwise buffer the stream.
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  res.write('retry: 5000\n: verbunden\n\n');
  const onChange = (change: ReviewChange) => res.write(`event: change\ndata: ${JSON.stringify(change)}\n\n`);
  feed.emitter.on('change', onChange);
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
  const poll = setInterval(() => {
    try {
      pollFeed(context.db, feed);
    } catch (error) {
      context.log(`Review change poll failed: ${(error as Error).message}`);
    }
  }, pollMs);
  const end = () => {
    clearInterval(heartbeat);
    clearInterval(poll);
    feed.emitter.off('change', onChange);
    context.shutdown.removeEventListener('abort', end);
    if (!res.writableEnded) res.end();
  };
  context.shutdown.addEventListener('abort', end);
  req.on('close', end);
  if (context.shutdown.aborted) end();
}

export interface ReviewsRouteOptions {
  /** How often the change stream looks for syncs of other processes (tests shorten it). */
  changePollMs?: number;
}

export function reviewsRoutes(context: ApiContext, options: ReviewsRouteOptions = {}): Router {
  const router = Router();
  const limit = (limitPerMinute: number) =>
    apiRateLimit({
      windowMs: 60_000,
      limit: limitPerMinute,
      answer: (_req, res) => jsonError(res, 429, 'Zu viele Anfragen. Bitte warten Sie eine Minute und versuchen Sie es erneut.'),
    });

  router.get('/', limit(120), (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(listReviews(context.db));
  });

  router.get('/events', limit(30), (req, res) => openStream(context, options.changePollMs ?? CHANGE_POLL_MS, req, res));

  router.post(
    '/sync',
    limit(10),
    (req, res, next) => {
      if (hasBody(req) && !req.is('application/json')) {
        return jsonError(res, 415, 'Bitte senden Sie die Anfrage als JSON (Content-Type: application/json).');
      }
      next();
    },
    refuseAnnouncedTooLarge(SYNC_BODY_LIMIT, (_req, res) => jsonError(res, 413, BODY_ERRORS['too-large'])),
    express.json({ limit: SYNC_BODY_LIMIT, strict: true, type: 'application/json' }),
    async (req, res) => {
      const body = syncBodySchema.safeParse(req.body ?? {});
      if (!body.success) return jsonError(res, 400, body.error.issues[0]?.message ?? 'Die Anfrage ist ungültig.');
      const running = feedOf(context.db).running;
      if (running) return res.set('Cache-Control', 'no-store').json(publicAnswer(await running));
      // Within the window the visitor gets the last outcome, but nothing counts as new again.
      const recent = recentSync(context.db);
      const result = recent ? { ...recent, inserted: 0, updated: 0 } : await syncReviews(context, { clearExisting: body.data.clearExisting ?? false });
      res.set('Cache-Control', 'no-store').json(publicAnswer(result));
    },
  );

  for (const [path, allow] of [['/', 'GET, HEAD'], ['/events', 'GET, HEAD'], ['/sync', 'POST']] as const) {
    router.all(path, (_req, res) => {
      res.set('Allow', allow);
      jsonError(res, 405, 'Diese Methode ist hier nicht erlaubt.');
    });
  }
  router.use(jsonBodyErrors(BODY_ERRORS));
  return router;
}

export function reviewsJobs(context: ApiContext): StopJobs {
  if (!cron.validate(context.config.reviewsSyncCron)) {
    throw new Error(`REVIEWS_SYNC_CRON "${context.config.reviewsSyncCron}" is not a valid cron expression; use five fields such as "0 4 * * *".`);
  }
  const task = cron.schedule(context.config.reviewsSyncCron, async () => {
    const result = await syncReviews(context, { clearExisting: true });
    if (result.success) context.log(`Review sync: ${result.inserted} inserted, ${result.updated} updated, ${result.deleted} deleted.`);
  }, { name: 'reviews-sync', noOverlap: true });
  return () => void task.stop();
}

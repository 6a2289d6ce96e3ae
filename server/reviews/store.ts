// The Google reviews cache in SQLite: its sync from the Places API, the list with its summary, and
// the feed of changes the event stream of server/reviews/routes.ts reads. Google's terms allow Places
// content only as a cache that syncs refresh, so the table is rewritten by every sync and never
// copied into the static pages.
import { EventEmitter } from 'node:events';
import type { ApiContext } from '../context.ts';
import type { Db } from '../store/database.ts';
import type { Review, ReviewList, ReviewSummary } from '../../core/reviews.ts';
import { fetchPlaceDetails, type PlaceReview, type PlacesErrorKind } from './google.ts';

/** What a sync needs; the operator's `npm run reviews:sync` makes one of its own. */
export type SyncContext = Pick<ApiContext, 'db' | 'config' | 'log'>;

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
  /** The reviews this sync stored that were not stored before (the owner's alerts: server/push/alerts.ts). */
  newReviews?: PlaceReview[];
}

export interface ReviewChange {
  inserted: number;
  updated: number;
  deleted: number;
}

export const HEARTBEAT_MS = 25_000;

export interface SyncRow {
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

export function feedOf(db: Db): ChangeFeed {
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

export function pollFeed(db: Db, feed: ChangeFeed): void {
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
    const fresh: PlaceReview[] = [];
    for (const review of reviews) {
      const row = select.get(review.id) as Review | undefined;
      if (!row) {
        inserted += insert.run({ ...review, syncedAt }).changes;
        fresh.push(review);
      } else {
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
    return { id: Number(lastInsertRowid), inserted, updated, deleted, fresh };
  })();
}

async function runSync(context: SyncContext, options: SyncOptions): Promise<SyncResult> {
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
  return { success: true, inserted: row.inserted, updated: row.updated, deleted: row.deleted, ...(row.fresh.length > 0 ? { newReviews: row.fresh } : {}) };
}

/**
 * One sync of the configured place. Never throws for upstream trouble: a missing key or place
 * id, an HTTP error, a timeout or an unexpected answer give `success: false` and leave the
 * reviews as they were. Overlapping calls in one process share the running sync.
 */
export function syncReviews(context: SyncContext, options: SyncOptions): Promise<SyncResult> {
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

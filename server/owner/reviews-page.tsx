// Bewertungen (/intern/bewertungen, docs/owner-console.md "Bewertungen"): the last sync with
// "Jetzt synchronisieren", the average and the distribution of the stored reviews, and every stored
// review, newest first, 50 a page (`?seite=N`, no script).
import { Router } from 'express';
import { z } from 'zod';
import type { ConsoleWords } from '../../core/schema/console.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../store/database.ts';
import { lastPlaceRating, summarize } from '../reviews/store.ts';
import { syncReviewsAndAlert } from '../push/alerts.ts';
import { routerPath, SECTION_PATHS, type SendPage } from './views/render.tsx';
import { reviewsPage, SYNC_PATH, type ReviewsStatus, type StoredReview } from './views/reviews-view.tsx';
import { answerLink } from '../reviews/google.ts';

export const REVIEWS_PER_PAGE = 50;

const pageQuery = z.object({ seite: z.coerce.number().int().min(1).max(100_000).catch(1) });

function storedReviews(db: Db, page: number): Pick<ReviewsStatus, 'stored' | 'distribution' | 'reviews' | 'page'> {
  // Average and distribution as the public review page counts them (server/reviews/store.ts).
  const summary = summarize(db.prepare('SELECT rating FROM google_reviews').pluck().all() as number[]);
  const stored = { count: summary.totalReviews, average: summary.average };
  const pages = Math.max(1, Math.ceil(stored.count / REVIEWS_PER_PAGE));
  const current = Math.min(page, pages);
  const reviews = db
    .prepare('SELECT id, author_name AS author, rating, text, time_created AS createdAt FROM google_reviews ORDER BY time_created DESC, id LIMIT ? OFFSET ?')
    .all(REVIEWS_PER_PAGE, (current - 1) * REVIEWS_PER_PAGE) as StoredReview[];
  return { stored, distribution: summary.distribution.map(({ stars, count }) => ({ stars, count })), reviews, page: { current, pages } };
}

function reviewsStatus(api: ApiContext, page: number): ReviewsStatus {
  const { db } = api;
  const last = db.prepare('SELECT started_at, success, inserted, updated, deleted, error FROM review_syncs ORDER BY id DESC LIMIT 1').get() as
    | { started_at: string; success: number; inserted: number; updated: number; deleted: number; error: string | null }
    | undefined;
  const place = lastPlaceRating(db);
  return {
    ...storedReviews(db, page),
    google: place && { rating: place.rating, count: place.userRatingCount },
    lastSync: last ? { startedAt: last.started_at, success: last.success === 1, inserted: last.inserted, updated: last.updated, deleted: last.deleted, error: last.error } : null,
    answer: answerLink(api.config.googlePlaceId, api.site!.reviewsPageUrl),
  };
}

export function reviewsRoutes({ api, words, sendPage }: { api: ApiContext; words: ConsoleWords; sendPage: SendPage }): Router {
  const router = Router();
  router.get(routerPath(SECTION_PATHS.reviews), (req, res) => sendPage(res, 200, reviewsPage(words, reviewsStatus(api, pageQuery.parse(req.query).seite), 'abgeglichen' in req.query)));
  router.post(routerPath(SYNC_PATH), async (_req, res) => {
    await syncReviewsAndAlert(api, { clearExisting: false });
    res.redirect(303, `${SECTION_PATHS.reviews}?abgeglichen`);
  });
  return router;
}

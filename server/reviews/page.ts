// /bewertungen with the aggregate rating of the last successful sync as structured data: the
// place's own rating and count from Google, never a fixed number. The built page is completed
// here on request; the result is kept until the figures change. Without a successful sync the
// page goes out as built, without a rating.
import { Router } from 'express';
import { businessId } from '../../core/structured-data.ts';
import type { ReviewList } from '../../core/reviews.ts';
import type { Db } from '../store/database.ts';
import { lastPlaceRating } from './store.ts';
import { sendEntry } from '../http/replies.ts';
import type { SiteFacts } from '../facts.ts';
import { PAGE_CACHE_CONTROL } from '../../core/http-policy.ts';
import { htmlEntry, type StaticEntry, type StaticTable } from '../http/table.ts';

export const REVIEWS_PAGE_PATH = '/bewertungen';

type PlaceRating = NonNullable<ReviewList['place']>;

/** The page's HTML with one more JSON-LD block for the business, carrying the rating. */
export function withAggregateRating(html: string, facts: Pick<SiteFacts, 'name' | 'url'>, place: PlaceRating): string {
  const siteUrl = facts.url.replace(/\/$/, '');
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Locksmith',
    '@id': businessId(siteUrl),
    name: facts.name,
    url: `${siteUrl}/`,
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: Math.round(place.rating * 10) / 10,
      ratingCount: place.userRatingCount,
      bestRating: 5,
      worstRating: 1,
    },
  };
  const script = `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
  return html.replace('</head>', `${script}</head>`);
}

export function reviewsPageRoute(table: StaticTable, db: Db, facts: SiteFacts | null): Router {
  const router = Router();
  const built = table.rendered.get(REVIEWS_PAGE_PATH);
  if (built === undefined) return router;
  const plain = htmlEntry(built, PAGE_CACHE_CONTROL, table.security);
  let cached: { key: string; entry: StaticEntry } | null = null;
  router.get(REVIEWS_PAGE_PATH, (req, res) => {
    const place = facts ? lastPlaceRating(db) : null;
    // A place without ratings has no aggregate rating (schema.org needs a count above 0).
    if (!place || !facts || place.userRatingCount <= 0) return sendEntry(req, res, plain);
    const key = `${place.rating}|${place.userRatingCount}`;
    if (cached?.key !== key) cached = { key, entry: htmlEntry(withAggregateRating(built, facts, place), PAGE_CACHE_CONTROL, table.security) };
    sendEntry(req, res, cached.entry);
  });
  return router;
}

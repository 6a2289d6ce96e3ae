// GET /api/reviews/island: the reviews island of /bewertungen rendered here, from the cache, in
// the loaded state (a server island). The page shows its loading state first and fetches this
// once it has loaded; React follows only when the visitor reaches for the island. So the
// reviews appear without the 60 KB of React, and nothing blocks the page while they do.
import { Router } from 'express';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Reviews, type ReviewsProps } from '../../templates/islands/Reviews.tsx';
import type { ApiContext } from '../context.ts';
import { apiRateLimit } from '../http/limit.ts';
import { listReviews } from './store.ts';
import type { StaticTable } from '../http/table.ts';

export function reviewsIslandRoute(context: ApiContext, table: StaticTable): Router {
  const router = Router();
  const limiter = apiRateLimit({
    windowMs: 60_000,
    limit: 120,
    answer: (_req, res) => void res.status(429).set('Cache-Control', 'no-store').json({ error: 'Zu viele Anfragen. Bitte warten Sie eine Minute.' }),
  });
  router.get('/', limiter, (_req, res) => {
    const site = context.site;
    if (!site) {
      // Without the build's facts the page's own props are unknown; the island then loads itself.
      res.status(503).set('Cache-Control', 'no-store').json({ error: 'Die Bewertungen sind gerade nicht verfügbar.' });
      return;
    }
    const list = listReviews(context.db);
    // A photo the page cannot load would show as a broken image until React (and its onError)
    // arrives: only photos this server has are rendered.
    const reviews = list.reviews.map((review) =>
      review.author_photo_url === null || table.entries.has(review.author_photo_url) ? review : { ...review, author_photo_url: null },
    );
    const props: ReviewsProps = {
      pageUrl: site.reviewsPageUrl,
      query: site.reviewsSyncQuery ?? site.name,
      words: site.reviewsIsland,
      initial: { ...list, reviews },
      now: new Date().toISOString(),
    };
    res.set('Cache-Control', 'no-cache').json({ html: renderToString(createElement(Reviews, props)), props });
  });
  router.all('/', (_req, res) => {
    res.status(405).set({ Allow: 'GET, HEAD', 'Cache-Control': 'no-store' }).json({ error: 'Diese Methode ist hier nicht erlaubt.' });
  });
  return router;
}

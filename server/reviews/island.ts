// GET /api/reviews/island: the reviews island of /bewertungen rendered here, from the cache, in
// the loaded state (a server island). The page shows its loading state first and fetches this
// once it has loaded; React follows only when the visitor reaches for the island. So the
// reviews appear without the 60 KB of React, and nothing blocks the page while they do.
import { Router } from 'express';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Reviews, type ReviewsProps } from '../../templates/islands/Reviews.tsx';
import type { ApiContext } from '../context.ts';
import { sendJsonError } from '../http/body.ts';
import { apiRateLimit } from '../http/limit.ts';
import { listReviews } from './store.ts';
import type { StaticTable } from '../http/table.ts';

export function reviewsIslandRoute(context: ApiContext, table: StaticTable): Router {
  const router = Router();
  const limiter = apiRateLimit({
    windowMs: 60_000,
    limit: 120,
    text: context.messages.api.tooManyRequests,
    store: context.kept?.limits.store('reviews-island'),
  });
  router.get('/', limiter, (_req, res) => {
    const site = context.site;
    if (!site) {
      // Without the build's facts the page's own props are unknown; the island then loads itself.
      return sendJsonError(res, 503, context.messages.reviews.unavailable);
    }
    const list = listReviews(context.db);
    // A photo the page cannot load would show as a broken image until React (and its onError)
    // arrives: only photos this server has are rendered.
    const reviews = list.reviews.map((review) =>
      review.author_photo_url === null || table.entries.has(review.author_photo_url) ? review : { ...review, author_photo_url: null },
    );
    const props: ReviewsProps = {
      pageUrl: site.reviewsPageUrl,
      words: site.reviewsIsland,
      initial: { ...list, reviews },
      now: new Date().toISOString(),
    };
    res.set('Cache-Control', 'no-cache').json({ html: renderToString(createElement(Reviews, props)), props });
  });
  router.all('/', (_req, res) => {
    res.set('Allow', 'GET, HEAD');
    sendJsonError(res, 405, context.messages.api.methodNotAllowed);
  });
  return router;
}

// The reviews API: the list with its summary and the change stream (Server-Sent Events, bounded in
// server/reviews/events.ts), over the cache of server/reviews/store.ts, and the nightly sync job.
// Only that job, the operator's `npm run reviews:sync` and the owner's console ask Google: no
// request of a visitor does (docs/decisions.md, "Reviews synced by the server only").
import { Router } from 'express';
import cron from 'node-cron';
import type { ApiContext, StopJobs } from '../context.ts';
import { sendJsonError } from '../http/body.ts';
import { apiRateLimit } from '../http/limit.ts';
import { HEARTBEAT_MS, listReviews } from './store.ts';
import { syncReviewsAndAlert, type AlertContext } from '../push/alerts.ts';
import { STREAM_MAX_AGE_MS, streamHub } from './events.ts';

export interface ReviewsApiOptions {
  /** How often an open stream gets a heartbeat, which also finds peers that are gone. */
  heartbeatMs?: number;
  /** How long one change stream may stay open. */
  streamMaxAgeMs?: number;
}

export function reviewsApi(context: ApiContext, options: ReviewsApiOptions = {}): Router {
  const router = Router();
  const { messages } = context;
  const { db, config, log, shutdown, kept } = context;
  const makeHub = () =>
    streamHub({ db, log, shutdown }, {
      total: config.eventStreamsTotal,
      perAddress: config.eventStreamsPerAddress,
      heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS,
      pollMs: config.reviewsChangePollMs,
      maxAgeMs: options.streamMaxAgeMs ?? STREAM_MAX_AGE_MS,
    });
  // One hub for the server's life: its bounds count the streams of every release.
  const streams = kept ? (kept.streams ??= makeHub()) : makeHub();
  const limit = (limitPerMinute: number) =>
    apiRateLimit({
      windowMs: 60_000,
      limit: limitPerMinute,
      text: messages.api.tooManyRequests,
      store: kept?.limits.store(`reviews-${limitPerMinute}`),
    });

  router.get('/', limit(120), (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(listReviews(context.db));
  });

  router.get('/events', limit(30), (req, res) => streams.open(req, res, messages.reviews.streamsBusy));

  for (const [path, allow] of [['/', 'GET, HEAD'], ['/events', 'GET, HEAD']] as const) {
    router.all(path, (_req, res) => {
      res.set('Allow', allow);
      sendJsonError(res, 405, messages.api.methodNotAllowed);
    });
  }
  return router;
}

export function reviewsJobs(context: AlertContext): StopJobs {
  if (!cron.validate(context.config.reviewsSyncCron)) {
    throw new Error(`REVIEWS_SYNC_CRON "${context.config.reviewsSyncCron}" is not a valid cron expression; use five fields such as "0 4 * * *".`);
  }
  const task = cron.schedule(context.config.reviewsSyncCron, async () => {
    // A new review of few stars reaches the owner's phone and mailbox (server/push/alerts.ts).
    const result = await syncReviewsAndAlert(context, { clearExisting: true });
    if (result.success) context.log(`Review sync: ${result.inserted} inserted, ${result.updated} updated, ${result.deleted} deleted.`);
  }, { name: 'reviews-sync', noOverlap: true });
  return () => void task.stop();
}

// The reviews API: the list with its summary, the throttled public sync, the change stream
// (Server-Sent Events, bounded in server/reviews/events.ts) and the nightly sync job, over the
// cache of server/reviews/store.ts.
import express, { Router, type Request } from 'express';
import cron from 'node-cron';
import { z } from 'zod';
import type { VisitorMessages } from '../../core/schema/messages.ts';
import type { ApiContext, StopJobs } from '../context.ts';
import { jsonBodyErrors, refuseAnnouncedTooLarge, sendJsonError } from '../http/body.ts';
import type { Db } from '../store/database.ts';
import { apiRateLimit } from '../http/limit.ts';
import type { PlacesErrorKind } from './google.ts';
import { CHANGE_POLL_MS, feedOf, HEARTBEAT_MS, listReviews, PUBLIC_SYNC_INTERVAL_MS, syncReviews, type SyncContext, type SyncResult, type SyncRow } from './store.ts';
import { STREAM_MAX_AGE_MS, streamHub } from './events.ts';

const SYNC_BODY_LIMIT = 2 * 1024;

/** The sync's body, with the visitor's messages for a field that fails; a body that is no object is malformed. */
function syncBodySchema(messages: VisitorMessages) {
  return z.object(
    {
      // Accepted for the old client's sake, then ignored: the place id of the configuration decides
      // (docs/decisions.md, "The sync button's search text").
      query: z.string({ error: messages.api.malformed }).max(200, messages.reviews.queryTooLong).optional(),
      clearExisting: z.boolean({ error: messages.reviews.clearExisting }).optional(),
    },
    { error: messages.api.malformed },
  );
}

/** What the public learns of a sync: the counts, and why it failed in the visitor's words (the operator's reason stays in the log). */
function publicAnswer(result: SyncResult, words: Record<PlacesErrorKind | 'earlier', string>) {
  const base = { success: result.success, inserted: result.inserted, updated: result.updated };
  return result.success ? base : { ...base, error: words[result.errorKind ?? 'earlier'] };
}

/** The last sync when it started within the public window (any process, any trigger). */
function recentSync(db: Db): SyncResult | null {
  const since = new Date(Date.now() - PUBLIC_SYNC_INTERVAL_MS).toISOString();
  const row = db.prepare('select * from review_syncs where started_at > ? order by id desc limit 1').get(since) as SyncRow | undefined;
  if (!row) return null;
  return { success: row.success === 1, inserted: row.inserted, updated: row.updated, deleted: row.deleted, ...(row.error ? { error: row.error } : {}) };
}

function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

export interface ReviewsApiOptions {
  /** How often the change stream looks for syncs of other processes (tests shorten it). */
  changePollMs?: number;
  /** How often an open stream gets a heartbeat, which also finds peers that are gone. */
  heartbeatMs?: number;
  /** How long one change stream may stay open. */
  streamMaxAgeMs?: number;
}

export function reviewsApi(context: ApiContext, options: ReviewsApiOptions = {}): Router {
  const router = Router();
  const { messages } = context;
  const syncBody = syncBodySchema(messages);
  const streams = streamHub(context, {
    total: context.config.eventStreamsTotal,
    perAddress: context.config.eventStreamsPerAddress,
    heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS,
    pollMs: options.changePollMs ?? CHANGE_POLL_MS,
    maxAgeMs: options.streamMaxAgeMs ?? STREAM_MAX_AGE_MS,
  });
  const limit = (limitPerMinute: number) =>
    apiRateLimit({
      windowMs: 60_000,
      limit: limitPerMinute,
      text: messages.api.tooManyRequests,
    });

  router.get('/', limit(120), (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(listReviews(context.db));
  });

  router.get('/events', limit(30), (req, res) => streams.open(req, res));

  router.post(
    '/sync',
    limit(10),
    (req, res, next) => {
      if (hasBody(req) && !req.is('application/json')) {
        return sendJsonError(res, 415, messages.api.notJson);
      }
      next();
    },
    refuseAnnouncedTooLarge(SYNC_BODY_LIMIT, (_req, res) => sendJsonError(res, 413, messages.api.tooLarge)),
    express.json({ limit: SYNC_BODY_LIMIT, strict: true, type: 'application/json' }),
    async (req, res) => {
      const body = syncBody.safeParse(req.body ?? {});
      if (!body.success) return sendJsonError(res, 400, body.error.issues[0]?.message ?? messages.api.malformed);
      const running = feedOf(context.db).running;
      if (running) return res.set('Cache-Control', 'no-store').json(publicAnswer(await running, messages.reviews.sync));
      // Within the window the visitor gets the last outcome, but nothing counts as new again.
      const recent = recentSync(context.db);
      const result = recent ? { ...recent, inserted: 0, updated: 0 } : await syncReviews(context, { clearExisting: body.data.clearExisting ?? false });
      res.set('Cache-Control', 'no-store').json(publicAnswer(result, messages.reviews.sync));
    },
  );

  for (const [path, allow] of [['/', 'GET, HEAD'], ['/events', 'GET, HEAD'], ['/sync', 'POST']] as const) {
    router.all(path, (_req, res) => {
      res.set('Allow', allow);
      sendJsonError(res, 405, messages.api.methodNotAllowed);
    });
  }
  router.use(jsonBodyErrors(messages.api));
  return router;
}

export function reviewsJobs(context: SyncContext): StopJobs {
  if (!cron.validate(context.config.reviewsSyncCron)) {
    throw new Error(`REVIEWS_SYNC_CRON "${context.config.reviewsSyncCron}" is not a valid cron expression; use five fields such as "0 4 * * *".`);
  }
  const task = cron.schedule(context.config.reviewsSyncCron, async () => {
    const result = await syncReviews(context, { clearExisting: true });
    if (result.success) context.log(`Review sync: ${result.inserted} inserted, ${result.updated} updated, ${result.deleted} deleted.`);
  }, { name: 'reviews-sync', noOverlap: true });
  return () => void task.stop();
}

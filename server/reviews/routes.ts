// The reviews API: the list with its summary, the throttled public sync, the change stream
// (Server-Sent Events, bounded in server/reviews/events.ts) and the nightly sync job, over the
// cache of server/reviews/store.ts.
import { jsonBodyErrors, refuseAnnouncedTooLarge, type BodyProblem } from '../http/body.ts';
import express, { Router, type Request, type Response } from 'express';
import cron from 'node-cron';
import { z } from 'zod';
import type { ApiContext, StopJobs } from '../context.ts';
import type { Db } from '../store/database.ts';
import { apiRateLimit } from '../http/limit.ts';
import type { PlacesErrorKind } from './google.ts';
import { CHANGE_POLL_MS, feedOf, HEARTBEAT_MS, listReviews, PUBLIC_SYNC_INTERVAL_MS, syncReviews, type SyncResult, type SyncRow } from './store.ts';
import { STREAM_MAX_AGE_MS, streamHub } from './events.ts';

const SYNC_BODY_LIMIT = 2 * 1024;

const syncBodySchema = z.object({
  // Accepted for the old client's sake, then ignored: the place id of the configuration decides
  // (docs/decisions.md, "The sync button's search text").
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
      answer: (_req, res) => jsonError(res, 429, 'Zu viele Anfragen. Bitte warten Sie eine Minute und versuchen Sie es erneut.'),
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

// The console's sections behind the login (docs/owner-console.md): the messages (search, send
// again, delete), visits and clicks, reviews (sync now), the phone script and the system's state.
import { statSync } from 'node:fs';
import { Router, type Request } from 'express';
import { z } from 'zod';
import type { ConsoleWords } from '../../core/schema/console.ts';
import type { PhoneScript } from '../../core/schema/phone-script.ts';
import { BACKUP_WEEKLY_COPIES } from '../../core/retention.ts';
import type { ApiContext } from '../context.ts';
import { sendAgain } from '../contact/outbox.ts';
import { mailDeliveryState } from '../contact/delivery.ts';
import { mailTransport } from '../contact/mail.ts';
import { goLiveStatus } from './go-live.ts';
import { lastPlaceRating, syncReviews } from '../reviews/store.ts';
import { lastBackup } from '../store/backup.ts';
import { deleteMessage, findMessage, listMessages, type MessageRow } from './messages.ts';
import { consoleStatistics } from './statistics.ts';
import { deletePage, messagesPage, type MessagesNotice } from './views/messages-view.tsx';
import { phonePage } from './views/phone-view.tsx';
import { routerPath, SECTION_PATHS, type SendPage } from './views/render.tsx';
import { reviewsPage, systemPage, SYNC_PATH, type ReviewsStatus, type SystemStatus } from './views/status-views.tsx';
import { visitsPage } from './views/visits-view.tsx';
import { recentContentChanges } from '../content/audit.ts';

const RESEND_WAIT_MS = 5_000;
const MESSAGE_ID = /^\d{1,15}$/;

/** The list's query string: a search (at most 200 characters) and the id to page back from; anything else is ignored. */
const listQuery = z.object({
  q: z.string().catch('').transform((query) => query.trim().slice(0, 200)),
  vor: z.string().regex(MESSAGE_ID).transform(Number).nullable().catch(null),
});

export function sectionRoutes({ api, words, sendPage, phoneScript }: { api: ApiContext; words: ConsoleWords; sendPage: SendPage; phoneScript: PhoneScript }): Router {
  const { db } = api;
  const router = Router();
  const messages = routerPath(SECTION_PATHS.messages);

  router.get('/', (_req, res) => res.redirect(303, SECTION_PATHS.messages));

  router.get(messages, (req, res) => {
    const { q: query, vor: before } = listQuery.parse(req.query);
    const notice: MessagesNotice | null =
      'gesendet' in req.query ? { kind: 'info', text: words.messages.resent } : 'geloescht' in req.query ? { kind: 'info', text: words.messages.deleted } : 'fehlt' in req.query ? { kind: 'error', text: words.messages.missing } : null;
    sendPage(res, 200, messagesPage(words, { list: listMessages(db, { query, before }), query, paged: before !== null, notice, now: Date.now() }));
  });

  /** The message the path names, or null when the id is malformed or gone. */
  const messageOf = (req: Request): MessageRow | null => {
    const id = req.params.id;
    return typeof id === 'string' && MESSAGE_ID.test(id) ? findMessage(db, Number(id)) : null;
  };

  router.post(`${messages}/:id/senden`, async (req, res) => {
    const id = messageOf(req)?.id;
    if (id === undefined) return res.redirect(303, `${SECTION_PATHS.messages}?fehlt`);
    // The page that follows shows the attempt's outcome, unless the mail server takes longer.
    await Promise.race([sendAgain(api, id), new Promise((resolve) => setTimeout(resolve, RESEND_WAIT_MS))]);
    res.redirect(303, `${SECTION_PATHS.messages}?gesendet#nachricht-${id}`);
  });

  router.get(`${messages}/:id/loeschen`, (req, res) => {
    const message = messageOf(req);
    if (message === null) return res.redirect(303, `${SECTION_PATHS.messages}?fehlt`);
    sendPage(res, 200, deletePage(words, message, BACKUP_WEEKLY_COPIES));
  });

  router.post(`${messages}/:id/loeschen`, (req, res) => {
    const id = messageOf(req)?.id;
    if (id === undefined || !deleteMessage(db, id)) return res.redirect(303, `${SECTION_PATHS.messages}?fehlt`);
    api.log(`Owner's console: contact message ${id} deleted.`);
    res.redirect(303, `${SECTION_PATHS.messages}?geloescht`);
  });

  router.get(routerPath(SECTION_PATHS.visits), (_req, res) => sendPage(res, 200, visitsPage(words, consoleStatistics(db, new Date()))));
  router.get(routerPath(SECTION_PATHS.reviews), (req, res) => sendPage(res, 200, reviewsPage(words, reviewsStatus(api), 'abgeglichen' in req.query)));
  router.post(routerPath(SYNC_PATH), async (_req, res) => {
    await syncReviews(api, { clearExisting: false });
    res.redirect(303, `${SECTION_PATHS.reviews}?abgeglichen`);
  });
  router.get(routerPath(SECTION_PATHS.phone), (_req, res) => sendPage(res, 200, phonePage(words, phoneScript)));
  router.get(routerPath(SECTION_PATHS.system), async (_req, res) => sendPage(res, 200, systemPage(words, await systemStatus(api))));
  return router;
}
function reviewsStatus({ db }: ApiContext): ReviewsStatus {
  const stored = db.prepare('SELECT count(*) AS count, coalesce(avg(rating), 0) AS average FROM google_reviews').get() as { count: number; average: number };
  const last = db.prepare('SELECT started_at, success, inserted, updated, deleted, error FROM review_syncs ORDER BY id DESC LIMIT 1').get() as
    | { started_at: string; success: number; inserted: number; updated: number; deleted: number; error: string | null }
    | undefined;
  const place = lastPlaceRating(db);
  return {
    stored,
    google: place && { rating: place.rating, count: place.userRatingCount },
    lastSync: last ? { startedAt: last.started_at, success: last.success === 1, inserted: last.inserted, updated: last.updated, deleted: last.deleted, error: last.error } : null,
  };
}

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

async function systemStatus(api: ApiContext): Promise<SystemStatus> {
  const { db } = api;
  const pendingMails = (db.prepare("SELECT count(*) AS n FROM contact_messages WHERE mail_status = 'pending'").get() as { n: number }).n;
  const backups = lastBackup(db, api.config.backupDir);
  return {
    databaseBytes: db.name === ':memory:' ? 0 : fileSize(db.name) + fileSize(`${db.name}-wal`),
    pendingMails,
    lastBackup: backups.lastBackup,
    lastFailure: backups.lastFailure,
    copies: backups.copies,
    build: api.site?.build ?? null,
    refusedRelease: api.kept?.refusedRelease ?? null,
    mail: { transport: mailTransport(api.config), delivery: mailDeliveryState(db) },
    goLive: await goLiveStatus(api, new Date()),
    contentLog: recentContentChanges(db),
    logins: api.kept?.throttle?.counts() ?? null,
  };
}

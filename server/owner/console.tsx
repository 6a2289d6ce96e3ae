// The owner's console at /intern (docs/owner-console.md): messages, visits and clicks, reviews and
// the system's state, behind one password. Every URL without a session answers a redirect to the
// login page and nothing else; every state change is a POST that must come from our own origin;
// nothing here is cached, indexed or linked from a public page.
import { statSync } from 'node:fs';
import express, { Router, type Request, type Response } from 'express';
import { BACKUP_WEEKLY_COPIES, OWNER_SESSION_IDLE_HOURS } from '../../core/retention.ts';
import { fillSlots } from '../../core/slots.ts';
import type { ApiContext } from '../context.ts';
import { fromOwnOrigin } from '../http/origin.ts';
import { sendAgain } from '../contact/mail.ts';
import { lastPlaceRating, syncReviews } from '../reviews/store.ts';
import { createLoginThrottle, type LoginThrottle } from './login-throttle.ts';
import { loginPage, noPasswordPage } from './views/login-view.tsx';
import { deleteMessage, findMessage, listMessages, type MessageRow } from './messages.ts';
import { deletePage, messagesPage, type MessagesNotice } from './views/messages-view.tsx';
import { MAX_PASSWORD_LENGTH, storedPasswordHash, verifyPassword } from './password.ts';
import { berlinClock, LOGIN_PATH, LOGOUT_PATH, Notice, renderConsole, SECTION_PATHS, type ConsolePage } from './views/render.tsx';
import { deleteIdleSessions, endSession, sessionCookie, sessionOf, setSessionCookie, startSession } from './sessions.ts';
import { reviewsPage, systemPage, SYNC_PATH, type ReviewsStatus, type SystemStatus } from './views/status-views.tsx';
import { visitsPage } from './views/visits-view.tsx';
import { consoleStatistics } from './statistics.ts';
import { lastBackup } from '../store/backup.ts';

const MOUNT = '/intern';
/** A login form holds one password of at most 1,024 characters. */
const FORM_LIMIT = 4 * 1024;
const RESEND_WAIT_MS = 5_000;
/** Without the build's frame and words the console has nothing to show: a deployment error, for the operator. */
const NOT_BUILT = 'The owner\'s console needs dist/_server/console.html and site.json of this version: run "npm run build" and restart the server.';

export interface ConsoleOptions {
  api: ApiContext;
  /** The build's frame (dist/_server/console.html); null when the build wrote none. */
  shell: string | null;
  /** Hosts our pages are served from (server/index.ts). */
  ownHosts: ReadonlySet<string>;
  throttle?: LoginThrottle;
}

const local = (path: string) => path.slice(MOUNT.length) || '/';

export function ownerConsole({ api, shell, ownHosts, throttle = createLoginThrottle() }: ConsoleOptions): Router {
  const { db, config } = api;
  const router = Router();
  const secure = api.site?.url.startsWith('https:') ?? false;
  const words = api.site?.console;

  router.use((_req, res, next) => {
    res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' });
    if (!shell || !words) return void res.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
    next();
  });
  if (!shell || !words) return router;

  const send = (res: Response, status: number, page: ConsolePage) => void res.status(status).type('html').send(renderConsole(shell, words, page));
  const now = () => new Date();

  // Cross-site request forgery: only a page of this origin may change anything, logging in included.
  router.use((req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || fromOwnOrigin(req.headers, ownHosts)) return next();
    send(res, 403, { ...loginPage(words, null), body: <Notice kind="error">{words.login.refused}</Notice> });
  });

  // Until a password is set, the console says how and shows nothing else.
  router.use((_req, res, next) => {
    if (storedPasswordHash(db) === null) return send(res, 200, noPasswordPage(words));
    next();
  });

  router.get(local(LOGIN_PATH), (req, res) => {
    if (sessionOf(db, sessionCookie(req.headers)).state === 'active') return res.redirect(303, SECTION_PATHS.messages);
    const notice = 'abgemeldet' in req.query ? { kind: 'info' as const, text: words.login.loggedOut } : 'abgelaufen' in req.query ? { kind: 'info' as const, text: fillSlots(words.login.expired, { hours: OWNER_SESSION_IDLE_HOURS }) } : null;
    send(res, 200, loginPage(words, notice));
  });

  router.post(local(LOGIN_PATH), express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 10 }), async (req, res) => {
    const arrived = performance.now();
    const admission = throttle.admit(req.ip);
    if (!admission.allowed) {
      const text = admission.reason === 'busy' ? words.login.busy : fillSlots(words.login.throttled, { minutes: Math.ceil((admission.until - Date.now()) / 60_000), time: berlinClock(admission.until) });
      res.set('Retry-After', String(admission.reason === 'busy' ? 60 : Math.ceil((admission.until - Date.now()) / 1000)));
      return send(res, 429, loginPage(words, { kind: 'error', text }));
    }
    const password = typeof req.body?.password === 'string' ? (req.body.password as string) : '';
    const hash = storedPasswordHash(db);
    // A hash that does not parse counts as a wrong password: every admitted attempt ends in failed or succeeded.
    const valid = hash !== null && password !== '' && password.length <= MAX_PASSWORD_LENGTH && (await throttle.check(() => verifyPassword(password, hash)).catch(() => false));
    if (!valid) {
      throttle.failed(req.ip);
      // Every failure the same answer at the same time after arrival, whatever took how long.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, arrived + config.loginFailureMs - performance.now())));
      return send(res, 401, loginPage(words, { kind: 'error', text: words.login.failed }));
    }
    throttle.succeeded(req.ip);
    // A fresh id at every login: an id someone planted before the login is worth nothing after it.
    endSession(db, sessionCookie(req.headers));
    deleteIdleSessions(db);
    res.set('Set-Cookie', setSessionCookie(startSession(db), secure));
    res.redirect(303, SECTION_PATHS.messages);
  });

  router.post(local(LOGOUT_PATH), (req, res) => {
    endSession(db, sessionCookie(req.headers));
    res.set('Set-Cookie', setSessionCookie(null, secure));
    res.redirect(303, `${LOGIN_PATH}?abgemeldet`);
  });

  // Everything below needs a session; without one, the login page is the only answer.
  router.use((req, res, next) => {
    const session = sessionOf(db, sessionCookie(req.headers));
    if (session.state === 'active') return next();
    if (session.state === 'expired') res.set('Set-Cookie', setSessionCookie(null, secure));
    res.redirect(303, session.state === 'expired' ? `${LOGIN_PATH}?abgelaufen` : LOGIN_PATH);
  });

  router.get('/', (_req, res) => res.redirect(303, SECTION_PATHS.messages));

  router.get(local(SECTION_PATHS.messages), (req, res) => {
    const query = typeof req.query.q === 'string' ? req.query.q.trim().slice(0, 200) : '';
    const before = typeof req.query.vor === 'string' && /^\d{1,15}$/.test(req.query.vor) ? Number(req.query.vor) : null;
    const notice: MessagesNotice | null =
      'gesendet' in req.query ? { kind: 'info', text: words.messages.resent } : 'geloescht' in req.query ? { kind: 'info', text: words.messages.deleted } : 'fehlt' in req.query ? { kind: 'error', text: words.messages.missing } : null;
    send(res, 200, messagesPage(words, { list: listMessages(db, { query, before }), query, paged: before !== null, notice, now: Date.now() }));
  });

  /** The message the path names, or null when the id is malformed or gone. */
  const messageOf = (req: Request): MessageRow | null => {
    const id = req.params.id;
    return typeof id === 'string' && /^\d{1,15}$/.test(id) ? findMessage(db, Number(id)) : null;
  };

  router.post(`${local(SECTION_PATHS.messages)}/:id/senden`, async (req, res) => {
    const id = messageOf(req)?.id;
    if (id === undefined) return res.redirect(303, `${SECTION_PATHS.messages}?fehlt`);
    // The page that follows shows the attempt's outcome, unless the mail server takes longer.
    await Promise.race([sendAgain(api, id), new Promise((resolve) => setTimeout(resolve, RESEND_WAIT_MS))]);
    res.redirect(303, `${SECTION_PATHS.messages}?gesendet#nachricht-${id}`);
  });

  router.get(`${local(SECTION_PATHS.messages)}/:id/loeschen`, (req, res) => {
    const message = messageOf(req);
    if (message === null) return res.redirect(303, `${SECTION_PATHS.messages}?fehlt`);
    send(res, 200, deletePage(words, message, BACKUP_WEEKLY_COPIES));
  });

  router.post(`${local(SECTION_PATHS.messages)}/:id/loeschen`, (req, res) => {
    const id = messageOf(req)?.id;
    if (id === undefined || !deleteMessage(db, id)) return res.redirect(303, `${SECTION_PATHS.messages}?fehlt`);
    api.log(`Owner's console: contact message ${id} deleted.`);
    res.redirect(303, `${SECTION_PATHS.messages}?geloescht`);
  });

  router.get(local(SECTION_PATHS.visits), (_req, res) => {
    send(res, 200, visitsPage(words, consoleStatistics(db, now())));
  });

  router.get(local(SECTION_PATHS.reviews), (req, res) => {
    send(res, 200, reviewsPage(words, reviewsStatus(api), 'abgeglichen' in req.query));
  });

  router.post(local(SYNC_PATH), async (_req, res) => {
    await syncReviews(api, { clearExisting: false });
    res.redirect(303, `${SECTION_PATHS.reviews}?abgeglichen`);
  });

  router.get(local(SECTION_PATHS.system), (_req, res) => {
    send(res, 200, systemPage(words, systemStatus(api)));
  });

  router.use((_req, res) => send(res, 404, { title: words.notFound, section: 'messages', body: <Notice kind="error">{words.notFound}</Notice> }));
  router.use((error: Error & { status?: number; type?: string }, _req: Request, res: Response, next: (error: unknown) => void) => {
    if (error.status === undefined || error.status >= 500) return next(error);
    // A malformed or oversized login form: the same page, asking again.
    send(res, error.status, loginPage(words, { kind: 'error', text: words.login.failed }));
  });
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

function systemStatus(api: ApiContext): SystemStatus {
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
  };
}

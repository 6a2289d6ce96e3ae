// The owner's console at /intern (docs/owner-console.md): messages, visits and clicks, reviews, the
// site's prices (server/owner/content.tsx) and the system's state, behind one password. Every URL
// without a session answers a redirect to the login page and nothing else; every state change is a
// POST that must come from our own origin; nothing here is cached, indexed or linked from a public
// page.
import { Router } from 'express';
import type { ApiContext } from '../context.ts';
import { consoleErrors } from './request-errors.tsx';
import { fromOwnOrigin } from '../http/origin.ts';
import { returnPathOf, RETURN_FIELD } from './return-path.ts';
import { createLoginThrottle, type LoginThrottle } from './login-throttle.ts';
import { loginRoutes } from './login.tsx';
import { storedPasswordHash } from './password.ts';
import { sectionRoutes } from './sections.tsx';
import { inboxRoutes } from './inbox.tsx';
import { visitRoutes } from './visits.tsx';
import { reviewsRoutes } from './reviews-page.tsx';
import { contentRoutes } from './content.tsx';
import { publishRoutes } from './publish.tsx';
import { discardRoutes } from './discard.tsx';
import { publicPushRoutes, pushRoutes } from './push.tsx';
import { contentService } from '../content/publisher.ts';
import { sessionCookie, sessionOf, setSessionCookie } from './sessions.ts';
import { loginPage, noPasswordPage } from './views/login-view.tsx';
import { fillSlots } from '../../core/slots.ts';
import { mailAlarm } from '../contact/delivery.ts';
import { withBackupAlarm } from './backup-alarm.tsx';
import { berlinTime, LOGIN_PATH, Notice, renderConsole, type ConsolePage, type SendPage } from './views/render.tsx';

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

export function ownerConsole({ api, shell, ownHosts, throttle = createLoginThrottle() }: ConsoleOptions): Router {
  const { db } = api;
  const router = Router();
  const secure = api.site?.url.startsWith('https:') ?? false;
  const words = api.site?.console;
  const phoneScript = api.site?.phoneScript;

  router.use((_req, res, next) => {
    res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' });
    if (!shell || !words || !phoneScript) return void res.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
    next();
  });
  if (!shell || !words || !phoneScript) return router;
  // The app's manifest and icons: a browser fetches them without cookies (server/owner/push.tsx).
  router.use(publicPushRoutes(api, words));

  // Behind the login, every page says at the top when mail has failed for MAIL_ALARM_MS.
  const alarmOf = (page: ConsolePage): string | null => {
    const alarm = page.section === null ? null : mailAlarm(db, Date.now(), api.config.mailAlarmMs);
    if (alarm === null) return null;
    return fillSlots(words.system.mailAlarm, { time: berlinTime(alarm.failingSince!), reason: alarm.lastFailure ? words.system.mailFailures[alarm.lastFailure.kind] : '' });
  };
  const sendPage: SendPage = (res, status, page) => void res.status(status).type('html').send(renderConsole(shell, words, withBackupAlarm(api, words, page), alarmOf(page)));

  // Cross-site request forgery: only a page of this origin may change anything, logging in included.
  router.use((req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || fromOwnOrigin(req.headers, ownHosts)) return next();
    sendPage(res, 403, { ...loginPage(words, null), body: <Notice kind="error">{words.login.refused}</Notice> });
  });

  // Until a password is set, the console says how and shows nothing else.
  router.use((_req, res, next) => {
    if (storedPasswordHash(db) === null) return sendPage(res, 200, noPasswordPage(words));
    next();
  });

  router.use(loginRoutes({ api, words, sendPage, throttle, secure }));

  // Everything below needs a session; without one, the login page is the only answer.
  router.use((req, res, next) => {
    const session = sessionOf(db, sessionCookie(req.headers));
    if (session.state === 'active') return next();
    if (session.state === 'expired') res.set('Set-Cookie', setSessionCookie(null, secure));
    // Back to this page after the login; a form sent now was not saved, and the login page says so.
    const query = new URLSearchParams();
    if (session.state === 'expired') query.set('abgelaufen', '');
    if (req.method !== 'GET' && req.method !== 'HEAD') query.set('ungespeichert', '');
    const back = returnPathOf(req);
    if (back !== null) query.set(RETURN_FIELD, back);
    res.redirect(303, query.size > 0 ? `${LOGIN_PATH}?${query}` : LOGIN_PATH);
  });
  // A POST whose body is no form (another type, or none) reaches the routes as an empty form: no
  // field and no version, so nothing is saved. Express 5 leaves such a body undefined, and the
  // forms read their version from it (found by tests/integration/fuzz.test.ts: 503, "cannot be edited").
  router.use((req, _res, next) => {
    if (req.method === 'POST') req.body ??= {};
    next();
  });

  router.use(inboxRoutes({ api, words, sendPage }));
  router.use(sectionRoutes({ api, words, sendPage, phoneScript }));
  router.use(visitRoutes({ api, words, sendPage }));
  router.use(pushRoutes({ api, words, sendPage }));
  router.use(reviewsRoutes({ api, words, sendPage }));
  // Kept across releases: a publish switches the release while the owner's request waits for it.
  const make = () => contentService({ dataDir: api.config.dataDir, distDir: api.config.distDir, siteUrl: api.config.siteUrl, log: api.log });
  const service = api.kept ? (api.kept.content ??= make()) : make();
  router.use(contentRoutes({ api, words, sendPage, service }));
  // Before publishRoutes, whose /intern/vorschau/<page> would take /intern/vorschau/verwerfen for a page of the preview.
  router.use(discardRoutes({ api, words, sendPage, service }));
  router.use(publishRoutes({ api, words, sendPage, service }));

  router.use((_req, res) => sendPage(res, 404, { title: words.notFound, section: 'messages', body: <Notice kind="error">{words.notFound}</Notice> }));
  router.use(consoleErrors({ words, sendPage, log: api.log }));
  return router;
}

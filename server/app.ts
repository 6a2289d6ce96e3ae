// The Express app: everything that is not a static file (health check, API, owner's console,
// pages completed on request, redirects, the unknown place, 404 and errors).
import express, { type Express } from 'express';
import { isDatabaseHealthy } from './store/database.ts';
import { errorAnswer, notFound } from './http/not-found.ts';
import type { FixedReplies } from './http/replies.ts';
import { contactApi } from './contact/routes.ts';
import { refuseCrossSite } from './http/origin.ts';
import type { ApiContext } from './context.ts';
import { unknownPlaceRoutes } from './http/unknown-place.ts';
import { reviewsApi } from './reviews/routes.ts';
import { reviewsPageRoute } from './reviews/page.ts';
import { reviewsIslandRoute } from './reviews/island.ts';
import { visitsApi } from './visits/routes.ts';
import { ownerConsole } from './owner/console.tsx';
import { createLoginThrottle } from './owner/login-throttle.ts';
import { CONSOLE_MOUNT } from './owner/views/render.tsx';
import { redirects } from './http/redirects.ts';
import { withSecurityHeaders } from './http/headers.ts';
import { TRUSTED_PROXIES } from './http/listener.ts';
import type { StaticTable } from './http/table.ts';

export interface AppContext {
  /** The database, settings, facts, messages, log and shutdown signal of every route. */
  readonly api: ApiContext;
  readonly table: StaticTable;
  readonly replies: FixedReplies;
  /** The hosts of our own pages: the configured site's and the address the server listens on. */
  readonly ownHosts: ReadonlySet<string>;
  /** The build's frame of the owner's console (dist/_server/console.html), null without one. */
  readonly consolePage: string | null;
  /** The places that get the page of an unknown place, name by slug (dist/_server/fallback-places.json). */
  readonly fallbackPlaces: ReadonlyMap<string, string>;
}

export function createApp({ api, table, replies, ownHosts, consolePage, fallbackPlaces }: AppContext): Express {
  const { db, log, messages } = api;
  const app = express();
  app.disable('x-powered-by');
  // The reverse proxy runs on the same host; its X-Forwarded-For gives the visitor's address.
  app.set('trust proxy', TRUSTED_PROXIES);
  app.use(withSecurityHeaders(table.security));

  app.get('/healthz', (_req, res) => {
    const ok = isDatabaseHealthy(db, Date.now(), log);
    res.status(ok ? 200 : 503).set('Cache-Control', 'no-store').json({ ok });
  });

  app.use('/api', refuseCrossSite(api, ownHosts));
  app.use('/api/contact', contactApi(api));
  app.use('/api/reviews/island', reviewsIslandRoute(api, table));
  app.use('/api/reviews', reviewsApi(api));
  app.use('/api/log', visitsApi(api));
  // A running server's failed logins count across releases (server/release.ts).
  const make = () => createLoginThrottle({ perMinute: api.config.loginChecksPerMinute, perHour: api.config.loginChecksPerHour, log });
  const throttle = api.kept ? (api.kept.throttle ??= make()) : make();
  app.use(CONSOLE_MOUNT, ownerConsole({ api, shell: consolePage, ownHosts, throttle }));
  app.use(reviewsPageRoute(table, db, api.site));
  app.use(redirects());
  app.use(unknownPlaceRoutes(table, fallbackPlaces));
  app.use(notFound(table, replies, messages, log));
  app.use(errorAnswer(messages, log));
  return app;
}

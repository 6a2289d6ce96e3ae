// The request listener: static hits are answered from memory in one write; everything
// else (API, health check, 404) goes to Express.
import type { IncomingMessage, RequestListener } from 'node:http';
import type { Express } from 'express';
import proxyaddr from 'proxy-addr';
import type { PageCounter, ViewOrigin } from '../visits/counts.ts';
import { sendEntry, sendFixed, sendRedirect, type FixedReplies } from './replies.ts';
import { canonicalLocation, decodeRequestPath, originForm, splitTarget } from './target.ts';
import type { StaticTable } from './table.ts';

/** What a request is answered from: one release's (server/release.ts). */
export interface Served {
  readonly table: StaticTable;
  readonly replies: FixedReplies;
  readonly app: Express;
  /**
   * The hosts an absolute-form request target may name ("GET http://example.de/ HTTP/1.1"): the
   * site's own and the address the server listens on; filled once the server listens.
   */
  readonly ownHosts: ReadonlySet<string>;
}

export interface ListenerParts {
  /** The release served now; taken once per request, so that its answer comes whole from one release. */
  served(): Served;
  shutdown: AbortSignal;
  pageViews: PageCounter;
}

/** The proxies whose X-Forwarded-For is believed: those on this machine, as server/app.ts tells Express. */
export const TRUSTED_PROXIES = 'loopback';
const trusted = proxyaddr.compile(TRUSTED_PROXIES);

/** Where a counted view came from, as server/visits/counts.ts reads it. */
const viewOrigin = (req: IncomingMessage, ownHosts: ReadonlySet<string>): ViewOrigin => ({
  referer: req.headers.referer,
  mobileHint: typeof req.headers['sec-ch-ua-mobile'] === 'string' ? req.headers['sec-ch-ua-mobile'] : undefined,
  ownHosts,
  // The address Express would call req.ip; the listener runs before Express.
  address: req.socket.remoteAddress === undefined ? undefined : proxyaddr(req, trusted),
});

export function createRequestListener({ served, shutdown, pageViews }: ListenerParts): RequestListener {
  return (req, res) => {
    const { table, replies, app, ownHosts } = served();
    // During shutdown a keep-alive client must not send its next request on this socket.
    if (shutdown.aborted) res.setHeader('Connection', 'close');
    const target = originForm(req.url ?? '/', ownHosts);
    if (target === null) return sendFixed(req, res, replies.badRequest);
    req.url = target;
    const method = req.method;
    if (method === 'GET' || method === 'HEAD') {
      const { rawPath, query } = splitTarget(target);
      const path = decodeRequestPath(rawPath);
      if (path === null) return sendFixed(req, res, replies.badRequest);
      const entry = table.entries.get(path);
      if (entry !== undefined) {
        // Answered 200 or 304; a 304 is a page seen again after its cache time.
        if (entry.page && method === 'GET') pageViews.count(path, req.headers['user-agent'], viewOrigin(req, ownHosts));
        return sendEntry(req, res, entry);
      }
      // The pages the app completes on request (/bewertungen) answer 200 or 304 as well.
      if (method === 'GET' && table.rendered.has(path)) pageViews.count(path, req.headers['user-agent'], viewOrigin(req, ownHosts));
      const location = canonicalLocation(rawPath, query);
      if (location !== null) return sendRedirect(res, location);
    }
    app(req, res);
  };
}

// Refuses state-changing requests that a browser sends on behalf of another site (cross-site
// request forgery): a form on another site posting to /api/contact would otherwise mail the owner
// from every visitor's address, each under the per-address limit. The browser says where a request
// comes from: `Sec-Fetch-Site` where it sends it (every current browser), `Origin` otherwise.
// Clients that send neither (curl, the operator's scripts) are no browser acting for a stranger
// and pass, still under the per-address limits (docs/api.md, 'Cross-site requests').
import type { IncomingHttpHeaders } from 'node:http';
import type { RequestHandler } from 'express';
import type { ApiContext } from '../context.ts';
import { resultPage } from '../contact/result.ts';
import { escapeMarkup as escapeHtml } from '../../core/escape.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Who made the browser send this request: our own pages ('own'), another site ('other'), or a
 * client that does not say ('unknown'). `ownHosts`: the hosts our pages are served from besides
 * the request's own Host.
 */
function requestSource(headers: IncomingHttpHeaders, ownHosts: ReadonlySet<string>): 'own' | 'other' | 'unknown' {
  const fetchSite = headers['sec-fetch-site'];
  // 'none': the visitor's own action (address bar, bookmark), which no other site can cause.
  if (fetchSite !== undefined) return fetchSite === 'same-origin' || fetchSite === 'none' ? 'own' : 'other';
  const origin = headers.origin;
  if (origin === undefined) return 'unknown';
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    // "null" (a sandboxed frame, a redirect across sites) or garbage: not our page.
    return 'other';
  }
  return host === headers.host || ownHosts.has(host) ? 'own' : 'other';
}

/**
 * Whether a browser sent this request from a page of our own origin, and says so: the stricter
 * rule of the owner's console (server/owner/console.tsx), where a client that does not say is refused too.
 */
export function fromOwnOrigin(headers: IncomingHttpHeaders, ownHosts: ReadonlySet<string>): boolean {
  const fetchSite = headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite === 'same-origin';
  return headers.origin !== undefined && requestSource(headers, ownHosts) === 'own';
}

/**
 * 403 for a state-changing request another site's page made a browser send. `ownHosts`: the
 * configured site's host and the address the server listens on (server/index.ts).
 */
export function refuseCrossSite(context: Pick<ApiContext, 'messages' | 'messagePage'>, ownHosts: ReadonlySet<string>): RequestHandler {
  const words = context.messages.api.crossSite;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || requestSource(req.headers, ownHosts) !== 'other') return next();
    res.status(403).set({ 'Cache-Control': 'no-store', Vary: 'Origin, Sec-Fetch-Site' });
    if (req.is('application/x-www-form-urlencoded') || req.is('multipart/form-data')) {
      res.type('html').send(resultPage(context, words.title, `<p>${escapeHtml(words.text)}</p>`));
      return;
    }
    res.json({ error: words.text });
  };
}

// What every response says about security and caching, for the server (server/security.ts,
// server/static-table.ts) and for static hosts (build/static-host.ts writes it to dist/_headers).
// Plain data, so the build needs no server code: the header set is the one helmet produces for
// this configuration, written out, and tests/unit/http-policy.test.ts runs helmet to prove it.

/**
 * The Content-Security-Policy, one directive per key. Scripts never get 'unsafe-inline'; HTTPS
 * upgrades and HSTS belong to the reverse proxy, because the server itself also runs on plain http.
 */
export const CONTENT_SECURITY_POLICY: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", 'https://www.googletagmanager.com'],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': [
    "'self'",
    'data:',
    'https://*.google-analytics.com',
    'https://*.googletagmanager.com',
    'https://www.google.com',
    'https://www.google.de',
    'https://googleads.g.doubleclick.net',
  ],
  'connect-src': [
    "'self'",
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
    'https://www.google.com',
    'https://googleads.g.doubleclick.net',
  ],
  'frame-src': ['https://www.google.com'],
  'font-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

/** The referrer a visitor's browser sends: Google's map embed and analytics need the origin cross-site. */
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

export type HeaderSet = Readonly<Record<string, string>>;

/** Every security header of every response, static or dynamic. */
export const SECURITY_HEADERS: HeaderSet = Object.freeze({
  'Content-Security-Policy': Object.entries(CONTENT_SECURITY_POLICY)
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';'),
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
  'Referrer-Policy': REFERRER_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Frame-Options': 'SAMEORIGIN',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'X-XSS-Protection': '0',
});

/** Files whose name carries a content hash, so a changed file is a new URL: cached for a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Pages: five minutes, so a changed price reaches visitors quickly. */
export const PAGE_CACHE_CONTROL = 'public, max-age=300';
/** Other files at fixed names (sitemap, robots.txt, favicon): an hour. */
export const FILE_CACHE_CONTROL = 'public, max-age=3600';
/** Folders whose files carry a content hash in their name. */
export const HASHED_FOLDERS = ['/assets/', '/img/'] as const;

export function cacheControlFor(urlPath: string, contentType: string): string {
  if (HASHED_FOLDERS.some((folder) => urlPath.startsWith(folder))) return IMMUTABLE_CACHE_CONTROL;
  if (contentType.startsWith('text/html')) return PAGE_CACHE_CONTROL;
  return FILE_CACHE_CONTROL;
}

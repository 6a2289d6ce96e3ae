// What every response says about security and caching, for the server (server/http/headers.ts,
// server/http/table.ts) and for static hosts (build/site-files/static-host.ts writes it to dist/_headers).
// Plain data and functions, so the build needs no server code: the header set is the one helmet
// produces for the same policy, written out (tests/unit/http-policy.test.ts runs helmet to prove
// it), plus Permissions-Policy, which helmet does not set. The build decides per page what the
// policy must allow (build/site-files/security-policy.ts) and hands it to the server in dist/_server/.

/** What a response's Content-Security-Policy must allow beyond the site itself. */
export interface PolicyNeeds {
  /** Google Analytics is configured (data/site.yaml `analytics.gaMeasurementId`). */
  analytics: boolean;
  /** Google Ads conversion measurement is configured (`analytics.adsId`). */
  ads: boolean;
  /** The page has the two-click Google map (templates/components/MapEmbed.tsx). */
  map: boolean;
  /**
   * Hashes ("sha256-…") of the site's own inline scripts: the page's boot script
   * (client/boot.ts), inline so that nothing is requested before the first paint.
   */
  scriptHashes?: readonly string[];
}

export const NO_THIRD_PARTY: PolicyNeeds = { analytics: false, ads: false, map: false };

/**
 * The origins each configured third party needs, as Google's CSP guide for the Google tag lists
 * them: the tag loads from Tag Manager and reports to Analytics, or to Ads and DoubleClick.
 */
const THIRD_PARTY: Record<'analytics' | 'ads' | 'map', Partial<Record<string, readonly string[]>>> = {
  analytics: {
    'script-src': ['https://www.googletagmanager.com'],
    'img-src': ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
    'connect-src': ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  },
  ads: {
    'script-src': ['https://www.googletagmanager.com'],
    'img-src': ['https://www.google.com', 'https://www.google.de', 'https://googleads.g.doubleclick.net'],
    'connect-src': ['https://www.google.com', 'https://googleads.g.doubleclick.net'],
  },
  map: { 'frame-src': ['https://www.google.com'] },
};

/**
 * The Content-Security-Policy, one directive per key: the site itself, plus exactly the third
 * parties `needs` names. Scripts never get 'unsafe-inline'; styles keep it for React's style
 * attributes. HTTPS upgrades and HSTS belong to the reverse proxy, because the server itself also
 * runs on plain http.
 */
export function contentSecurityPolicy(needs: PolicyNeeds): Record<string, string[]> {
  const policy: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // 'unsafe-inline' for React's style attributes (style={{ '--i': … }}). A hash or nonce beside it
    // would make browsers ignore it and block those attributes: an inline <style> needs no hash
    // while 'unsafe-inline' stays.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
  for (const party of ['analytics', 'ads', 'map'] as const) {
    if (!needs[party]) continue;
    for (const [directive, origins] of Object.entries(THIRD_PARTY[party])) {
      // A directive the site needs no more than default-src for is left out (connections, fonts):
      // the browser falls back to default-src (CSP Level 3, 6.1). A third party starts it from there.
      const values = (policy[directive] ?? policy['default-src']!).filter((value) => value !== "'none'");
      policy[directive] = [...new Set([...values, ...origins!])];
    }
  }
  // By hash, one script each: never 'unsafe-inline'.
  for (const hash of needs.scriptHashes ?? []) policy['script-src']!.push(`'${hash}'`);
  return policy;
}

/** The policy as a header value. */
export function policyHeader(needs: PolicyNeeds): string {
  return Object.entries(contentSecurityPolicy(needs))
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');
}

/** The referrer a visitor's browser sends: Google's map embed and analytics need the origin cross-site. */
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * Browser features the site never uses, denied to it and to any frame it embeds (the map), so a
 * script that slipped in could not ask the visitor for them either.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer', 'autoplay', 'camera', 'display-capture', 'encrypted-media', 'geolocation', 'gyroscope', 'hid',
  'idle-detection', 'magnetometer', 'microphone', 'midi', 'payment', 'publickey-credentials-get', 'screen-wake-lock',
  'serial', 'usb', 'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

export type HeaderSet = Readonly<Record<string, string>>;

/** Every security header of a response, with the Content-Security-Policy given. */
export function securityHeaders(csp: string): HeaderSet {
  return Object.freeze({
    'Content-Security-Policy': csp,
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Origin-Agent-Cluster': '?1',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Referrer-Policy': REFERRER_POLICY,
    'X-Content-Type-Options': 'nosniff',
    // Off, so that the browser looks up no third party's name (WhatsApp's, Google's) for the links
    // of a page before the visitor asks for them.
    'X-DNS-Prefetch-Control': 'off',
    // Not sent, though helmet would: X-Download-Options (read by Internet Explorer 8 only),
    // X-XSS-Protection (the filter it switched off is gone from every browser the site is built
    // for, build/assets/bundles.ts CSS_TARGET), X-Frame-Options (every one of those browsers obeys the
    // CSP's frame-ancestors instead and ignores it; the Mozilla Observatory passes frame-ancestors
    // alone) and X-Permitted-Cross-Domain-Policies (read by Flash and Acrobat, for crossdomain.xml
    // files the site does not have). 125 bytes of every response: with them, the home page's
    // response outgrew the first round trip (docs/performance.md, "The home page in one round trip").
  });
}

/** The headers of a response that needs no third party (what a server without the build's policy file sends). */
export const SECURITY_HEADERS: HeaderSet = securityHeaders(policyHeader(NO_THIRD_PARTY));

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

// Where a page view came from and on what kind of device, as the server counts them
// (server/visits/counts.ts): the category of the request's Referer and the mobile hint, never the
// URL or the user agent itself. Pure functions, so the unit tests hold every rule
// (tests/unit/visit-source.test.ts).
//
// A Referer of our own site is navigation from one of our pages to another, not a source: it is
// not counted (null), so the sources add up to the arrivals from outside, not to every page view.
// A visitor's browser mostly sends only the origin across sites ("https://www.google.de/"), so a
// Google Maps visit is recognised only where Maps sends its own host or path, or its Android app.

/** The categories, in the order the console lists them. */
export const VISIT_SOURCES = ['google', 'maps', 'search', 'social', 'other', 'direct'] as const;
export type VisitSource = (typeof VISIT_SOURCES)[number];

export const DEVICES = ['phone', 'desktop'] as const;
export type Device = (typeof DEVICES)[number];

/**
 * Search engines other than Google, by a label of their host ("www.bing.com" → "bing"); the
 * portals' searches by their first label ("suche.web.de", "suche.t-online.de", "search.gmx.net").
 */
const SEARCH_ENGINES = new Set(['bing', 'duckduckgo', 'ecosia', 'yahoo', 'yandex', 'baidu', 'qwant', 'startpage', 'brave', 'metager', 'seznam', 'naver', 'mojeek']);
const SEARCH_PREFIXES = ['suche.', 'search.'];
/** Hosts of social networks and messengers, by their registrable name ("l.instagram.com" → "instagram.com"). */
const SOCIAL_NETWORKS = new Set([
  'facebook.com',
  'fb.com',
  'fb.me',
  'instagram.com',
  't.co',
  'twitter.com',
  'x.com',
  'linkedin.com',
  'lnkd.in',
  'xing.com',
  'pinterest.com',
  'pinterest.de',
  'reddit.com',
  'tiktok.com',
  'youtube.com',
  'youtu.be',
  'nextdoor.com',
  'nextdoor.de',
  'threads.net',
  'mastodon.social',
  'bsky.app',
  'whatsapp.com',
  'telegram.org',
  't.me',
]);
/** Android apps that name themselves in the Referer ("android-app://com.google.android.gm"). */
const ANDROID_APPS: Record<string, VisitSource> = {
  'com.google.android.googlequicksearchbox': 'google',
  'com.google.android.apps.maps': 'maps',
  'com.facebook.katana': 'social',
  'com.facebook.lite': 'social',
  'com.instagram.android': 'social',
  'com.twitter.android': 'social',
  'com.linkedin.android': 'social',
  'com.whatsapp': 'social',
  'org.telegram.messenger': 'social',
  'com.microsoft.bing': 'search',
  'com.duckduckgo.mobile.android': 'search',
  'org.ecosia.android': 'search',
};

/** The last two labels of a host ("l.instagram.com" → "instagram.com"). */
const registrable = (host: string): string => host.split('.').slice(-2).join('.');

function isGoogleHost(host: string): boolean {
  // google.de, www.google.com, google.co.uk, news.google.com; not googleusercontent.com
  return /(^|\.)google\.(com?\.)?[a-z]{2,3}$/.test(host);
}

/** Scheme, authority and path of an absolute URL; a regular expression, not `new URL`, which took several times as long per page view. */
const ABSOLUTE_URL = /^([a-z][a-z0-9+.-]*):\/\/([^/?#\s]*)([^?#\s]*)/i;
const DEFAULT_PORTS: Record<string, string> = { http: ':80', https: ':443' };

/**
 * The category of a page request's Referer, or null when it names a page of our own site
 * (`ownHosts`: "host" or "host:port"). No Referer, an empty or a malformed one is "direct".
 */
export function visitSource(referer: string | undefined, ownHosts: ReadonlySet<string>): VisitSource | null {
  const parts = referer === undefined ? null : ABSOLUTE_URL.exec(referer.trim());
  if (parts === null) return 'direct';
  const scheme = parts[1]!.toLowerCase();
  // Without the user name a URL may carry, and without the scheme's default port.
  let host = parts[2]!.slice(parts[2]!.lastIndexOf('@') + 1).toLowerCase();
  if (host === '') return 'direct';
  if (scheme === 'android-app') return ANDROID_APPS[host] ?? 'other';
  if (scheme !== 'http' && scheme !== 'https') return 'other';
  if (host.endsWith(DEFAULT_PORTS[scheme]!)) host = host.slice(0, -DEFAULT_PORTS[scheme]!.length);
  if (ownHosts.has(host)) return null;
  const name = host.replace(/:\d*$/, '').replace(/\.$/, '');
  const path = parts[3] || '/';
  if (name === 'maps.google.com' || name.startsWith('maps.google.') || name === 'maps.app.goo.gl' || (isGoogleHost(name) && path.startsWith('/maps'))) return 'maps';
  if (isGoogleHost(name)) return 'google';
  if (SOCIAL_NETWORKS.has(registrable(name)) || SOCIAL_NETWORKS.has(name)) return 'social';
  if (name.split('.').slice(0, -1).some((label) => SEARCH_ENGINES.has(label)) || SEARCH_PREFIXES.some((prefix) => name.startsWith(prefix))) return 'search';
  return 'other';
}

/**
 * Phone or desktop: the `Sec-CH-UA-Mobile` client hint where the browser sends it ("?1" or "?0",
 * Chromium), else the user agent's "Mobi" token (Safari, Firefox, and Chromium's own string). A
 * tablet without that token counts as desktop, as it gets the wide layout.
 */
export function deviceOf(mobileHint: string | undefined, userAgent: string | undefined): Device {
  const hint = mobileHint?.trim();
  if (hint === '?1') return 'phone';
  if (hint === '?0') return 'desktop';
  return userAgent !== undefined && /Mobi/.test(userAgent) ? 'phone' : 'desktop';
}

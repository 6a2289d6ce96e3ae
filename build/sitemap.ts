// sitemap.xml and robots.txt. No <lastmod>: the build time is not a page's last content change,
// and a wrong lastmod teaches search engines to ignore it.
import { escapeMarkup } from '../templates/lib/escape.ts';
import type { Route } from './routes/index.ts';


/** Absolute URL of a path; non-ASCII path characters percent-encoded as RFC 3986 requires. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl}${encodeURI(path)}`;
}

export function sitemapXml(routes: Route[], siteUrl: string): string {
  const urls = routes
    .filter((route): route is Route & { path: string } => route.indexable && route.path !== null)
    .map((route) => `<url><loc>${escapeMarkup(absoluteUrl(siteUrl, route.path))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

// sitemap.xml, robots.txt and security.txt. No <lastmod>: the build time is not a page's last content change,
// and a wrong lastmod teaches search engines to ignore it.
import { escapeMarkup } from '../../core/escape.ts';
import type { Route } from '../routes/index.ts';


/** Absolute URL of a path; non-ASCII path characters percent-encoded as RFC 3986 requires. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl}${encodeURI(path)}`;
}

export function sitemapXml(routes: readonly Route[], siteUrl: string): string {
  const urls = routes
    .filter((route): route is Route & { path: string } => route.indexable && route.path !== null)
    .map((route) => `<url><loc>${escapeMarkup(absoluteUrl(siteUrl, route.path))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

/** How long a security.txt stays valid: a static host must rebuild within this (README.md, "Deploying"). */
export const SECURITY_TXT_DAYS = 180;

/**
 * /.well-known/security.txt (RFC 9116): whom to tell of a vulnerability (the business's e-mail
 * from data/site.yaml) and until when this holds (`SECURITY_TXT_DAYS` after the build).
 */
export function securityTxt(siteUrl: string, email: string, buildDate: Date): string {
  const expires = new Date(buildDate.getTime() + SECURITY_TXT_DAYS * 86_400_000);
  expires.setUTCHours(0, 0, 0, 0);
  return [
    `Contact: mailto:${email}`,
    `Expires: ${expires.toISOString().replace('.000Z', 'Z')}`,
    'Preferred-Languages: de, en',
    `Canonical: ${siteUrl}/.well-known/security.txt`,
    '',
  ].join('\n');
}

// For `dist/` alone on a static host or CDN (Netlify, Cloudflare Pages and others that read these
// two files): the server's security headers and cache rules as `_headers`, its redirects as
// `_redirects`. What needs the server (the API, the fallback page of an unknown place) cannot
// come along; README.md says so.
import { SERVER_FOLDER, type HeaderPolicy } from '../../core/build-server-contract.ts';
import { FILE_CACHE_CONTROL, HASHED_FOLDERS, IMMUTABLE_CACHE_CONTROL, PAGE_CACHE_CONTROL, securityHeaders } from '../../core/http-policy.ts';


/**
 * The security headers of every response with the policy's CSP, and the cache rules. A page whose
 * policy allows more (the map) first detaches the general CSP ("! Content-Security-Policy", as
 * Cloudflare Pages reads it), else a host would send both and the browser obey the stricter one.
 */
export function headersFile(policy: HeaderPolicy): string {
  const security = Object.entries(securityHeaders(policy.csp)).map(([name, value]) => `  ${name}: ${value}`);
  return [
    '# The security headers and cache rules the server sends (core/http-policy.ts).',
    '/*',
    ...security,
    `  Cache-Control: ${PAGE_CACHE_CONTROL}`,
    ...HASHED_FOLDERS.flatMap((folder) => [`${folder}*`, `  Cache-Control: ${IMMUTABLE_CACHE_CONTROL}`]),
    ...['/sitemap.xml', '/robots.txt', '/favicon.svg', '/.well-known/security.txt'].flatMap((file) => [file, `  Cache-Control: ${FILE_CACHE_CONTROL}`]),
    ...Object.entries(policy.paths).flatMap(([path, csp]) => [path, '  ! Content-Security-Policy', `  Content-Security-Policy: ${csp}`]),
    '',
  ].join('\n');
}

export function redirectsFile(): string {
  return [
    '# The redirects of server/http/redirects.ts and server/http/unknown-place.ts. A rule applies only where no',
    '# file matches, so every built service page stays; an unknown service goes to the overview.',
    '/schluesseldienst-:slug  /schluesseldienst/:slug  301',
    '/leistungen/*  /leistungen  301',
    `# The server's files (templates, business facts, route table) are not pages; "!" applies the rule although the files exist.`,
    `/${SERVER_FOLDER}/*  /404.html  404!`,
    '',
  ].join('\n');
}

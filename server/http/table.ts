// The static site in memory: dist/ is walked once at start-up into a map from URL path to
// every precompressed representation with its complete header set, so a request is a lookup.
// A page is held in its brotli form only (about 12 KB; its plain form is decompressed for the
// rare client without brotli): 1,000 pages take about 15 MiB, 10,000 about 150 MiB (the whole
// server 308 MiB, measured by `npm run bench -- peers`). Past some 50,000 pages that outgrows a
// small VPS, and pages would have to be read from disk on request (docs/performance.md, "Memory").
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { identityOf } from './identity-cache.ts';
import type { Coding } from './encoding.ts';
import { contentTypeFor } from './mime.ts';
import { cacheControlFor, SECURITY_HEADERS, securityHeaders, type HeaderSet } from '../../core/http-policy.ts';
import { SERVER_FOLDER, type HeaderPolicy } from '../../core/build-server-contract.ts';

export type Headers = Readonly<Record<string, string>>;

export interface Representation {
  readonly body: Buffer;
  readonly etag: string | undefined;
  readonly headers: Headers;
  readonly notModifiedHeaders: Headers;
}

export type StaticEntry = Readonly<
  Partial<Record<Coding, Representation>> & {
    identity: Representation;
    /** An HTML page of `entries` (not 404.html): server/http/listener.ts counts its GETs (server/visits/counts.ts). */
    page: boolean;
  }
>;

export interface StaticTable {
  readonly entries: ReadonlyMap<string, StaticEntry>;
  /** The body of 404.html with status-independent headers, never cached by clients; null when the build wrote none. */
  readonly notFound: StaticEntry | null;
  /** HTML templates the server fills on request, by file name (dist/_server/, core/build-server-contract.ts). */
  readonly templates: ReadonlyMap<string, string>;
  /** Built pages the app completes on each request (not in `entries`), by URL path. */
  readonly rendered: ReadonlyMap<string, string>;
  /** The security headers of every response but the pages that need more (the build's policy). */
  readonly security: HeaderSet;
}

export interface TableOptions {
  /** URL paths of pages the app serves itself, from their built HTML. */
  rendered?: readonly string[];
  /** The build's Content-Security-Policy (dist/_server/headers.json); the strictest without one. */
  policy?: HeaderPolicy | null;
}

const SIBLINGS: ReadonlyArray<readonly [Exclude<Coding, 'identity'>, string]> = [
  ['br', '.br'],
  ['gzip', '.gz'],
];
const NOT_FOUND_FILE = '404.html';

/** `index.html` stands for its folder (`x/index.html` → `/x`); any other file for itself. */
function urlPathFor(distDir: string, filePath: string): string {
  const parts = relative(distDir, filePath).split(sep);
  if (parts[parts.length - 1] === 'index.html') parts.pop();
  return '/' + parts.join('/');
}

const STATIC_HOST_FILES = new Set(['_headers', '_redirects']);

function* walk(folder: string, root = folder): Generator<{ file: string; siblings: Set<string> }> {
  const dirents = readdirSync(folder, { withFileTypes: true });
  const names = new Set(dirents.filter((d) => d.isFile()).map((d) => d.name));
  for (const dirent of dirents) {
    // Dotfiles are editor and OS leftovers; .well-known is the one public dot-folder.
    if (dirent.name.startsWith('.') && dirent.name !== '.well-known') continue;
    // The rules for static hosts (build/site-files/static-host.ts); this server applies them itself.
    if (folder === root && STATIC_HOST_FILES.has(dirent.name)) continue;
    const path = join(folder, dirent.name);
    // Symbolic links are skipped: the build writes real files, and a link could lead outside dist.
    // Templates the server fills on request (the fallback city page) are not pages themselves.
    if (dirent.isDirectory() && dirent.name !== SERVER_FOLDER) yield* walk(path, root);
    else if (dirent.isFile()) yield { file: path, siblings: names };
  }
}

function isPrecompressedVariant(name: string, siblings: Set<string>): boolean {
  return SIBLINGS.some(([, suffix]) => name.endsWith(suffix) && siblings.has(name.slice(0, -suffix.length)));
}

/** `body` as a function: made on each request that needs it, never held (a page's identity form, below). */
function representation(
  body: Buffer | (() => Buffer),
  length: number,
  common: Headers,
  security: HeaderSet,
  coding: Coding,
  etag: string | undefined,
): Representation {
  const headers: Record<string, string> = { ...common };
  if (coding !== 'identity') headers['Content-Encoding'] = coding;
  headers['Content-Length'] = String(length);
  if (etag !== undefined) headers['ETag'] = etag;
  const notModifiedHeaders: Record<string, string> = { ...security };
  for (const name of ['Cache-Control', 'Vary', 'ETag']) {
    if (headers[name] !== undefined) notModifiedHeaders[name] = headers[name]!;
  }
  if (typeof body === 'function') return { get body() { return body(); }, etag, headers, notModifiedHeaders };
  return { body, etag, headers, notModifiedHeaders };
}

function entryFor(
  identity: Buffer,
  variants: ReadonlyArray<readonly [Exclude<Coding, 'identity'>, Buffer]>,
  contentType: string,
  cacheControl: string,
  security: HeaderSet,
  withEtag: boolean,
  page = false,
  brotliOnly = page,
): StaticEntry {
  // No closure below names `identity`: V8 would keep it alive with any of them.
  const length = identity.length;
  // A variant that is not smaller than the original only costs the client a decode.
  const useful = variants.filter(([, body]) => body.length < length);
  // The build writes no .gz beside a page (build/write/compress.ts): nearly every client takes brotli,
  // so gzip is made on the first request that needs it and kept for the next.
  const lazyGzip = contentType.startsWith('text/html') && !useful.some(([coding]) => coding === 'gzip');
  const common: Record<string, string> = {
    ...security,
    'Content-Type': contentType,
    'Cache-Control': cacheControl,
  };
  if (useful.length > 0 || lazyGzip) common['Vary'] = 'Accept-Encoding';
  // 96 bits of the content's SHA-256: no two versions of a file meet by chance, in 16 characters of every response.
  const hash = withEtag ? createHash('sha256').update(identity).digest('base64url').slice(0, 16) : undefined;
  const etagFor = (suffix: string) => (hash === undefined ? undefined : `"${hash}${suffix}"`);
  // A page of the table (a thousand of them, held as long as the server runs) is kept only in its
  // brotli form, which nearly every client takes: its plain form is decompressed from that for the
  // few that do not (about 0.1 ms, the pages asked for lately kept: server/http/identity-cache.ts), so
  // the server needs about 12 KB a page instead of 55 (for 10,000 pages, docs/architecture.md,
  // 'Routes'). A page made for one request (`htmlEntry`) keeps the plain form it was made from.
  const brotli = brotliOnly ? useful.find(([coding]) => coding === 'br')?.[1] : undefined;
  const plain: Buffer | (() => Buffer) = brotli ? () => identityOf(brotli) : identity;
  const entry: Partial<Record<Coding, Representation>> & { page: boolean } = {
    identity: representation(plain, length, common, security, 'identity', etagFor('')),
    page,
  };
  for (const [coding, body] of useful) entry[coding] = representation(body, body.length, common, security, coding, etagFor(`-${coding}`));
  if (lazyGzip) {
    let made: Representation | null | undefined;
    Object.defineProperty(entry, 'gzip', {
      enumerable: true,
      get: () => {
        if (made === undefined) {
          const source = typeof plain === 'function' ? plain() : plain;
          const body = gzipSync(source, { level: 6 });
          made = body.length < length ? representation(body, body.length, common, security, 'gzip', etagFor('-gzip')) : null;
        }
        return made ?? undefined;
      },
    });
  }
  return entry as StaticEntry;
}

function readVariants(file: string, siblings: Set<string>, name: string) {
  return SIBLINGS.filter(([, suffix]) => siblings.has(name + suffix)).map(
    ([coding, suffix]) => [coding, readFileSync(file + suffix)] as const,
  );
}

function loadTemplates(folder: string): Map<string, string> {
  try {
    return new Map(
      readdirSync(folder)
        .filter((name) => name.endsWith('.html'))
        .map((name) => [name, readFileSync(join(folder, name), 'utf8')]),
    );
  } catch {
    return new Map();
  }
}

/**
 * An HTML page made on the server: brotli at a quality that costs about a millisecond, and gzip.
 * A page the server keeps for later requests (`kept`) holds only its brotli form, like the pages of
 * the table; its plain form and gzip are made for the rare client without brotli.
 */
export function htmlEntry(html: string, cacheControl: string, security: HeaderSet, kept = false): StaticEntry {
  const identity = Buffer.from(html);
  const br = brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  const variants = kept ? ([['br', br]] as const) : ([['br', br], ['gzip', gzipSync(identity)]] as const);
  return entryFor(identity, variants, 'text/html; charset=utf-8', cacheControl, security, true, false, kept);
}

export function loadStaticTable(distDir: string, options: TableOptions = {}): StaticTable {
  const renderedPaths = new Set(options.rendered ?? []);
  const rendered = new Map<string, string>();
  let isFolder = false;
  try {
    isFolder = statSync(distDir).isDirectory();
  } catch {
    // reported below
  }
  if (!isFolder) {
    throw new Error(
      `The site folder ${distDir} does not exist. Run "npm run build" to create it, or set DIST_DIR to the built site.`,
    );
  }
  const entries = new Map<string, StaticEntry>();
  const security = options.policy ? securityHeaders(options.policy.csp) : SECURITY_HEADERS;
  const pageSecurity = new Map(Object.entries(options.policy?.paths ?? {}).map(([path, csp]) => [path, securityHeaders(csp)]));
  let notFound: StaticEntry | undefined;
  for (const { file, siblings } of walk(distDir)) {
    const name = file.slice(file.lastIndexOf(sep) + 1);
    if (isPrecompressedVariant(name, siblings)) continue;
    const identity = readFileSync(file);
    const variants = readVariants(file, siblings, name);
    const urlPath = urlPathFor(distDir, file);
    const contentType = contentTypeFor(file);
    if (urlPath === `/${NOT_FOUND_FILE}`) {
      // The body of every 404 answer. The file itself also answers 200 at /404.html, as static
      // hosts do, so that Lighthouse (which refuses 4xx documents) can audit the template.
      notFound = entryFor(identity, variants, contentType, 'no-store', security, false);
    }
    if (renderedPaths.has(urlPath)) {
      rendered.set(urlPath, identity.toString('utf8'));
      continue;
    }
    const cacheControl = cacheControlFor(urlPath, contentType);
    // A fragment under /assets/ (the cookie settings) is not a page a visitor opens.
    const page = contentType.startsWith('text/html') && urlPath !== `/${NOT_FOUND_FILE}` && !urlPath.startsWith('/assets/');
    const headers = pageSecurity.get(urlPath) ?? security;
    entries.set(urlPath.normalize('NFC'), entryFor(identity, variants, contentType, cacheControl, headers, true, page));
  }
  return { entries, notFound: notFound ?? null, templates: loadTemplates(join(distDir, SERVER_FOLDER)), rendered, security };
}

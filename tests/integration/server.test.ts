import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/index.ts';
import { HEALTH_WRITE_EVERY_MS, isDatabaseHealthy, openDatabase, openConnection } from '../../server/store/database.ts';
import { FIXTURE_FILES, writeFixtureSite } from './fixtures/site.ts';
import { rawExchange, request, type RawResponse } from './fixtures/http.ts';

const SECRET = 'SECRET-OUTSIDE-DIST';
let root: string;
let server: RunningServer;
const logLines: string[] = [];

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'server-test-'));
  writeFixtureSite(join(root, 'dist'), {
    // The static-host rules the build writes (build/site-files/static-host.ts): not pages of this server.
    _headers: Buffer.from('/*\n  X-Frame-Options: DENY\n'),
    _redirects: Buffer.from('/a /b 301\n'),
  });
  // Files next to dist/ that a traversal would reach.
  writeFileSync(join(root, 'package.json'), `{"name":"${SECRET}"}`);
  writeFileSync(join(root, 'secret.txt'), SECRET);
  server = await startServer({
    distDir: join(root, 'dist'),
    port: 0,
    host: '127.0.0.1',
    databasePath: join(root, 'var', 'nested', 'site.db'),
    log: (line) => logLines.push(line),
  });
});

afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => request(server.url, path, { headers });
const original = (file: string) => Buffer.from(FIXTURE_FILES[file]!);

function decoded(res: RawResponse): Buffer {
  const coding = res.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(res.body);
  if (coding === 'gzip') return gunzipSync(res.body);
  return res.body;
}

describe('static files', () => {
  it.each([
    ['/', 'index.html', 'text/html; charset=utf-8', 'public, max-age=300'],
    ['/preise', 'preise/index.html', 'text/html; charset=utf-8', 'public, max-age=300'],
    ['/assets/main.3f9a1c2e.js', 'assets/main.3f9a1c2e.js', 'text/javascript; charset=utf-8', 'public, max-age=31536000, immutable'],
    ['/assets/main.3f9a1c2e.css', 'assets/main.3f9a1c2e.css', 'text/css; charset=utf-8', 'public, max-age=31536000, immutable'],
    ['/img/tuer-800.ab12cd34.avif', 'img/tuer-800.ab12cd34.avif', 'image/avif', 'public, max-age=31536000, immutable'],
    ['/sitemap.xml', 'sitemap.xml', 'application/xml; charset=utf-8', 'public, max-age=3600'],
    ['/robots.txt', 'robots.txt', 'text/plain; charset=utf-8', 'public, max-age=3600'],
    ['/favicon.svg', 'favicon.svg', 'image/svg+xml; charset=utf-8', 'public, max-age=3600'],
  ])('%s answers 200 with its type, caching and exact bytes', async (path, file, type, cache) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['cache-control']).toBe(cache);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.equals(original(file))).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
  });

  it('finds a page with ß in its path by its percent-encoded URL', async () => {
    const res = await get('/stra%C3%9Fe');
    expect(res.status).toBe(200);
    expect(res.body.equals(original('straße/index.html'))).toBe(true);
    expect((await get('/stra%c3%9fe')).status).toBe(200);
  });

  it('ignores the query string when looking up a file', async () => {
    const res = await get('/preise?utm_source=flyer&gclid=abc');
    expect(res.status).toBe(200);
    expect(res.body.equals(original('preise/index.html'))).toBe(true);
  });

  it('does not serve the precompressed siblings as files of their own', async () => {
    expect((await get('/robots.txt.br')).status).toBe(404);
    expect((await get('/index.html.gz')).status).toBe(404);
  });

  it('does not serve the static-host rule files _headers and _redirects', async () => {
    for (const path of ['/_headers', '/_redirects']) expect((await get(path)).status, path).toBe(404);
  });

  it('serves the 404 template itself at /404.html with 200, as static hosts do (for the audit)', async () => {
    const res = await get('/404.html');
    expect(res.status).toBe(200);
    expect(res.body.equals(original('404.html'))).toBe(true);
  });
});

describe('content encoding', () => {
  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['*', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*;q=0, identity', undefined],
    ['identity;q=0, gzip', 'gzip'],
    ['deflate', undefined],
    ['', undefined],
  ])('Accept-Encoding "%s" gets %s', async (accept, coding) => {
    const res = await get('/preise', { 'Accept-Encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(coding);
    expect(res.headers['vary']).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(decoded(res).equals(original('preise/index.html'))).toBe(true);
  });

  it('sends identity when the request names no encoding at all', async () => {
    const res = await get('/');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.equals(original('index.html'))).toBe(true);
  });

  it('compresses assets and leaves images as they are', async () => {
    const js = await get('/assets/main.3f9a1c2e.js', { 'Accept-Encoding': 'gzip, br' });
    expect(js.headers['content-encoding']).toBe('br');
    expect(decoded(js).equals(original('assets/main.3f9a1c2e.js'))).toBe(true);
    const img = await get('/img/tuer-800.ab12cd34.avif', { 'Accept-Encoding': 'gzip, br' });
    expect(img.headers['content-encoding']).toBeUndefined();
    expect(img.body.equals(original('img/tuer-800.ab12cd34.avif'))).toBe(true);
  });
});

describe('conditional requests and HEAD', () => {
  it('gives each encoding its own strong ETag and answers If-None-Match with 304', async () => {
    const plain = await get('/preise');
    const br = await get('/preise', { 'Accept-Encoding': 'br' });
    const etag = br.headers['etag'] as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(plain.headers['etag']).not.toBe(etag);

    const again = await get('/preise', { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['etag']).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=300');

    const weak = await get('/preise', { 'Accept-Encoding': 'br', 'If-None-Match': `"other", W/${etag}` });
    expect(weak.status).toBe(304);
    const stale = await get('/preise', { 'Accept-Encoding': 'br', 'If-None-Match': '"something-else"' });
    expect(stale.status).toBe(200);
    const changedEncoding = await get('/preise', { 'Accept-Encoding': 'gzip', 'If-None-Match': etag });
    expect(changedEncoding.status).toBe(200);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const getRes = await get('/', { 'Accept-Encoding': 'gzip' });
    const head = await request(server.url, '/', { method: 'HEAD', headers: { 'Accept-Encoding': 'gzip' } });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of ['content-type', 'content-length', 'content-encoding', 'etag', 'cache-control', 'content-security-policy']) {
      expect(head.headers[name]).toBe(getRes.headers[name]);
    }
  });
});

describe('redirects', () => {
  it.each([
    ['/preise/', '/preise'],
    ['/preise/?utm_source=flyer&x=%C3%BC', '/preise?utm_source=flyer&x=%C3%BC'],
    ['/preise//', '/preise'],
    ['/preise/index.html', '/preise'],
    ['/preise/index.html?a=1', '/preise?a=1'],
    ['/index.html', '/'],
    ['/index.html?a=1', '/?a=1'],
    ['/stra%C3%9Fe/', '/stra%C3%9Fe'],
  ])('%s answers 301 to %s', async (path, location) => {
    const res = await get(path);
    expect(res.status).toBe(301);
    expect(res.headers['location']).toBe(location);
  });

  it('serves / itself without a redirect', async () => {
    expect((await get('/')).status).toBe(200);
  });

  it.each([
    '//evil.example/',
    '///evil.example/',
    '//evil.example/index.html',
    '/\\evil.example/',
    '/\\/evil.example/',
    '//\\evil.example/',
    '/%2F%2Fevil.example/',
    '/%5C%5Cevil.example/',
    '//evil.example/?next=//evil.example/',
  ])('never redirects %s to another origin', async (path) => {
    const res = await get(path);
    expect(res.status).toBeLessThan(500);
    const location = res.headers['location'] as string | undefined;
    if (location === undefined) return;
    expect(location).toMatch(/^\/(?![/\\])/);
    expect(location).not.toContain('\\');
    expect(new URL(location, server.url).origin).toBe(new URL(server.url).origin);
  });
});

describe('not found', () => {
  it('answers unknown paths with status 404 and the body of 404.html', async () => {
    const res = await get('/gibt-es-nicht', { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['etag']).toBeUndefined();
    expect(decoded(res).equals(original('404.html'))).toBe(true);
    expect(logLines).toContain('404 GET /gibt-es-nicht');
  });

  it('logs a short path without control characters', async () => {
    logLines.length = 0;
    await get(`/a%0Ab%1B[31m${'x'.repeat(1000)}`);
    expect(logLines).toHaveLength(1);
    const line = logLines[0]!;
    expect(line).toMatch(/^404 GET \/ab\[31mxxx/);
    expect(line.length).toBeLessThanOrEqual('404 GET '.length + 200);
  });

  it('answers POST and PUT to a page with 405 and Allow, POST elsewhere with 404', async () => {
    for (const [method, path] of [['POST', '/'], ['POST', '/preise'], ['PUT', '/assets/main.3f9a1c2e.js'], ['DELETE', '/']]) {
      const res = await request(server.url, path!, { method });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers['allow']).toBe('GET, HEAD');
    }
    expect((await request(server.url, '/nirgendwo', { method: 'POST' })).status).toBe(404);
  });
});

describe('hostile paths', () => {
  it.each([
    '/../package.json',
    '/../secret.txt',
    '/../../../../etc/passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/%2e%2e/package.json',
    '/..%2f..%2fetc%2fpasswd',
    '/..%2fpackage.json',
    '/%2e%2e%2fsecret.txt',
    '/..\\package.json',
    '/..%5Cpackage.json',
    '/assets/..%2f..%2fsecret.txt',
    '/%00',
    '/index.html%00.txt',
    '/%C0%AE%C0%AE/secret.txt',
  ])('%s never returns a file outside dist', async (path) => {
    const res = await get(path);
    expect([400, 404]).toContain(res.status);
    expect(res.body.toString()).not.toContain(SECRET);
    expect(res.body.toString()).not.toContain('root:');
  });

  it.each(['/%E0%A4%A', '/%', '/preise%ZZ', '/%00'])('answers the malformed %s with 400', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(res.headers['content-security-policy']).toBeDefined();
  });

  it('rejects oversized URLs and headers with 4xx and keeps serving', async () => {
    const longUrl = await get(`/${'a'.repeat(20_000)}`);
    expect([414, 431]).toContain(longUrl.status);
    const longHeader = await get('/', { 'X-Big': 'b'.repeat(20_000) });
    expect(longHeader.status).toBe(431);
    expect((await get('/')).status).toBe(200);
  });

  it('survives requests aborted halfway and garbage on the socket', async () => {
    const rawUtf8 = await rawExchange(server.url, Buffer.from('GET /straße HTTP/1.1\r\nHost: x\r\n\r\n'));
    expect(rawUtf8).toMatch(/^HTTP\/1\.1 4/);
    const garbage = await rawExchange(server.url, 'NOT HTTP AT ALL\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400/);
    const partial = await rawExchange(server.url, 'GET /preise HTTP/1.1\r\nHost: x\r\nX-Half: ');
    expect(partial).not.toMatch(/^HTTP\/1\.1 5/);
    const body = await rawExchange(server.url, 'POST /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\nabc');
    expect(body).not.toMatch(/^HTTP\/1\.1 5/);
    expect((await get('/')).status).toBe(200);
  });
});

describe('security headers', () => {
  it('sends the same policy on static hits, 404s, redirects and Express routes', async () => {
    const responses = await Promise.all([get('/'), get('/healthz'), get('/gibt-es-nicht'), get('/preise/'), get('/%')]);
    const policy = responses[0]!.headers['content-security-policy'] as string;
    for (const res of responses) {
      expect(res.headers['content-security-policy']).toBe(policy);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    const directives = new Map(policy.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }));
    // This site's build configures no analytics: no third-party script may run.
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'self'"]);
    expect(directives.has('upgrade-insecure-requests')).toBe(false);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});

describe('/healthz', () => {
  it('answers 200 {"ok":true} with a working database', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(res.body.toString())).toEqual({ ok: true });
  });

  it('answers 503 {"ok":false} while the database takes no write, though it still reads, and 200 again after', async () => {
    // Another connection holds the write lock: every write of the server waits and fails, as on a
    // full disk, while reads go on (WAL). Root ignores file modes, so a lock is the honest way to
    // make this server's own file unwritable from outside.
    const other = openConnection(join(root, 'var', 'nested', 'site.db'));
    try {
      await delay(HEALTH_WRITE_EVERY_MS + 100);
      other.exec('BEGIN IMMEDIATE');
      const refused = await get('/healthz');
      expect(refused.status).toBe(503);
      expect(JSON.parse(refused.body.toString())).toEqual({ ok: false });
      expect(logLines.filter((line) => line.startsWith('Health check: the database takes no write'))).toHaveLength(1);
      expect((await get('/')).status).toBe(200);
      other.exec('ROLLBACK');
      await delay(HEALTH_WRITE_EVERY_MS + 100);
      expect((await get('/healthz')).status).toBe(200);
    } finally {
      other.close();
    }
  });

  it('calls a connection that may only read, or a file opened read-only, unhealthy', () => {
    const path = join(root, 'probe.db');
    const db = openDatabase(path);
    expect(isDatabaseHealthy(db)).toBe(true);
    db.pragma('query_only = ON');
    // Two seconds later: the write of a moment ago is not reused.
    expect(isDatabaseHealthy(db, Date.now() + 2_000)).toBe(false);
    db.close();
    const readOnly = openConnection(path, { readonly: true });
    expect(readOnly.prepare('select 1 as ok').get()).toEqual({ ok: 1 });
    expect(isDatabaseHealthy(readOnly)).toBe(false);
    readOnly.close();
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/index.ts';
import { writeFixtureSite } from './fixtures/site.ts';
import { request } from './fixtures/http.ts';

let root: string;
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'redirects-'));
  const distDir = join(root, 'dist');
  writeFixtureSite(distDir);
  // The build's fallback city page: tokens the server replaces with the name and the slug.
  mkdirSync(join(distDir, '_server'), { recursive: true });
  writeFileSync(
    join(distDir, '_server', 'place-fallback.html'),
    '<!DOCTYPE html><html lang="de"><head><title>Schlüsseldienst FALLBACKPLACENAME</title><meta name="robots" content="noindex, follow"></head>' +
      '<body><h1>Schlüsseldienst FALLBACKPLACENAME</h1><a href="/schluesseldienst/fallbackplaceslug">x</a></body></html>',
  );
  // The places of North Rhine-Westphalia without a page of their own, as the build lists them.
  writeFileSync(join(distDir, '_server', 'fallback-places.json'), JSON.stringify({ anroechte: 'Anröchte', 'bad-oeynhausen': 'Bad Oeynhausen', 'stolberg-rheinland': 'Stolberg (Rheinland)' }));
  server = await startServer({ distDir, port: 0, host: '127.0.0.1', databasePath: join(root, 'site.db'), log: () => undefined });
});
afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (path: string, method = 'GET') => fetch(new URL(path, server.url), { method, redirect: 'manual' });

describe('unknown services', () => {
  it.each(['/leistungen/gibt-es-nicht', '/leistungen/t%C3%BCr%C3%B6ffnung', '/leistungen/a/b', '/leistungen/'])('%s answers 301 to /leistungen', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toMatch(/^\/leistungen$/);
  });

  it('keeps the security headers on the redirect', async () => {
    const res = await get('/leistungen/x');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('does not redirect other methods', async () => {
    expect((await get('/leistungen/x', 'POST')).status).toBe(404);
  });
});

describe('places the build did not pre-render', () => {
  it('/schluesseldienst-{slug} answers 301 to /schluesseldienst/{slug} where that page answers', async () => {
    const res = await get('/schluesseldienst-bad-oeynhausen?utm=x');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/schluesseldienst/bad-oeynhausen');
    // To no made-up address: that would be a 404 one step later.
    expect((await get('/schluesseldienst-abzocke-wucher-betrug')).status).toBe(404);
  });

  it('a place of North Rhine-Westphalia without a page gets the fallback page with its name as the list spells it, noindex', async () => {
    const res = await get('/schluesseldienst/bad-oeynhausen');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    // Not "Bad Öynhausen", as a name derived from the address would read.
    expect(html).toContain('<h1>Schlüsseldienst Bad Oeynhausen</h1>');
    expect(html).toContain('href="/schluesseldienst/bad-oeynhausen"');
    expect(html).toContain('noindex');
    expect(html).not.toMatch(/FALLBACK|fallbackplace/);
    expect(await (await get('/schluesseldienst/stolberg-rheinland')).text()).toContain('<h1>Schlüsseldienst Stolberg (Rheinland)</h1>');
  });

  it('sends the fallback compressed when the browser accepts it, and plain when it does not', async () => {
    const res = await fetch(new URL('/schluesseldienst/anroechte', server.url), { headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(await res.text()).toContain('Schlüsseldienst Anröchte');
    const plain = await request(server.url, '/schluesseldienst/anroechte', { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toContain('Schlüsseldienst Anröchte');
  });

  it.each(['/schluesseldienst/abzocke-wucher-betrug', '/schluesseldienst/berlin', '/schluesseldienst/gross-strasse-sued'])('a name that is no place of the list, %s, gets the 404 page', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<h1>Seite nicht gefunden</h1>');
  });

  it.each(['/schluesseldienst/Essen', '/schluesseldienst/es_sen', '/schluesseldienst/%3Cscript%3E', `/schluesseldienst/${'a'.repeat(70)}`, '/schluesseldienst-%2e%2e', '/schluesseldienst/a/b'])(
    'a malformed slug %s gets 404',
    async (path) => {
      expect((await get(path)).status).toBe(404);
    },
  );

  it('does not serve the template folder itself', async () => {
    expect((await get('/_server/place-fallback.html')).status).toBe(404);
    expect((await get('/_server/fallback-places.json')).status).toBe(404);
  });
});

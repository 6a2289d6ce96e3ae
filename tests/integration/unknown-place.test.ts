// The page of an unknown place as the server makes it from a real build: only for the place names
// of the build's list, each made once and kept in a cache of bounded size.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_FILES } from '../../core/build-server-contract.ts';
import { parseFallbackPlaces, readServerFile } from '../../server/facts.ts';
import { loadStaticTable } from '../../server/http/table.ts';
import { FALLBACK_CACHE_SIZE, fallbackPages, unknownPlaceRoutes, type FallbackPages } from '../../server/http/unknown-place.ts';
import { buildSite } from '../support/site-build.ts';

let server: Server;
let url: string;
let pages: FallbackPages;
let places: ReadonlyMap<string, string>;

beforeAll(async () => {
  const site = await buildSite();
  const table = loadStaticTable(site.dir);
  places = parseFallbackPlaces(readServerFile(site.dir, 'fallbackPlaces'));
  pages = fallbackPages(table.templates.get(SERVER_FILES.unknownPlacePage), places, table.security);
  server = createServer(express().use(unknownPlaceRoutes(table, places, pages)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 180_000);
afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

const get = (path: string) => fetch(`${url}${path}`, { headers: { 'Accept-Encoding': 'br' } });

describe('the page of an unknown place', () => {
  it('exists for the place names of North Rhine-Westphalia without a page, spelt as the postcode table spells them', async () => {
    expect(places.get('anroechte')).toBe('Anröchte');
    const res = await get('/schluesseldienst/anroechte');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Schlüsseldienst Anröchte');
    expect(html).toContain('<meta name="robots" content="noindex');
    // It may lie outside the area: no word that its travel is paid for, nor that we come.
    expect(html).not.toContain('im Preis enthalten');
    expect(html).toContain('Ob Anröchte in unserem');
  });

  it('does not exist for a town with a page of its own, nor under a made-up or a foreign name', async () => {
    for (const slug of ['essen', 'langenfeld', 'abzocke-wucher-betrug', 'berlin']) {
      expect(places.has(slug), slug).toBe(false);
      expect((await get(`/schluesseldienst/${slug}`)).status, slug).toBe(404);
    }
  });

  it('keeps at most its cache size of pages through a flood of distinct names, and serves a repeat from the cache', async () => {
    const slugs = [...places.keys()];
    // More names than the cache holds, else the flood would prove nothing.
    expect(slugs.length).toBeGreaterThan(2 * FALLBACK_CACHE_SIZE);
    const before = pages.made;
    for (const slug of slugs) expect((await get(`/schluesseldienst/${slug}`)).status).toBe(200);
    // Every name made once, but Anröchte: the first test asked for it, and the cache still held it.
    expect(pages.made - before).toBe(slugs.length - 1);
    expect(pages.size).toBe(FALLBACK_CACHE_SIZE);

    // The latest name is still held: the same page, not made again.
    const latest = slugs.at(-1)!;
    const repeat = await get(`/schluesseldienst/${latest}`);
    expect(repeat.status).toBe(200);
    expect(pages.made - before).toBe(slugs.length - 1);
    // The first name gave way to the later ones: it is made again, and pushes out another.
    await get(`/schluesseldienst/${slugs[0]}`);
    expect(pages.made - before).toBe(slugs.length);
    expect(pages.size).toBe(FALLBACK_CACHE_SIZE);
  });
});

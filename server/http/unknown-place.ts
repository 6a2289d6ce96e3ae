// Addresses of the service area the build did not pre-render. `/schluesseldienst-{slug}` (the old
// site's shape) answers 301 to `/schluesseldienst/{slug}` where that is a page; the slug of a place
// name of North Rhine-Westphalia without a page of its own (dist/_server/fallback-places.json) gets
// the fallback page, filled from the build's template and marked noindex; any other slug falls
// through to 404 (docs/decisions.md, 'The place page of an unknown place').
import { Router } from 'express';
import { placePath } from '../../core/slugs.ts';
import { sendEntry } from './replies.ts';
import { PAGE_CACHE_CONTROL, type HeaderSet } from '../../core/http-policy.ts';
import { htmlEntry, type StaticEntry, type StaticTable } from './table.ts';
import { UNKNOWN_PLACE_TOKENS, SERVER_FILES } from '../../core/build-server-contract.ts';

// The tokens the build writes into the template (docs/build-server-contract.md).
const NAME_TOKEN = new RegExp(UNKNOWN_PLACE_TOKENS.name, 'g');
const SLUG_TOKEN = new RegExp(UNKNOWN_PLACE_TOKENS.slug, 'g');

/**
 * How many filled pages the server keeps, the least recently asked for going first. A page is kept
 * in its brotli form, 8.3 KB (a gzip made for a client without brotli adds 8.8 KB), so the cache
 * holds at most about 2 MB however many place names the CSV lists (353 with the shipped data, some
 * 8,000 for all of Germany). Made on every request, the page was answered 104–407 times a second on
 * the loaded 2-core test machine; from the cache 665–3,077 (a built page: 2,433–3,956). A flood that
 * cycles through more names than the cache holds misses every time and is answered as before (about
 * 250 a second), but costs no more memory.
 */
export const FALLBACK_CACHE_SIZE = 128;

/**
 * The fallback page of a place of the list: `name` as fallback-places.json gives it (its schema
 * lets through only letters, spaces, hyphens, dots and parentheses, safe in HTML text, attributes
 * and JSON strings alike), `slug` its address.
 */
export function fillFallback(template: string, slug: string, name: string): string {
  return template.replace(NAME_TOKEN, name).replace(SLUG_TOKEN, slug);
}

/** The fallback pages, made on first request and kept in a cache of bounded size. */
export interface FallbackPages {
  /** The page of a place of the list; undefined for any other slug, or without the build's template. */
  page(slug: string): StaticEntry | undefined;
  /** How many pages the cache holds now. */
  readonly size: number;
  /** How many pages were made since start (each a fill and a compression). */
  readonly made: number;
}

export function fallbackPages(template: string | undefined, places: ReadonlyMap<string, string>, security: HeaderSet, capacity = FALLBACK_CACHE_SIZE): FallbackPages {
  // A Map iterates in insertion order: a hit is moved to the end, and the first key is the least recently used.
  const cache = new Map<string, StaticEntry>();
  let made = 0;
  return {
    page(slug) {
      const name = places.get(slug);
      if (template === undefined || name === undefined) return undefined;
      const kept = cache.get(slug);
      if (kept !== undefined) {
        cache.delete(slug);
        cache.set(slug, kept);
        return kept;
      }
      const entry = htmlEntry(fillFallback(template, slug, name), PAGE_CACHE_CONTROL, security, true);
      made += 1;
      cache.set(slug, entry);
      if (cache.size > capacity) cache.delete(cache.keys().next().value!);
      return entry;
    },
    get size() {
      return cache.size;
    },
    get made() {
      return made;
    },
  };
}

export function unknownPlaceRoutes(table: StaticTable, places: ReadonlyMap<string, string>, pages = fallbackPages(table.templates.get(SERVER_FILES.unknownPlacePage), places, table.security)): Router {
  const router = Router();
  router.get('/schluesseldienst-:slug', (req, res, next) => {
    const slug = req.params.slug;
    // Only to a page that answers: a redirect to a 404 would give a made-up address a second life.
    if (!table.entries.has(placePath(slug)) && !places.has(slug)) return next();
    res.set('Cache-Control', 'public, max-age=3600').redirect(301, placePath(slug));
  });
  router.get('/schluesseldienst/:slug', (req, res, next) => {
    const entry = pages.page(req.params.slug);
    if (entry === undefined) return next();
    sendEntry(req, res, entry);
  });
  return router;
}

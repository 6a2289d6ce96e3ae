// Addresses of the service area the build did not pre-render. `/schluesseldienst-{slug}` (the old
// site's shape) answers 301 to `/schluesseldienst/{slug}`; an unknown but well-formed slug gets
// the fallback page of the spec, filled from the build's template and marked noindex; a
// malformed slug falls through to 404.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Router } from 'express';
import { isPlaceSlug, nameFromSlug } from '../templates/lib/place-names.ts';
import { placePath } from '../templates/lib/slugs.ts';
import { acceptedCodings } from './encoding.ts';
import type { StaticTable } from './static-table.ts';

const FALLBACK_TEMPLATE = 'city-fallback.html';
// Written by the build into the template (build/routes.ts FALLBACK_TOKENS).
const NAME_TOKEN = /FALLBACKPLACENAME/g;
const SLUG_TOKEN = /fallbackplaceslug/g;

/** The fallback page of a place the data does not know; the slug must have passed isPlaceSlug. */
export function fillFallback(template: string, slug: string): string {
  // Letters, digits and hyphens only, so the name it gives is safe in HTML text, attributes and
  // JSON strings alike.
  return template.replace(NAME_TOKEN, nameFromSlug(slug)).replace(SLUG_TOKEN, slug);
}

export function placeRoutes(table: StaticTable): Router {
  const router = Router();
  router.get('/schluesseldienst-:slug', (req, res, next) => {
    const slug = req.params.slug;
    if (!isPlaceSlug(slug)) return next();
    res.set('Cache-Control', 'public, max-age=3600').redirect(301, placePath(slug));
  });
  router.get('/schluesseldienst/:slug', (req, res, next) => {
    const template = table.templates.get(FALLBACK_TEMPLATE);
    const slug = req.params.slug;
    if (template === undefined || !isPlaceSlug(slug)) return next();
    const html = Buffer.from(fillFallback(template, slug));
    const coding = acceptedCodings(req.get('accept-encoding'))[0] ?? 'identity';
    res.set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=300', Vary: 'Accept-Encoding' });
    if (coding === 'br') {
      res.set('Content-Encoding', 'br').send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
    } else if (coding === 'gzip') {
      res.set('Content-Encoding', 'gzip').send(gzipSync(html));
    } else {
      res.send(html);
    }
  });
  return router;
}

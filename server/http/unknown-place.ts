// Addresses of the service area the build did not pre-render. `/schluesseldienst-{slug}` (the old
// site's shape) answers 301 to `/schluesseldienst/{slug}`; an unknown but well-formed slug gets
// the fallback page, filled from the build's template and marked noindex; a malformed slug falls
// through to 404 (docs/decisions.md, 'The place page of an unknown place').
import { Router } from 'express';
import { isPlaceSlug, nameFromSlug } from '../../core/place-names.ts';
import { placePath } from '../../core/slugs.ts';
import { sendEntry } from './replies.ts';
import { PAGE_CACHE_CONTROL } from '../../core/http-policy.ts';
import { htmlEntry, type StaticTable } from './table.ts';
import { UNKNOWN_PLACE_TOKENS, SERVER_FILES } from '../../core/build-server-contract.ts';

// The tokens the build writes into the template (docs/build-server-contract.md).
const NAME_TOKEN = new RegExp(UNKNOWN_PLACE_TOKENS.name, 'g');
const SLUG_TOKEN = new RegExp(UNKNOWN_PLACE_TOKENS.slug, 'g');

/** The fallback page of a place the data does not know; the slug must have passed isPlaceSlug. */
export function fillFallback(template: string, slug: string): string {
  // Letters, digits and hyphens only, so the name it gives is safe in HTML text, attributes and
  // JSON strings alike.
  return template.replace(NAME_TOKEN, nameFromSlug(slug)).replace(SLUG_TOKEN, slug);
}

export function unknownPlaceRoutes(table: StaticTable): Router {
  const router = Router();
  router.get('/schluesseldienst-:slug', (req, res, next) => {
    const slug = req.params.slug;
    if (!isPlaceSlug(slug)) return next();
    res.set('Cache-Control', 'public, max-age=3600').redirect(301, placePath(slug));
  });
  router.get('/schluesseldienst/:slug', (req, res, next) => {
    const template = table.templates.get(SERVER_FILES.unknownPlacePage);
    const slug = req.params.slug;
    if (template === undefined || !isPlaceSlug(slug)) return next();
    sendEntry(req, res, htmlEntry(fillFallback(template, slug), PAGE_CACHE_CONTROL, table.security));
  });
  return router;
}

// The shape of a place's slug, and the German order of place names.

/** The shape of a slug of a place page: lower-case words joined by hyphens, at most six. */
export const PLACE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+){0,5}$/;

export function isPlaceSlug(slug: string): boolean {
  return slug.length <= 60 && PLACE_SLUG.test(slug);
}

/** German alphabetical order (ä with a, ß with ss), as a reader of an A–Z list expects. */
export const germanCollator = new Intl.Collator('de-DE', { sensitivity: 'base', numeric: true });

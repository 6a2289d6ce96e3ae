// Display names from slugs, by the old site's rule for its A–Z list: the first hyphen
// becomes a space, ae/oe/ue become umlauts, "gross" becomes "groß", "sued" "süd", "strasse"
// "straße", "st" "St.", and every word is capitalised. Lossy by nature ("raesfeld"): used only
// for places the data does not name, i.e. the fallback page of an unknown slug.

const WORDS: Record<string, string> = { st: 'St.' };

function umlauts(word: string): string {
  return word
    .replace(/gross/g, 'groß')
    .replace(/strasse/g, 'straße')
    .replace(/sued/g, 'süd')
    .replace(/ae/g, 'ä')
    .replace(/oe/g, 'ö')
    .replace(/ue/g, 'ü');
}

function capitalise(word: string): string {
  return WORDS[word] ?? word.charAt(0).toUpperCase() + word.slice(1);
}

export function nameFromSlug(slug: string): string {
  const spaced = slug.replace('-', ' ');
  return spaced
    .split(' ')
    .map((part) =>
      part
        .split('-')
        .map((word) => capitalise(umlauts(word)))
        .join('-'),
    )
    .join(' ');
}

/** A slug the server may answer with the fallback page: lower-case words joined by hyphens. */
export const PLACE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+){0,5}$/;

export function isPlaceSlug(slug: string): boolean {
  return slug.length <= 60 && PLACE_SLUG.test(slug);
}

/** German alphabetical order (ä with a, ß with ss), as a reader of an A–Z list expects. */
export const germanCollator = new Intl.Collator('de-DE', { sensitivity: 'base', numeric: true });

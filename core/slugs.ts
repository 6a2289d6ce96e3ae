// Slugs of German place names: lower case, umlauts as ue/ae/oe and ß as ss (docs/decisions.md,
// 'City page addresses'),
// so "Mülheim an der Ruhr" becomes "muelheim-an-der-ruhr".
import slugify from 'slugify';

const GERMAN = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss', ẞ: 'SS' } as const;

export function slug(name: string): string {
  // A slash joins names ("Meiderich/Beeck"): keep them apart as with a space.
  const spelled = name.replace(/[äöüÄÖÜßẞ]/g, (letter) => GERMAN[letter as keyof typeof GERMAN]).replace(/\//g, ' ');
  return slugify(spelled, { lower: true, strict: true, locale: 'de', trim: true });
}

/** The overview of the services. */
export const SERVICES_PATH = '/leistungen';

/** A service's page, by its slug (data/services.yaml). */
export function servicePath(serviceSlug: string): string {
  return `${SERVICES_PATH}/${serviceSlug}`;
}

/** The page of a place of the service area, by its slug. */
export function placePath(placeSlug: string): string {
  return `/schluesseldienst/${placeSlug}`;
}

export function placePathByName(name: string): string {
  return placePath(slug(name));
}

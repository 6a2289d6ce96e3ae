// References between data files, checked once every file loaded: a price id, a part, a service
// slug named in one file must exist in the file that defines it, or a page would silently lose a
// price or a card. Each problem names the file and field that refer and what they may name.
import { HAPPY_HOUR_ID } from '../../core/prices.ts';
import type { Prices } from '../../core/schema/prices.ts';
import type { Services } from '../../core/schema/services.ts';
import { DataError, DataErrors } from '../data-error.ts';

/** Every price id a file names must exist in data/prices.yaml: a typo would drop a price. */
export function priceIdProblems(file: string, refs: [field: string, id: string][], prices: Prices, extra: string[] = []): DataError[] {
  const known = new Set([...prices.services, ...prices.parts, ...prices.extras].map((item) => item.id).concat(extra));
  return refs
    .filter(([, id]) => !known.has(id))
    .map(([field, id]) => new DataError(file, field, `"${id}" is not a price id of data/prices.yaml (known: ${[...known].join(', ')})`));
}

/** A job's `needs` names parts, an extra's `addsTo` services: a typo would show a price without the part the job needs, or an extra nowhere. */
export function checkNeeds(prices: Prices): void {
  const parts = new Set(prices.parts.map((part) => part.id));
  const services = new Set(prices.services.map((service) => service.id));
  const jobs = [...prices.services.map((item, i) => [`services[${i}]`, item] as const), ...prices.extras.map((item, i) => [`extras[${i}]`, item] as const)];
  const errors = jobs.flatMap(([field, item]) =>
    item.needs
      .filter((id) => !parts.has(id))
      .map((id) => new DataError('data/prices.yaml', `${field}.needs`, `"${id}" is not a part id of this file (parts: ${[...parts].join(', ')})`)),
  );
  prices.extras.forEach((extra, i) => {
    for (const id of extra.addsTo ?? []) {
      if (!services.has(id)) errors.push(new DataError('data/prices.yaml', `extras[${i}].addsTo`, `"${id}" is not a service id of this file (services: ${[...services].join(', ')})`));
    }
  });
  if (errors.length > 0) throw new DataErrors(errors);
}

function serviceProblems(services: Services, prices: Prices): DataError[] {
  const file = 'data/services.yaml';
  const errors = priceIdProblems(file, services.services.map((service, i) => [`services[${i}].priceId`, service.priceId]), prices, [HAPPY_HOUR_ID]);
  const slugs = services.services.map((service) => service.slug);
  slugs.forEach((slug, i) => {
    if (slugs.indexOf(slug) !== i) errors.push(new DataError(file, `services[${i}].slug`, `"${slug}" is used twice (also by "${services.services[slugs.indexOf(slug)]!.title}")`));
  });
  services.overview.cards.forEach((card, i) => {
    if (!card.link.startsWith('/') && !slugs.includes(card.link)) {
      errors.push(new DataError(file, `overview.cards[${i}].link`, `"${card.link}" is neither a service slug of this file nor a path such as "/kontakt"`));
    }
  });
  return errors;
}

/** The prices and pages data/services.yaml names, with the problems the pages' own words files found (`more`). */
export function checkReferences({ prices, services }: { prices: Prices; services: Services }, more: DataError[]): void {
  const errors = [...more, ...serviceProblems(services, prices)];
  if (errors.length > 0) throw new DataErrors(errors);
}

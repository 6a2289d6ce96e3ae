// Looking prices up by their id in data/prices.yaml and stating them as the customer pays them
// (PAngV): a job that needs a part is shown with the cheapest part included, and every price the
// surcharge applies to is shown with its price outside the standard hours. Pages never type a price.
import type { ExtraItem, PriceItem, Prices, VatWording } from './schema/prices.ts';
import type { Site } from './schema/site.ts';
import { formatEuro } from './format.ts';

/** The happy-hour rule as a price item, so it is shown (and checked) like every other price. */
export const HAPPY_HOUR_ID = 'happy-hour';

/** When the happy-hour price holds and for whom: "Mo–Fr 12:00–15:00 Uhr, außer an Feiertagen und nur für Studierende …". */
function happyHourWhen(prices: Prices): string {
  const rule = prices.happyHour;
  return `${rule.days} ${rule.from}–${rule.to} Uhr, ${rule.condition}`;
}

export function happyHourItem(prices: Prices): PriceItem {
  const rule = prices.happyHour;
  return {
    id: HAPPY_HOUR_ID,
    title: `Happy Hour: ${rule.service}`,
    price: rule.price,
    from: false,
    popular: false,
    needs: [],
    note: happyHourWhen(prices),
  };
}

export function priceItem(prices: Prices, id: string): PriceItem {
  if (id === HAPPY_HOUR_ID) return happyHourItem(prices);
  const item = [...prices.services, ...prices.parts, ...prices.extras].find((candidate) => candidate.id === id);
  if (!item) throw new Error(`No price with id "${id}" in data/prices.yaml`);
  return item;
}

/** A service's price as the customer pays it. */
export interface Quote {
  item: PriceItem;
  /** In the standard hours: the labour plus the cheapest part the job needs. */
  total: number;
  /** The cheapest needed part, included in `total`. */
  part: PriceItem | null;
  /** "ab": the amount grows with the part (another size, another lock) or the item says so. */
  from: boolean;
  /** Outside the standard hours, with the surcharge; null where it never applies (happy hour, parts, travel). */
  outside: number | null;
}

export function quote(prices: Prices, id: string): Quote {
  const item = priceItem(prices, id);
  const candidates = item.needs.map((partId) => priceItem(prices, partId));
  const part = candidates.reduce<PriceItem | null>((cheapest, next) => (cheapest === null || next.price < cheapest.price ? next : cheapest), null);
  const partPrice = part?.price ?? 0;
  const total = item.price + partPrice;
  const isLabour = prices.services.some((service) => service.id === id) || prices.extras.some((extra) => extra.id === id && extra.labour);
  const rule = prices.surcharges.outsideHours;
  const factor = 1 + rule.percent / 100;
  const outside = !isLabour ? null : rule.appliesTo === 'labour' ? item.price * factor + partPrice : total * factor;
  return { item, total, part, from: item.from || candidates.length > 1 || (part?.from ?? false), outside };
}

function amount(value: number, q: Quote): string {
  return `${q.from ? 'ab ' : ''}${formatEuro(value)}${q.item.unit ? ` ${q.item.unit}` : ''}`;
}

/** "69 €", "ab 99 € inkl. Profilzylinder 30/30", "1,20 € je km". */
export function priceText(q: Quote): string {
  return `${amount(q.total, q)}${q.part ? ` inkl. ${q.part.title}` : ''}`;
}

/** "138 €", "ab 168 €": the price outside the standard hours. */
export function outsideText(q: Quote): string {
  return q.outside === null ? '' : amount(q.outside, q);
}

/** The extras that can be added to the fixed price `id` (data/prices.yaml, `extras`). */
export function extrasFor(prices: Prices, id: string): ExtraItem[] {
  return prices.extras.filter((extra) => extra.addsTo === undefined || extra.addsTo.includes(id));
}

/**
 * The price with its time condition, in running text and SEO descriptions:
 * "69 € (Mo–Fr 8–18 Uhr außer an Feiertagen; sonst 138 €)".
 */
export function priceSentence(prices: Prices, id: string): string {
  const q = quote(prices, id);
  if (q.outside === null) return priceText(q);
  return `${priceText(q)} (${prices.terms.standardHours}; ${prices.terms.otherwise} ${outsideText(q)})`;
}

/** An amount with the time it holds ("Mo–Fr 8–18 Uhr außer an Feiertagen"), for structured data. */
export interface PriceWindow {
  amount: number;
  from: boolean;
  when: string;
}

/**
 * A price as search engines may read it: each amount with its time condition, as the pages state
 * them (the standard hours and the surcharge's hours; the happy hour's days, hours and who gets it).
 * Empty where the data names no condition: such a price is stated on the pages only, not as an offer.
 */
export function priceWindows(prices: Prices, id: string): PriceWindow[] {
  const q = quote(prices, id);
  if (id === HAPPY_HOUR_ID) return [{ amount: q.total, from: q.from, when: happyHourWhen(prices) }];
  if (q.outside === null) return [];
  return [
    { amount: q.total, from: q.from, when: prices.terms.standardHours },
    { amount: q.outside, from: q.from, when: prices.surcharges.outsideHours.when },
  ];
}

/** The one sentence of the surcharge rule, as every page states it. */
export function surchargeNote(prices: Prices): string {
  const rule = prices.surcharges.outsideHours;
  return `Preise ohne Zuschlag ${prices.terms.standardHours}; ${rule.when} ${rule.label} von ${rule.percent} %${rule.appliesTo === 'labour' ? ' auf den Arbeitslohn' : ''}, vorab am Telefon genannt.`;
}

/** The VAT wording of data/prices.yaml that data/site.yaml chooses. */
export function vatWording(site: Site, prices: Prices): VatWording {
  return site.registration.smallBusiness ? prices.vat.smallBusiness : prices.vat.standard;
}

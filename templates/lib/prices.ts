// Looking prices up by their id in data/prices.yaml; pages never type a price.
import type { PriceItem, Prices } from '../../data/schema/prices.ts';
import { formatEuro } from './format.ts';

/** The happy-hour rule as a price item, so it is shown (and checked) like every other price. */
export const HAPPY_HOUR_ID = 'happy-hour';

export function happyHourItem(prices: Prices): PriceItem {
  const rule = prices.happyHour;
  return {
    id: HAPPY_HOUR_ID,
    title: `Happy Hour: ${rule.service}`,
    price: rule.price,
    from: false,
    popular: false,
    note: `${rule.days} ${rule.from}–${rule.to} Uhr, ${rule.condition}`,
  };
}

export function priceItem(prices: Prices, id: string): PriceItem {
  if (id === HAPPY_HOUR_ID) return happyHourItem(prices);
  const item = [...prices.services, ...prices.parts].find((candidate) => candidate.id === id);
  if (!item) throw new Error(`No price with id "${id}" in data/prices.yaml`);
  return item;
}

/** The one sentence of the surcharge rule, as every page states it. */
export function surchargeNote(prices: Prices): string {
  const rule = prices.surcharges.outsideHours;
  return `Festpreise ${prices.terms.standardHours}; ${rule.when} +${rule.percent} % ${rule.label}, vorab am Telefon genannt.`;
}

/** "69 €", or "ab 30 €" for prices marked `from`. */
export function priceText(item: PriceItem): string {
  return `${item.from ? 'ab ' : ''}${formatEuro(item.price)}`;
}

// Looking prices up by their id in data/prices.yaml; pages never type a price.
import type { PriceItem, Prices } from '../../data/schema/prices.ts';
import { formatEuro } from './format.ts';

export function priceItem(prices: Prices, id: string): PriceItem {
  const item = [...prices.services, ...prices.parts].find((candidate) => candidate.id === id);
  if (!item) throw new Error(`No price with id "${id}" in data/prices.yaml`);
  return item;
}

/** "69 €", or "ab 30 €" for prices marked `from`. */
export function priceText(item: PriceItem): string {
  return `${item.from ? 'ab ' : ''}${formatEuro(item.price)}`;
}

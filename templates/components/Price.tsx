import type { PriceItem } from '../../data/schema/prices.ts';
import { priceText } from '../lib/prices.ts';

/** An amount of data/prices.yaml; `data-price-id` lets the tests compare every page's prices. */
export function Price({ item, className }: { item: PriceItem; className?: string }) {
  return (
    <span className={className} data-price-id={item.id}>
      {priceText(item)}
    </span>
  );
}

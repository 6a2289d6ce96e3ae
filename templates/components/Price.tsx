import type { Prices } from '../../core/schema/prices.ts';
import { outsideText, priceText, quote, type Quote } from '../../core/prices.ts';

/** A price as the customer pays it; `data-price-id` lets the tests compare every page's prices. */
export function Price({ quote: q, className }: { quote: Quote; className?: string }) {
  return (
    <span className={className} data-price-id={q.item.id}>
      {priceText(q)}
    </span>
  );
}

/**
 * A price with its time condition and the price outside the standard hours beside it, in the same
 * type size (PAngV): "69 € Mo–Fr 8–18 Uhr außer an Feiertagen; sonst 138 €". Reads as one phrase
 * without CSS too.
 */
export function PriceSchedule({ prices, id, className }: { prices: Prices; id: string; className?: string }) {
  const q = quote(prices, id);
  return (
    <span className={className ? `price-schedule ${className}` : 'price-schedule'}>
      <Price quote={q} className="price-amount-value" />
      {q.outside !== null && (
        <>
          {' '}
          <span className="price-when">
            {`${prices.terms.standardHours}; ${prices.terms.otherwise} `}<span data-price-outside={q.item.id}>{outsideText(q)}</span>
          </span>
        </>
      )}
    </span>
  );
}

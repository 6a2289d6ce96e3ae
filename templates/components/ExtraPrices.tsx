import type { Prices } from '../../core/schema/prices.ts';
import { extrasFor } from '../../core/prices.ts';
import { useLayoutWords } from '../layout/words.ts';
import { PriceSchedule } from './Price.tsx';

/**
 * What can be added to a fixed price (data/prices.yaml, `extras`), each with its amount and, for
 * work, its price outside the standard hours: a customer can tell where a price can end. `forIds`:
 * only the extras that can be added to these prices; every extra when absent.
 */
export function ExtraPrices({ prices, forIds }: { prices: Prices; forIds?: readonly string[] }) {
  const layout = useLayoutWords();
  const extras = forIds === undefined ? prices.extras : prices.extras.filter((extra) => forIds.some((id) => extrasFor(prices, id).includes(extra)));
  if (extras.length === 0) return null;
  return (
    <div className="extra-prices">
      <p className="extra-prices-heading">{layout.extras}</p>
      <dl className="call-box-rows">
        {extras.map((extra) => (
          <div key={extra.id}>
            <dt>{extra.title}:</dt>{' '}
            <dd>
              <PriceSchedule prices={prices} id={extra.id} />
              {extra.note && <span className="extra-note"> ({extra.note})</span>}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

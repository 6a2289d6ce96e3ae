import type { ReactNode } from 'react';
import { CheckList } from './CheckList.tsx';
import type { Prices } from '../../core/schema/prices.ts';
import { priceItem } from '../../core/prices.ts';
import { PriceSchedule } from './Price.tsx';

export interface PriceCardProps {
  prices: Prices;
  /** A price id of data/prices.yaml (or the happy hour). */
  id: string;
  description: string;
  features: string[];
  /** The badge of the one popular card ("Beliebtester Service"). */
  highlight?: string | undefined;
  children?: ReactNode;
}

/** A price card: title, price, note, description, features, surcharge lines. */
export function PriceCard({ prices, id, description, features, highlight, children }: PriceCardProps) {
  const item = priceItem(prices, id);
  return (
    <li className={item.popular ? 'card price-card is-popular' : 'card price-card'}>
      {item.popular && highlight && <p className="price-badge">{highlight}</p>}
      <h3>{item.title}</h3>
      <p className="price-amount">
        <PriceSchedule prices={prices} id={id} />
      </p>
      {item.note && <p className="price-note">{item.note}</p>}
      <p>{description}</p>
      <CheckList items={features} />
      {children}
    </li>
  );
}

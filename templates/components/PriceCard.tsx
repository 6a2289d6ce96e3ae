import type { ReactNode } from 'react';
import { CheckList } from './CheckList.tsx';
import type { PriceItem } from '../../data/schema/prices.ts';
import { Price } from './Price.tsx';

export interface PriceCardProps {
  item: PriceItem;
  description: string;
  features: string[];
  surcharges?: string[];
  /** The badge of the one popular card ("Beliebtester Service"). */
  highlight?: string | undefined;
  children?: ReactNode;
}

/** A price card (spec section 3): title, price, note, description, features, surcharge lines. */
export function PriceCard({ item, description, features, surcharges = [], highlight, children }: PriceCardProps) {
  return (
    <li className={item.popular ? 'card price-card is-popular' : 'card price-card'}>
      {item.popular && highlight && <p className="price-badge">{highlight}</p>}
      <h3>{item.title}</h3>
      <p className="price-amount">
        <Price item={item} />
      </p>
      {item.note && <p className="price-note">{item.note}</p>}
      <p>{description}</p>
      <CheckList items={features} />
      {surcharges.map((line) => (
        <p key={line} className="price-surcharge">
          {line}
        </p>
      ))}
      {children}
    </li>
  );
}

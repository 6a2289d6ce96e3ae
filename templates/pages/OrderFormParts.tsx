// The pieces of the order form /auftrag (templates/pages/OrderFormPage.tsx): boxes to tick, lines
// to write and to sign on, and its blocks, on paper as on screen.
import type { ReactNode } from 'react';
import type { WithdrawalSectionId } from '../../core/schema/legal.ts';
import type { PhoneScript } from '../../core/schema/phone-script.ts';
import type { PriceItem } from '../../core/schema/prices.ts';
import { ColumnHeads } from '../components/ColumnHeads.tsx';
import { PhoneScriptText } from '../components/PhoneScript.tsx';

/** A box to tick with a pen. */
export function Box() {
  return <span className="tick-box" aria-hidden="true" />;
}

export function TickList({ options }: { options: string[] }) {
  return (
    <ul className="tick-list">
      {options.map((option) => (
        <li key={option}>
          <Box />
          {option}
        </li>
      ))}
    </ul>
  );
}

/** Labels with a line each to write on. */
export function FillFields({ labels }: { labels: string[] }) {
  return (
    <dl className="fill-fields">
      {labels.map((label) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd />
        </div>
      ))}
    </dl>
  );
}

/**
 * A table to tick with a pen: a box per row, the item with its note, its price, and, where
 * `quantity` names the column, a blank cell to write the quantity in.
 */
export function TickTable({ choice, columns, quantity, items, price }: { choice: string; columns: [item: string, price: string]; quantity?: string; items: PriceItem[]; price: (item: PriceItem) => ReactNode }) {
  return (
    <div className="order-table-wrap">
      <table className="order-table">
        <thead>
          <tr>
            <th scope="col" className="order-tick">
              <span className="visually-hidden">{choice}</span>
            </th>
            <ColumnHeads columns={[...columns, ...(quantity === undefined ? [] : [quantity])]} />
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <td className="order-tick">
                <Box />
              </td>
              <th scope="row">
                {item.title}
                {item.note && <> <span className="order-note">{item.note}</span></>}
              </th>
              <td>{price(item)}</td>
              {quantity !== undefined && <td className="order-blank" />}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Signature({ label }: { label: string }) {
  return <p className="signature">{label}</p>;
}

export function Block({ id, heading, className, children }: { id: string; heading: string; className?: string; children: ReactNode }) {
  return (
    <section id={id} className={className ? `order-block ${className}` : 'order-block'} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      {children}
    </section>
  );
}

export function WithdrawalBlock({ id, section }: { id: WithdrawalSectionId; section: { heading: string; html: string } }) {
  return (
    <Block id={id} heading={section.heading} className="order-legal">
      <div className="prose" dangerouslySetInnerHTML={{ __html: section.html }} />
    </Block>
  );
}

/** What we said on the phone before we drove, as data/phone-script.yaml has it (the console shows the same component). */
export function PhoneScriptBlock({ script }: { script: PhoneScript }) {
  return (
    <Block id="telefonat" heading={script.heading} className="order-legal">
      <PhoneScriptText script={script} />
    </Block>
  );
}

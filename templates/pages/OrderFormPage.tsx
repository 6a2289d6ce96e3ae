import { useLayoutWords } from '../layout/words.ts';
import type { ReactNode } from 'react';
import type { WithdrawalSectionId } from '../../core/schema/legal.ts';
import type { OrderForm } from '../../core/schema/order-form.ts';
import type { PriceItem, Prices, VatWording } from '../../core/schema/prices.ts';
import type { Site } from '../../core/schema/site.ts';
import { CallButton } from '../components/ContactButtons.tsx';
import { Price, PriceSchedule } from '../components/Price.tsx';
import { formatGermanDate } from '../../core/format.ts';
import { HAPPY_HOUR_ID, quote, surchargeNote } from '../../core/prices.ts';

export interface OrderFormProps {
  site: Site;
  prices: Prices;
  vat: VatWording;
  form: OrderForm;
  /** The version of the withdrawal texts the form carries, "2026-11-24". */
  stand: string;
  /** The version of the AGB the customer agrees to. */
  agbStand: string | undefined;
  /** The sections of data/legal/widerruf.md, rendered: the same HTML the AGB include. */
  withdrawal: Record<WithdrawalSectionId, { heading: string; html: string }>;
}

/** A box to tick with a pen. */
function Box() {
  return <span className="tick-box" aria-hidden="true" />;
}

function TickList({ options }: { options: string[] }) {
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
function FillFields({ labels }: { labels: string[] }) {
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

/** The head of a table whose first column is a box to tick. */
function TickTableHead({ choice, columns }: { choice: string; columns: string[] }) {
  return (
    <thead>
      <tr>
        <th scope="col" className="order-tick">
          <span className="visually-hidden">{choice}</span>
        </th>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A row to tick: the box, the item with its note, then the row's own cells. */
function TickRow({ item, children }: { item: PriceItem; children: ReactNode }) {
  return (
    <tr>
      <td className="order-tick">
        <Box />
      </td>
      <th scope="row">
        {item.title}
        {item.note && <> <span className="order-note">{item.note}</span></>}
      </th>
      {children}
    </tr>
  );
}

function Signature({ label }: { label: string }) {
  return <p className="signature">{label}</p>;
}

function Block({ id, heading, className, children }: { id: string; heading: string; className?: string; children: ReactNode }) {
  return (
    <section id={id} className={className ? `order-block ${className}` : 'order-block'} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      {children}
    </section>
  );
}

function WithdrawalBlock({ id, section }: { id: WithdrawalSectionId; section: { heading: string; html: string } }) {
  return (
    <Block id={id} heading={section.heading} className="order-legal">
      <div className="prose" dangerouslySetInnerHTML={{ __html: section.html }} />
    </Block>
  );
}

/** Who takes the order: the business, its address, phone and e-mail. */
function ContractorBlock({ site, form }: { site: Site; form: OrderForm }) {
  const { address } = site;
  return (
    <Block id="auftragnehmer" heading={form.contractor}>
      <p>
        {site.legalName}
        <br />
        {address.street}, {address.postalCode} {address.city}
        <br />
        {`${form.contractorContact.phone}: `}
        <CallButton site={site} location="order" className="order-phone" plain>
          {site.phone.display}
        </CallButton>
        <br />
        {`${form.contractorContact.email}: `}<a href={`mailto:${site.email}`}>{site.email}</a>
      </p>
    </Block>
  );
}

/** The job: every service and every part with its price, to tick, and the surcharge rule. */
function JobBlock({ prices, vat, words }: { prices: Prices; vat: VatWording; words: OrderForm['job'] }) {
  const services = [...prices.services.map((service) => service.id), HAPPY_HOUR_ID];
  return (
    <Block id="leistung" heading={words.heading}>
      <div className="order-table-wrap">
        <table className="order-table">
          <TickTableHead choice={words.choice} columns={[words.services, words.price]} />
          <tbody>
            {services.map((id) => (
              <TickRow key={id} item={quote(prices, id).item}>
                <td>
                  <PriceSchedule prices={prices} id={id} />
                </td>
              </TickRow>
            ))}
          </tbody>
        </table>
      </div>
      <div className="order-table-wrap">
        <table className="order-table">
          <TickTableHead choice={words.choice} columns={[words.parts, words.price, words.quantity]} />
          <tbody>
            {prices.parts.map((part) => (
              <TickRow key={part.id} item={part}>
                <td>
                  <Price quote={quote(prices, part.id)} />
                </td>
                <td className="order-blank" />
              </TickRow>
            ))}
          </tbody>
        </table>
      </div>
      <p className="tick-line">
        <Box />
        {words.surcharge}
      </p>
      <p className="fine-print">{surchargeNote(prices)}</p>
      <FillFields labels={[words.other, words.total]} />
      <p className="fine-print">{vat.note}</p>
    </Block>
  );
}

// The order form /auftrag (docs/decisions.md, 'Order form /auftrag'): on screen a page of the
// site, on paper an A4 form (templates/styles/order-form.css) that the customer signs before work
// starts and keeps a copy of, which makes it the durable medium § 356 Abs. 4 Nr. 2 b and § 312f
// Abs. 1 BGB ask for.
export function OrderFormPage({ site, prices, vat, form, stand, agbStand, withdrawal }: OrderFormProps) {
  const layout = useLayoutWords();
  return (
    <div className="container page-narrow order-form">
      <h1>{form.heading}</h1>
      <p className="order-version">
        {`${layout.version}: `}<time dateTime={stand}>{formatGermanDate(stand)}</time>
      </p>
      <p className="order-lead no-print">{form.lead}</p>

      <ContractorBlock site={site} form={form} />

      <Block id="auftraggeber" heading={form.customer.heading}>
        <FillFields labels={form.customer.fields} />
        <div className="tick-row">
          <p>{form.customer.ordered.label}:</p>
          <TickList options={form.customer.ordered.options} />
        </div>
        <div className="tick-row">
          <p>{form.customer.authorisation.label}:</p>
          <TickList options={form.customer.authorisation.options} />
        </div>
      </Block>

      <JobBlock prices={prices} vat={vat} words={form.job} />

      <Block id="agb" heading={form.terms.heading}>
        <p className="tick-line">
          <Box />
          <span>
            {form.terms.consent}
            {agbStand && (
              <>
                {' '}
                {`(${layout.version}: `}<time dateTime={agbStand}>{formatGermanDate(agbStand)}</time>)
              </>
            )}
          </span>
        </p>
      </Block>

      <WithdrawalBlock id="widerrufsrecht" section={withdrawal['widerrufsrecht']} />
      <Block id="sofortiger-beginn" heading={withdrawal['sofortiger-beginn'].heading} className="order-legal">
        <div className="prose" dangerouslySetInnerHTML={{ __html: withdrawal['sofortiger-beginn'].html }} />
        <p className="tick-line">
          <Box />
          {form.declaration.tick}
        </p>
        <Signature label={form.declaration.signature} />
      </Block>

      <Block id="unterschriften" heading={form.signatures.heading}>
        <p>{form.signatures.text}</p>
        <div className="signatures">
          <Signature label={form.signatures.customer} />
          <Signature label={form.signatures.technician} />
        </div>
        <p className="tick-line">
          <Box />
          {form.signatures.copy}
        </p>
      </Block>

      <WithdrawalBlock id="widerrufsbelehrung" section={withdrawal['widerrufsbelehrung']} />
      <WithdrawalBlock id="muster-widerrufsformular" section={withdrawal['muster-widerrufsformular']} />
    </div>
  );
}

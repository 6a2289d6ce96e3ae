import type { ReactNode } from 'react';
import type { PricesPage as PricesPageData } from '../../core/schema/prices-page.ts';
import type { PriceItem, Prices, VatWording } from '../../core/schema/prices.ts';
import type { Site } from '../../core/schema/site.ts';
import { CallToAction } from '../components/CallToAction.tsx';
import { ColumnHeads } from '../components/ColumnHeads.tsx';
import { Faq } from '../components/Faq.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Price, PriceSchedule } from '../components/Price.tsx';
import { PriceCard } from '../components/PriceCard.tsx';
import { Section } from '../components/Section.tsx';
import { outsideText, priceText, quote } from '../../core/prices.ts';
import { sentenceStart } from '../../core/place.ts';
import type { Crumb } from '../../core/structured-data.ts';

export interface PricesProps {
  site: Site;
  prices: Prices;
  vat: VatWording;
  page: PricesPageData;
  crumbs: Crumb[];
}

/** A list of prices with a note each: the parts, and the extras that can be added to a fixed price. */
function PriceTable({ columns, items, price }: { columns: [item: string, price: string, note: string]; items: PriceItem[]; price: (item: PriceItem) => ReactNode }) {
  return (
    <table className="price-table">
      <thead>
        <tr>
          <ColumnHeads columns={columns} />
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id}>
            <th scope="row">{item.title}</th>
            <td>{price(item)}</td>
            {/* A note may be written to continue a sentence (data/prices.yaml, anfahrt-ausserhalb). */}
            <td>{item.note ? sentenceStart(item.note) : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The worked example of the surcharge rule, computed from the data: 69 € → 138 €. */
function SurchargeExample({ prices, heading }: { prices: Prices; heading: string }) {
  const rule = prices.surcharges.outsideHours;
  const q = quote(prices, rule.exampleId);
  return (
    <div className="surcharge-example">
      <h3>{heading}</h3>
      <p>
        {q.item.title}, {prices.terms.standardHours}: <Price quote={q} />
        <br />
        {q.item.title}, {rule.when}: <strong data-price-outside={q.item.id}>{outsideText(q)}</strong> ({priceText(q)} + {rule.percent} %)
      </p>
    </div>
  );
}

export function PricesPage({ site, prices, vat, page, crumbs }: PricesProps) {
  return (
    <>
      <PageHero site={site} heading={page.heading} lead={page.lead} crumbs={crumbs} location="pricing" />
      <Section id="festpreise" heading={page.cardsHeading} lead={vat.note} reveal={false}>
        <ul className="card-grid price-grid">
          {page.cards.map((card) => (
            <PriceCard key={card.priceId} prices={prices} id={card.priceId} description={card.description} features={card.features} highlight={page.highlight} />
          ))}
        </ul>
      </Section>
      <Section id="material" heading={page.parts.heading} {...(page.parts.lead ? { lead: page.parts.lead } : {})} className="section-muted">
        <PriceTable columns={[page.parts.columns.part, page.parts.columns.price, page.parts.columns.note]} items={prices.parts} price={(part) => <Price quote={quote(prices, part.id)} />} />
      </Section>
      <Section id="zusatzkosten" heading={page.extras.heading} lead={page.extras.lead}>
        <PriceTable columns={[page.extras.columns.extra, page.extras.columns.price, page.extras.columns.note]} items={prices.extras} price={(extra) => <PriceSchedule prices={prices} id={extra.id} />} />
      </Section>
      <Section id="zuschlag" heading={page.surcharge.heading} className="section-muted">
        <div className="surcharge-box">
          <p>{page.surcharge.text}</p>
          <SurchargeExample prices={prices} heading={page.surcharge.exampleHeading} />
          <p className="fine-print">{prices.surcharges.outsideArea}</p>
        </div>
      </Section>
      <Section id="fairness" heading={page.fairness.heading}>
        <ul className="card-grid">
          {page.fairness.points.map((point) => (
            <li key={point.title} className="card">
              <h3>{point.title}</h3>
              <p>{point.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="fragen" heading={page.faq.heading} className="section-muted">
        <Faq items={page.faq.items} group="preise-faq" />
      </Section>
      <CallToAction site={site} heading={page.cta.heading} text={page.cta.text} location="pricing" />
    </>
  );
}

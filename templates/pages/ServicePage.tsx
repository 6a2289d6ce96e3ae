import type { Prices } from '../../core/schema/prices.ts';
import { CheckList } from '../components/CheckList.tsx';
import type { Service, Services } from '../../core/schema/services.ts';
import type { Site } from '../../core/schema/site.ts';
import { CallToAction } from '../components/CallToAction.tsx';
import { LinkStrip } from '../components/LinkStrip.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { ExtraPrices } from '../components/ExtraPrices.tsx';
import { PriceSchedule } from '../components/Price.tsx';
import { priceItem } from '../../core/prices.ts';
import { fillSlots } from '../../core/slots.ts';
import type { Crumb } from '../../core/structured-data.ts';

export interface ServiceProps {
  site: Site;
  service: Service;
  /** The words every service page shares (data/services.yaml, `page`). */
  words: Services['page'];
  prices: Prices;
  priceId: string;
  surchargeNote: string;
  vatNote: string;
  crumbs: Crumb[];
  /** The other services, for "Weitere Leistungen". */
  others: { title: string; href: string }[];
}

/** /leistungen/{service}: title, intro, three paragraphs, eight advantages, call and WhatsApp. */
export function ServicePage({ site, service, words, prices, priceId, surchargeNote, vatNote, crumbs, others }: ServiceProps) {
  const price = priceItem(prices, priceId);
  return (
    <>
      <PageHero site={site} heading={service.title} lead={service.intro} crumbs={crumbs} location="service_page" pageTitle={service.title}>
        <p className="price-line">
          <span className="price-line-label">{price.title}</span>{' '}
          <PriceSchedule prices={prices} id={priceId} className="price-line-amount" />
          {price.note && <> <span className="price-line-note">{price.note}</span></>}
        </p>
      </PageHero>
      <section className="section" aria-labelledby="service-about">
        <div className="container two-columns">
          <div className="prose">
            <h2 id="service-about">{words.about}</h2>
            {service.description.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <p className="fine-print">
              {surchargeNote} {vatNote}
            </p>
            <ExtraPrices prices={prices} forIds={[priceId]} />
          </div>
          <aside className="card advantages" aria-labelledby="service-advantages">
            <h2 id="service-advantages" className="card-heading">
              {words.advantages}
            </h2>
            <CheckList items={service.advantages} />
          </aside>
        </div>
      </section>
      <CallToAction site={site} heading={fillSlots(words.cta.heading, { service: service.title })} text={words.cta.text} location="service_page" pageTitle={service.title} />
      <LinkStrip heading={words.others} links={others} />
    </>
  );
}

// A place page: a town, a district or the fallback for a name the data does not know.
import { useLayoutWords } from '../../layout/words.ts';
import type { Prices, VatWording } from '../../../core/schema/prices.ts';
import type { Claims } from '../../../core/schema/claims.ts';
import { CheckList } from '../../components/CheckList.tsx';
import type { Site } from '../../../core/schema/site.ts';
import { CallToAction } from '../../components/CallToAction.tsx';
import { CallButton, WhatsAppButton } from '../../components/ContactButtons.tsx';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { Faq } from '../../components/Faq.tsx';
import { Icon } from '../../components/Icon.tsx';
import { PriceSchedule } from '../../components/Price.tsx';
import { Section } from '../../components/Section.tsx';
import { districtsWord, postcodeFact, sentenceStart, type Place } from '../../../core/place.ts';
import { AboutPlace, PlaceSurroundings } from './PlaceSections.tsx';
import { placeFaq } from './place-faq.ts';
import { placeLead } from './place-lead.ts';
import { priceItem } from '../../../core/prices.ts';
import type { Crumb } from '../../../core/structured-data.ts';
import type { PlacePageWords } from '../../../core/schema/place-pages.ts';
import { fillSlots } from '../../../core/slots.ts';
import { IconCards } from '../../components/IconCards.tsx';

export interface PlacePageProps {
  site: Site;
  prices: Prices;
  claims: Claims;
  vat: VatWording;
  place: Place;
  crumbs: Crumb[];
  /** The page's words (data/place-pages.yaml, `page`). */
  words: PlacePageWords;
  /** The service cards: their page, icon and price from data/services.yaml, their short name from `words`. */
  services: { title: string; href: string; icon: string; priceId: string }[];
}


export function PlacePage({ site, prices, claims, vat, place, crumbs, words, services }: PlacePageProps) {
  const town = place.town?.name ?? place.name;
  const faq = placeFaq(place, site, words.faq);
  const slots = { name: place.name, town, at: place.at, At: sentenceStart(place.at), to: place.to, arrival: place.arrivalTime ?? '', phone: site.phone.display, business: site.name };
  const say = (text: string) => fillSlots(text, slots);
  const layout = useLayoutWords();
  return (
    <>
      <section className="page-hero" aria-labelledby="page-heading">
        <div className="container">
          <Breadcrumbs crumbs={crumbs} />
          {place.isMainLocation && <p className="badge-main">{layout.mainLocation}</p>}
          <h1 id="page-heading">
            {say(words.hero.heading)}
            {place.kind === 'district' && <span className="heading-sub">{say(words.hero.headingTown)}</span>}
          </h1>
          <ul className="city-facts">
            <li>
              <Icon name="map-pin" size={18} /> {postcodeFact(place, { own: layout.postcodes, ofTown: words.hero.postcodesOfTown, unknown: words.hero.postcodesUnknown })}
            </li>
            <li>
              <Icon name="timer" size={18} /> {place.arrivalTime === null ? words.hero.arrivalUnknown : say(words.hero.arrival)}
            </li>
            <li>
              <Icon name="clock" size={18} /> {words.hero.always}
            </li>
          </ul>
          <p className="hero-lead">{placeLead(place, words.lead, site.address.city)}</p>
          <div className="button-row">
            <CallButton site={site} location="city_page" className="btn btn-call btn-large">
              <span>{fillSlots(layout.call.now, { phone: site.phone.display })}</span>
            </CallButton>
            {' '}
            <WhatsAppButton site={site} location="city_page" className="btn btn-whatsapp btn-large" />
          </div>
        </div>
      </section>

      <div className="container two-columns city-body">
        <div>
          <section aria-labelledby="reasons-heading">
            <h2 id="reasons-heading">{place.known ? say(words.reasons.heading) : say(words.reasons.headingUnknown)}</h2>
            {/* The fixed price and the damage-free rate stand with their conditions in the tiles below. */}
            <CheckList
              items={[
                place.arrivalTime === null ? words.reasons.arrivalUnknown : say(words.reasons.arrival),
                place.known ? say(words.reasons.travel) : words.reasons.travelUnknown,
                claims.founded.text,
              ]}
            />
          </section>
          <AboutPlace place={place} words={words.about} />
          <PlaceSurroundings place={place} words={words.surroundings} />
        </div>
        <aside className="card price-box sticky-box" aria-labelledby="price-box-heading">
          <h2 id="price-box-heading" className="card-heading">
            {place.known ? say(words.prices.heading) : words.prices.headingUnknown}
          </h2>
          <dl className="call-box-rows">
            {words.prices.ids.map((id) => (
              <div key={id}>
                <dt>{priceItem(prices, id).title}:</dt>{' '}
                <dd>
                  <PriceSchedule prices={prices} id={id} />
                </dd>
              </div>
            ))}
          </dl>
          {/* Each price states when it applies; the VAT note says what every price includes. */}
          <p className="fine-print">{vat.note}</p>
          <CallButton site={site} location="city_price_box" className="btn btn-call btn-block" />{' '}
          <a className="text-link" href="/preise">
            {words.prices.all}
          </a>
        </aside>
      </div>

      <Section id="leistungen-vor-ort" heading={place.known ? say(words.services.heading) : words.services.headingUnknown} className="section-muted">
        <ul className="card-grid">
          {services.map((service, index) => (
            <li key={service.href} className="card" style={{ '--i': index } as React.CSSProperties}>
              <Icon name={service.icon} size={28} className="icon card-icon" />
              <h3>
                <a href={service.href}>{service.title}</a>
              </h3>
              <p>
                {place.known ? say(words.services.known) : words.services.unknown}: <PriceSchedule prices={prices} id={service.priceId} />
              </p>
              {/* A price holds for what its note says (data/prices.yaml), here as on /preise. */}
              <p className="fine-print">{priceItem(prices, service.priceId).note}.</p>
            </li>
          ))}
        </ul>
        <IconCards items={words.tiles} className="card-grid tiles" />
      </Section>

      {/* A district with a text of its own names its neighbours above and leaves the whole list to its town's page. */}
      {place.districts.length > 0 && !(place.kind === 'district' && place.description !== null) && (
        <Section id="stadtteile" heading={fillSlots(place.kind === 'district' ? words.districts.others : words.districts.all, { word: districtsWord(place.districts, 'nominative', place.word), town })}>
          <ul className="district-grid">
            {place.districts.map((district, index) => (
              <li key={district.path} style={{ '--i': index } as React.CSSProperties}>
                <a href={district.path}>{district.name}</a>
              </li>
            ))}
          </ul>
        </Section>
      )}

      <Section id="fragen" heading={say(words.faq.heading)}>
        <Faq items={faq} group="city-faq" />
      </Section>

      <CallToAction site={site} heading={say(words.cta.heading)} text={place.known ? say(words.cta.text) : words.cta.textUnknown} location="city_cta" />
      <p className="container section-more">
        <a className="btn btn-outline" href="/einsatzgebiet">
          {words.more}
        </a>
      </p>
    </>
  );
}

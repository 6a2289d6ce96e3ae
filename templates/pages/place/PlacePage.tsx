// A place page: a town's or a district's, or the page of a place the data does not know (the
// server fills in its name). Its sections that speak of the place are in ./PlaceSections.tsx, its
// lead and questions in ./place-texts.ts; every word comes from data/place-pages.yaml (`page`),
// with the place's own facts in its slots.
import { useLayoutWords } from '../../layout/words.ts';
import type { Prices, VatWording } from '../../../core/schema/prices.ts';
import type { Claims } from '../../../core/schema/claims.ts';
import type { Site } from '../../../core/schema/site.ts';
import { CallToAction } from '../../components/CallToAction.tsx';
import { CallButton, WhatsAppButton } from '../../components/ContactButtons.tsx';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { Faq } from '../../components/Faq.tsx';
import { Icon } from '../../components/Icon.tsx';
import { PriceSchedule } from '../../components/Price.tsx';
import { Section } from '../../components/Section.tsx';
import { postcodeFact, sentenceStart, type Place } from '../../../core/place.ts';
import { AboutPlace, PlaceDistricts, PlaceDoors, PlaceReasons, PlaceServices, PlaceSurroundings, type Say } from './PlaceSections.tsx';
import { placeFaq, placeLead } from './place-texts.ts';
import { priceItem } from '../../../core/prices.ts';
import type { Crumb } from '../../../core/structured-data.ts';
import type { PlacePageWords } from '../../../core/schema/place-pages.ts';
import { fillSlots } from '../../../core/slots.ts';

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
  const slots = { name: place.name, town, at: place.at, At: sentenceStart(place.at), to: place.to, arrival: place.arrivalTime ?? '', phone: site.phone.display, business: site.name };
  const say: Say = (text) => fillSlots(text, slots);
  return (
    <>
      <PlaceHero site={site} place={place} crumbs={crumbs} words={words} say={say} />

      <div className="container two-columns city-body">
        <div>
          <PlaceReasons place={place} words={words.reasons} founded={claims.founded.text} say={say} />
          <AboutPlace place={place} words={words.about} />
          <PlaceDoors place={place} words={words.doors} say={say} />
          <PlaceSurroundings place={place} words={words.surroundings} />
        </div>
        <PriceBox site={site} prices={prices} vat={vat} place={place} words={words.prices} say={say} />
      </div>

      <PlaceServices place={place} prices={prices} services={services} words={words} say={say} />
      <PlaceDistricts place={place} words={words.districts} town={town} />

      <Section id="fragen" heading={say(words.faq.heading)}>
        <Faq items={placeFaq(place, site, words.faq)} group="city-faq" />
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

/** The hero: the place's name, its postcodes, arrival time and hours, the lead, and the call. */
function PlaceHero({ site, place, crumbs, words, say }: { site: Site; place: Place; crumbs: Crumb[]; words: PlacePageWords; say: Say }) {
  const layout = useLayoutWords();
  return (
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
  );
}

/** The prices beside the text, each with the time it applies, and the VAT note that covers them all. */
function PriceBox({ site, prices, vat, place, words, say }: { site: Site; prices: Prices; vat: VatWording; place: Place; words: PlacePageWords['prices']; say: Say }) {
  return (
    <aside className="card price-box sticky-box" aria-labelledby="price-box-heading">
      <h2 id="price-box-heading" className="card-heading">
        {place.known ? say(words.heading) : words.headingUnknown}
      </h2>
      <dl className="call-box-rows">
        {words.ids.map((id) => (
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
        {words.all}
      </a>
    </aside>
  );
}

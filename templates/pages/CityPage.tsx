// A place page: a town, a district or the fallback for a name the data does not know.
import type { Prices, VatWording } from '../../data/schema/prices.ts';
import type { Claims } from '../../data/schema/claims.ts';
import { CheckList } from '../components/CheckList.tsx';
import type { Site } from '../../data/schema/site.ts';
import { CallToAction } from '../components/CallToAction.tsx';
import { CallButton, WhatsAppButton } from '../components/ContactButtons.tsx';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { Faq } from '../components/Faq.tsx';
import { Icon } from '../components/Icon.tsx';
import { PriceSchedule } from '../components/Price.tsx';
import { Section } from '../components/Section.tsx';
import { districtsWord, postcodeFact, sentenceStart, type Place } from '../lib/place.ts';
import { AboutPlace, CityArea } from '../components/PlaceSections.tsx';
import { cityFaq } from './city-faq.ts';
import { priceItem } from '../lib/prices.ts';
import type { Crumb } from '../lib/structured-data.ts';

export interface CityProps {
  site: Site;
  prices: Prices;
  claims: Claims;
  vat: VatWording;
  place: Place;
  crumbs: Crumb[];
}

const PRICE_IDS = ['tuer-zugefallen', 'tuer-abgeschlossen', 'autooeffnung'];
const SERVICES = [
  { title: 'Türöffnung', href: '/leistungen/tueroeffnung', icon: 'door-open', priceId: 'tuer-zugefallen' },
  { title: 'Autoöffnung', href: '/leistungen/autooeffnung', icon: 'car', priceId: 'autooeffnung' },
  { title: 'Tresoröffnung', href: '/leistungen/tresoroeffnung', icon: 'vault', priceId: 'tresoroeffnung' },
];

export function CityPage({ site, prices, claims, vat, place, crumbs }: CityProps) {
  const town = place.town?.name ?? place.name;
  const faq = cityFaq(place, prices, site);
  return (
    <>
      <section className="page-hero" aria-labelledby="page-heading">
        <div className="container">
          <Breadcrumbs crumbs={crumbs} />
          {place.isMainLocation && <p className="badge-main">Hauptstandort</p>}
          <h1 id="page-heading">
            Schlüsseldienst {place.name}
            {place.kind === 'district' && <span className="heading-sub"> in {town}</span>}
          </h1>
          <ul className="city-facts">
            <li>
              <Icon name="map-pin" size={18} /> {postcodeFact(place)}
            </li>
            <li>
              <Icon name="timer" size={18} /> {place.arrivalTime === null ? 'Ankunftszeit auf Anfrage' : `Anfahrt ${place.arrivalTime}`}
            </li>
            <li>
              <Icon name="clock" size={18} /> 24/7 erreichbar
            </li>
          </ul>
          <p className="hero-lead">{place.lead}</p>
          <div className="button-row">
            <CallButton site={site} location="city_page" className="btn btn-call btn-large">
              <span>Jetzt anrufen: {site.phone.display}</span>
            </CallButton>
            {' '}
            <WhatsAppButton site={site} location="city_page" className="btn btn-whatsapp btn-large" />
          </div>
        </div>
      </section>

      <div className="container two-columns city-body">
        <div>
          <section aria-labelledby="reasons-heading">
            <h2 id="reasons-heading">Warum {site.name} {place.at}?</h2>
            {/* The fixed price and the damage-free rate stand with their conditions in the tiles below. */}
            <CheckList
              items={[
                place.arrivalTime === null ? 'Die Ankunftszeit für Ihre Adresse nennen wir Ihnen am Telefon' : `${sentenceStart(place.at)} in der Regel in ${place.arrivalTime} vor Ort`,
                place.kind === 'fallback' ? 'Anfahrt im Einsatzgebiet im Preis enthalten' : `Anfahrt ${place.to} im Preis enthalten`,
                claims.founded.text,
              ]}
            />
          </section>
          <AboutPlace place={place} />
          <CityArea place={place} />
        </div>
        <aside className="card price-box sticky-box" aria-labelledby="price-box-heading">
          <h2 id="price-box-heading" className="card-heading">
            Preise {place.kind === 'fallback' ? 'im Einsatzgebiet' : place.at}
          </h2>
          <dl className="call-box-rows">
            {PRICE_IDS.map((id) => (
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
            Alle Preise
          </a>
        </aside>
      </div>

      <Section id="leistungen-vor-ort" heading={`Unsere Leistungen ${place.at}`} className="section-muted">
        <ul className="card-grid">
          {SERVICES.map((service, index) => (
            <li key={service.href} className="card" style={{ '--i': index } as React.CSSProperties}>
              <Icon name={service.icon} size={28} className="icon card-icon" />
              <h3>
                <a href={service.href}>{service.title}</a>
              </h3>
              <p>
                {place.kind === 'fallback' ? 'Im Einsatzgebiet' : `Auch ${place.at}`}: <PriceSchedule prices={prices} id={service.priceId} />
              </p>
            </li>
          ))}
        </ul>
        <ul className="card-grid tiles">
          <li className="card">
            <Icon name="shield-check" size={28} className="icon card-icon" />
            <h3>Schonende Öffnung</h3>
            <p>{claims.damageFree.text}; gebohrt wird nur mit Ihrer Zustimmung.</p>
          </li>
          <li className="card">
            <Icon name="clock" size={28} className="icon card-icon" />
            <h3>24/7 Notdienst</h3>
            <p>Tag und Nacht erreichbar, auch an Sonn- und Feiertagen.</p>
          </li>
          <li className="card">
            <Icon name="badge-euro" size={28} className="icon card-icon" />
            <h3>Preis vorab</h3>
            <p>{claims.fixedPrice.text}. {claims.fixedPrice.condition}</p>
          </li>
        </ul>
      </Section>

      {/* A district with a text of its own names its neighbours above and leaves the whole list to its town's page. */}
      {place.districts.length > 0 && !(place.kind === 'district' && place.description !== null) && (
        <Section id="stadtteile" heading={`${place.kind === 'district' ? 'Weitere' : 'Alle'} ${districtsWord(place.districts, 'nominative', place.word)} von ${town}`}>
          <ul className="district-grid">
            {place.districts.map((district, index) => (
              <li key={district.path} style={{ '--i': index } as React.CSSProperties}>
                <a href={district.path}>{district.name}</a>
              </li>
            ))}
          </ul>
        </Section>
      )}

      <Section id="fragen" heading={`Häufige Fragen zum Schlüsseldienst ${place.at}`}>
        <Faq items={faq} group="city-faq" />
      </Section>

      <CallToAction site={site} heading={`Ausgesperrt ${place.at}? Rufen Sie jetzt an.`} text={place.kind === 'fallback' ? 'Wir nennen Ihnen am Telefon den Festpreis und die Ankunftszeit.' : `Wir nennen Ihnen am Telefon den Festpreis und wann wir ${place.at} sind.`} location="city_cta" />
      <p className="container section-more">
        <a className="btn btn-outline" href="/einsatzgebiet">
          Alle Einsatzgebiete ansehen
        </a>
      </p>
    </>
  );
}

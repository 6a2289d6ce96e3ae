import type { Prices } from '../../data/schema/prices.ts';
import { CheckList } from '../components/CheckList.tsx';
import type { Site } from '../../data/schema/site.ts';
import { CallToAction } from '../components/CallToAction.tsx';
import { CallButton, WhatsAppButton } from '../components/ContactButtons.tsx';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { Faq } from '../components/Faq.tsx';
import { Icon } from '../components/Icon.tsx';
import { Price } from '../components/Price.tsx';
import { Section } from '../components/Section.tsx';
import type { Place } from '../lib/place.ts';
import { formatEuro } from '../lib/format.ts';
import { priceItem, surchargeNote } from '../lib/prices.ts';
import type { Crumb } from '../lib/structured-data.ts';

export interface CityProps {
  site: Site;
  prices: Prices;
  place: Place;
  crumbs: Crumb[];
}

const SHOWN_DISTRICTS = 8;
const PRICE_IDS = ['tuer-zugefallen', 'tuer-abgeschlossen', 'autooeffnung'];
const SERVICES = [
  { title: 'Türöffnung', href: '/leistungen/tueroeffnung', icon: 'door-open', priceId: 'tuer-zugefallen' },
  { title: 'Autoöffnung', href: '/leistungen/autooeffnung', icon: 'car', priceId: 'autooeffnung' },
  { title: 'Tresoröffnung', href: '/leistungen/tresoroeffnung', icon: 'vault', priceId: 'tresoroeffnung' },
];

function postcodeText(place: Place): string {
  if (place.postcodes.length === 0) return 'Auf Anfrage';
  return place.postcodes.length === 1 ? place.postcodes[0]! : `${place.postcodes[0]}–${place.postcodes.at(-1)}`;
}

/** The four questions of spec section 2, answered from the place's data and the price list. */
export function cityFaq(place: Place, prices: Prices, site: Site): { question: string; answer: string }[] {
  const door = priceItem(prices, 'tuer-zugefallen');
  const locked = priceItem(prices, 'tuer-abgeschlossen');
  const area = place.town && place.kind === 'district' ? `${place.name} (${place.town.name})` : place.name;
  return [
    {
      question: `Wie schnell ist der Schlüsseldienst in ${place.name}?`,
      answer: `In ${area} sind wir in der Regel in ${place.arrivalTime.replace(' Min.', ' Minuten')} bei Ihnen. Die genaue Ankunftszeit nennen wir Ihnen am Telefon.`,
    },
    {
      question: `Was kostet eine Türöffnung in ${place.name}?`,
      answer:
        `Eine zugefallene Tür öffnen wir für ${formatEuro(door.price)}, eine abgeschlossene für ${formatEuro(locked.price)}, ` +
        `Anfahrt im Einsatzgebiet inklusive. ${surchargeNote(prices)}`,
    },
    {
      question: `Kommen Sie auch nachts und am Wochenende nach ${place.name}?`,
      answer: `Ja. Wir sind rund um die Uhr erreichbar, auch an Sonn- und Feiertagen. Rufen Sie ${site.phone.display} an.`,
    },
    {
      question: place.postcodes.length > 0 ? `Welche Postleitzahlen in ${place.town?.name ?? place.name} fahren Sie an?` : `Fahren Sie auch in meinen Ort?`,
      answer:
        place.postcodes.length > 0
          ? `Alle: ${place.postcodes.join(', ')}.`
          : 'Sehr wahrscheinlich. Rufen Sie uns an und nennen Sie Ihre Adresse – wir sagen Ihnen sofort, wann wir bei Ihnen sein können.',
    },
  ];
}

export function CityPage({ site, prices, place, crumbs }: CityProps) {
  const town = place.town?.name ?? place.name;
  const shown = place.districts.slice(0, SHOWN_DISTRICTS);
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
              <Icon name="map-pin" size={18} /> {`PLZ ${postcodeText(place)}`}
            </li>
            <li>
              <Icon name="timer" size={18} /> {`Anfahrt ${place.arrivalTime}`}
            </li>
            <li>
              <Icon name="clock" size={18} /> 24/7 erreichbar
            </li>
          </ul>
          <p className="hero-lead">{place.description}</p>
          <div className="button-row">
            <CallButton site={site} location="city_page" className="btn btn-call btn-large">
              <span>Jetzt anrufen: {site.phone.display}</span>
            </CallButton>
            <WhatsAppButton site={site} location="city_page" className="btn btn-whatsapp btn-large" />
          </div>
        </div>
      </section>

      <div className="container two-columns city-body">
        <div>
          <section aria-labelledby="reasons-heading">
            <h2 id="reasons-heading">Warum {site.name} in {place.name}?</h2>
            <CheckList
              items={[
                'Festpreis am Telefon, bevor wir losfahren',
                `In ${place.name} in der Regel in ${place.arrivalTime} vor Ort`,
                `Eigener Betrieb in ${site.address.city} seit ${site.foundingYear}, kein Callcenter`,
                '98 % der Türen öffnen wir ohne Schaden',
                'Zahlung nach der Arbeit, auch mit Karte ohne Gebühr',
              ]}
            />
          </section>
          <section aria-labelledby="area-heading">
            <h2 id="area-heading">Unser Einsatzgebiet in {town}</h2>
            {shown.length > 0 ? (
              <p>
                Wir kommen in {place.kind === 'district' ? `${place.name} und die Nachbarstadtteile` : `ganz ${town}`}:{' '}
                {shown.map((district, index) => (
                  <span key={district.path}>
                    <a href={district.path}>{district.name}</a>
                    {index < shown.length - 1 ? ', ' : ' '}
                  </span>
                ))}
                und alle weiteren Stadtteile.
              </p>
            ) : (
              <p>Wir kommen in ganz {place.name} zu Ihnen – in jede Straße, zu jeder Uhrzeit.</p>
            )}
            {place.kind === 'district' && place.town && (
              <p>
                <a href={place.town.path}>Schlüsseldienst in ganz {place.town.name}</a>
              </p>
            )}
          </section>
          {place.facts && place.population !== null && (
            <section aria-labelledby="facts-heading">
              <h2 id="facts-heading">Über {place.name}</h2>
              <p>
                {place.name} hat rund {place.population.toLocaleString('de-DE')} Einwohnerinnen und Einwohner
                {place.distanceKm !== null && place.distanceKm > 2 ? ` und liegt rund ${place.distanceKm} km von unserem Standort in ${site.address.city} entfernt` : ''}. {place.facts}
              </p>
            </section>
          )}
        </div>
        <aside className="card price-box sticky-box" aria-labelledby="price-box-heading">
          <h2 id="price-box-heading" className="card-heading">
            Festpreise in {place.name}
          </h2>
          <dl className="call-box-rows">
            {PRICE_IDS.map((id) => {
              const item = priceItem(prices, id);
              return (
                <div key={id}>
                  <dt>{item.title}</dt>
                  <dd>
                    <Price item={item} />
                  </dd>
                </div>
              );
            })}
          </dl>
          <p className="fine-print">
            {`${surchargeNote(prices)} ${prices.vatNote}`}
          </p>
          <p className="fine-print">
            <strong>Öffnungszeiten:</strong> Notdienst rund um die Uhr, 24/7. Büro {site.hours.office.map((slot) => `${slot.days} ${slot.opens}–${slot.closes}`).join(', ')} Uhr.
          </p>
          <CallButton site={site} location="city_price_box" className="btn btn-call btn-block" />
          <a className="text-link" href="/preise">
            Alle Preise
          </a>
        </aside>
      </div>

      <Section id="leistungen-vor-ort" heading={`Unsere Leistungen in ${place.name}`} className="section-muted">
        <ul className="card-grid">
          {SERVICES.map((service, index) => (
            <li key={service.href} className="card" style={{ '--i': index } as React.CSSProperties}>
              <Icon name={service.icon} size={28} className="icon card-icon" />
              <h3>
                <a href={service.href}>{service.title}</a>
              </h3>
              <p>
                Festpreis <Price item={priceItem(prices, service.priceId)} /> – auch in {place.name}.
              </p>
            </li>
          ))}
        </ul>
        <ul className="card-grid tiles">
          <li className="card">
            <Icon name="shield-check" size={28} className="icon card-icon" />
            <h3>Schadenfreie Öffnung</h3>
            <p>98 % der Türen öffnen wir ohne Spuren; Bohren nur mit Ihrer Zustimmung.</p>
          </li>
          <li className="card">
            <Icon name="clock" size={28} className="icon card-icon" />
            <h3>24/7 Notdienst</h3>
            <p>Tag und Nacht erreichbar, auch an Sonn- und Feiertagen.</p>
          </li>
          <li className="card">
            <Icon name="badge-euro" size={28} className="icon card-icon" />
            <h3>Festpreise vor Ort</h3>
            <p>Der Preis steht fest, bevor wir losfahren – ohne versteckte Kosten.</p>
          </li>
        </ul>
      </Section>

      {place.districts.length > 0 && (
        <Section id="stadtteile" heading={place.kind === 'district' ? `Weitere Stadtteile von ${town}` : `Alle Stadtteile von ${town}`}>
          <ul className="district-grid">
            {place.districts.map((district, index) => (
              <li key={district.path} style={{ '--i': index } as React.CSSProperties}>
                <a href={district.path}>{district.name}</a>
              </li>
            ))}
          </ul>
        </Section>
      )}

      <Section id="fragen" heading={`Häufige Fragen zum Schlüsseldienst in ${place.name}`}>
        <Faq items={faq} group="city-faq" />
      </Section>

      <CallToAction site={site} heading={`Ausgesperrt in ${place.name}? Rufen Sie jetzt an.`} text="Wir nennen Ihnen am Telefon den Festpreis und die Ankunftszeit." location="city_cta" />
      <p className="container section-more">
        <a className="btn btn-outline" href="/einsatzgebiet">
          Alle Einsatzgebiete ansehen
        </a>
      </p>
    </>
  );
}

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
import { atWithTown, districtsWord, postcodeFact, postcodeRange, sentenceStart, type Place, type PlaceLink } from '../lib/place.ts';
import { germanList } from '../lib/format.ts';
import { priceItem, priceSentence } from '../lib/prices.ts';
import { arrivalInWords } from '../lib/arrival.ts';
import type { Crumb } from '../lib/structured-data.ts';

export interface CityProps {
  site: Site;
  prices: Prices;
  claims: Claims;
  vat: VatWording;
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

/**
 * The four questions of spec section 2, answered from the place's data and the price list: its
 * distance, arrival time, postcodes and name carry the answers, so no two pages answer alike.
 */
export function cityFaq(place: Place, prices: Prices, site: Site): { question: string; answer: string }[] {
  const town = place.town?.name ?? place.name;
  const known = place.kind !== 'fallback';
  const where = place.kind === 'town' && place.distanceKm !== null && place.direction !== null
    ? `${place.name} liegt rund ${place.distanceKm} km von unserem Standort in ${site.address.city} entfernt. `
    : '';
  return [
    {
      question: `Wie schnell ist der Schlüsseldienst ${place.at}?`,
      answer:
        place.arrivalTime === null
          ? 'Das hängt davon ab, wo genau Sie sind. Rufen Sie uns an: Die Ankunftszeit für Ihre Adresse nennen wir Ihnen am Telefon.'
          : `${where}${sentenceStart(atWithTown(place))} sind wir in der Regel in ${arrivalInWords(place.arrivalTime)} bei Ihnen; die genaue Ankunftszeit nennen wir Ihnen am Telefon.`,
    },
    {
      question: `Was kostet eine Türöffnung ${place.at}?`,
      answer:
        `${known ? `${sentenceStart(place.at)} kostet` : 'Im Einsatzgebiet kostet'} das Öffnen einer zugefallenen Tür ${priceSentence(prices, 'tuer-zugefallen')}, ` +
        `einer abgeschlossenen ${priceSentence(prices, 'tuer-abgeschlossen')}. ` +
        // A name the data does not know may lie outside the area, where travel costs extra.
        (known ? `Die Anfahrt ${place.to} ist im Preis enthalten.` : prices.surcharges.outsideArea),
    },
    {
      question: `Kommen Sie auch nachts und am Wochenende ${place.to}?`,
      answer: known
        ? `Ja, ${place.to} kommen wir auch nachts, am Wochenende und an Feiertagen. Rufen Sie ${site.phone.display} an.`
        : `Wenn Ihr Ort in unserem Einsatzgebiet liegt, ja. Wir sind rund um die Uhr erreichbar, auch an Sonn- und Feiertagen. Rufen Sie ${site.phone.display} an.`,
    },
    {
      question: place.postcodes.length > 0 ? `Welche Postleitzahlen in ${town} fahren Sie an?` : `Fahren Sie auch in meinen Ort?`,
      answer:
        // The town's postcodes, named as the town's; a district's own only with their source.
        ownPostcodesSentence(place) +
        // A district's page names the town's range; the whole list stands on the town's page.
        (place.kind === 'district' && place.postcodes.length > 1
          ? `Wir kommen in alle Postleitzahlbereiche von ${town} (${postcodeRange(place.postcodes)}), auch ${place.to}.`
          : place.postcodes.length > 1
          ? `Wir kommen in alle Postleitzahlbereiche von ${town}: ${germanList(place.postcodes)}.`
          : place.postcodes.length === 1
            ? `Wir kommen in den ganzen Postleitzahlbereich von ${town}: ${place.postcodes[0]}.`
            : 'Das klären wir am Telefon: Nennen Sie uns Ihre Adresse, und wir sagen Ihnen sofort, ob und wann wir bei Ihnen sein können.'),
    },
  ];
}

/** "Der Ortsteil Buchholz hat die Postleitzahl 47279 (Quelle: …). ", or nothing without own data. */
function ownPostcodesSentence(place: Place): string {
  const own = place.districtPostcodes;
  if (!own) return '';
  const codes = own.codes.length === 1 ? `die Postleitzahl ${own.codes[0]}` : `die Postleitzahlen ${germanList(own.codes)}`;
  return `Der ${place.word ?? 'Stadtteil'} ${place.name} hat ${codes} (Quelle: ${own.source}). `;
}

/**
 * Up to eight names as links after a colon, the last joined with "und" when the list is complete.
 * With `counted`, a ninth name is shown rather than "und 1 weitere".
 */
function ShortList({ links, counted = false }: { links: PlaceLink[]; counted?: boolean }) {
  const shown = links.slice(0, counted && links.length === SHOWN_DISTRICTS + 1 ? links.length : SHOWN_DISTRICTS);
  const rest = links.length - shown.length;
  const separator = (index: number) => (index === shown.length - 1 ? '' : index === shown.length - 2 && rest === 0 ? ' und ' : ', ');
  return (
    <>
      {shown.map((district, index) => (
        <span key={district.path}>
          <a href={district.path}>{district.name}</a>
          {separator(index)}
        </span>
      ))}
      {rest === 0 ? '.' : counted ? ` und ${rest} weitere.` : ' und alle weiteren.'}
    </>
  );
}

/**
 * The place in its own words: the description written for it, the town's inhabitants and facts,
 * and where these statements come from. Nothing here is shared with another page.
 */
export function AboutPlace({ place }: { place: Place }) {
  const facts = place.facts !== null && place.population !== null;
  if (place.description === null && !facts) return null;
  return (
    <section aria-labelledby="about-heading">
      <h2 id="about-heading">Über {place.name}</h2>
      {place.description !== null && <p>{place.description}</p>}
      {facts && (
        <p>
          {place.name} hat rund {place.population!.toLocaleString('de-DE')} Einwohnerinnen und Einwohner. {place.facts}
        </p>
      )}
      {place.sources.length > 0 && (
        <p className="fine-print">{`Quellen: ${place.sources.join('; ')}${facts ? '; Einwohnerzahl gerundet nach IT.NRW' : ''}.`}</p>
      )}
    </section>
  );
}

/**
 * Where we go around the place. The district names stand in a list after a colon, where they
 * need no article; only the place itself takes its preposition ("in die Altstadt"). A district
 * names neighbours only where the data lists them; its town's other districts are just that,
 * in the data's order, with nothing said about where they lie.
 */
export function CityArea({ place }: { place: Place }) {
  const town = place.town?.name ?? place.name;
  const neighbours = place.neighbours ?? [];
  const others = place.districts;
  return (
    <section aria-labelledby="area-heading">
      <h2 id="area-heading">{place.kind === 'fallback' ? `Kommen wir ${place.to}?` : `Unser Einsatzgebiet in ${town}`}</h2>
      {place.kind === 'fallback' ? (
        // A name the data does not know may lie outside the service area: promise nothing.
        <p>
          Ob wir {place.to} kommen, wann wir da sein können und ob Anfahrtskosten außerhalb unseres <a href="/einsatzgebiet">Einsatzgebiets</a> anfallen, sagen wir Ihnen am Telefon.
        </p>
      ) : place.kind === 'town' && others.length > 0 ? (
        <p>
          {`Wir kommen in alle ${districtsWord(others, 'nominative', place.word)} von ${town}: `}
          <ShortList links={others} />
        </p>
      ) : (
        <p>
          Wir kommen {place.kind === 'district' ? `${place.to} und in ganz ${town}` : `in ganz ${place.name}`} zu Ihnen – in jede Straße, zu jeder Uhrzeit.
        </p>
      )}
      {place.kind === 'district' && neighbours.length > 0 && (
        <p>
          {`Benachbarte ${districtsWord(neighbours)}: `}
          <ShortList links={neighbours} counted />
        </p>
      )}
      {place.kind === 'district' && neighbours.length === 0 && others.length > 0 && (
        <p>
          {`Weitere ${districtsWord(others)} von ${town}: `}
          <ShortList links={others} counted />
        </p>
      )}
      {place.nearby.length > 0 && (
        <p>
          {`Nächstgelegene Orte unseres Einsatzgebiets (Luftlinie): `}
          {place.nearby.map((near, index) => (
            <span key={near.link.path}>
              <a href={near.link.path}>{near.link.name}</a> ({near.km} km){index === place.nearby.length - 1 ? '.' : index === place.nearby.length - 2 ? ' und ' : ', '}
            </span>
          ))}
        </p>
      )}
      {place.kind === 'district' && place.town && (
        <p>
          <a href={place.town.path}>Schlüsseldienst in ganz {place.town.name}</a>
        </p>
      )}
    </section>
  );
}

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

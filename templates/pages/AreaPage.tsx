import type { Claims } from '../../data/schema/claims.ts';
import type { Site } from '../../data/schema/site.ts';
import type { ArrivalFacts } from '../lib/arrival.ts';
import { CallToAction } from '../components/CallToAction.tsx';
import { MapEmbed } from '../components/MapEmbed.tsx';
import { Island } from '../components/Island.tsx';
import { TownCard } from '../components/TownCard.tsx';
import { CitySearch, type CitySearchProps } from '../islands/CitySearch.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Section } from '../components/Section.tsx';
import { districtsWord, townsWord, type Place } from '../lib/place.ts';
import { germanCollator } from '../lib/place-names.ts';
import type { Crumb } from '../lib/structured-data.ts';

export interface AreaProps {
  site: Site;
  claims: Claims;
  arrival: ArrivalFacts;
  places: Place[];
  regions: readonly string[];
  crumbs: Crumb[];
  mapUrl: string;
  embedUrl: string;
  /** The words of the city search (data/place-pages.yaml, `search`). */
  searchWords: CitySearchProps['words'];
}

function initial(name: string): string {
  return name.charAt(0).toLocaleUpperCase('de-DE').normalize('NFD').charAt(0);
}

/** /einsatzgebiet: statistics, the two-click map, the search, towns by region and the A–Z list. */
export function AreaPage({ site, claims, arrival, places, regions, crumbs, mapUrl, embedUrl, searchWords }: AreaProps) {
  const towns = places.filter((place) => place.kind === 'town');
  const districts = places.filter((place) => place.kind === 'district');
  // The words come from the data: "Städte und Gemeinden", "Stadtteilen und Ortsteilen".
  const townWords = townsWord(towns);
  const sorted = [...places].sort((a, b) => germanCollator.compare(a.name, b.name) || germanCollator.compare(a.town?.name ?? '', b.town?.name ?? ''));
  const letters = [...new Set(sorted.map((place) => initial(place.name)))];
  return (
    <>
      <PageHero
        site={site}
        heading="Unser Einsatzgebiet"
        lead={`Von unserem Standort in ${site.address.city} fahren wir in ${towns.length} ${townWords} im Ruhrgebiet, am Niederrhein, im Rheinland und im Bergischen Land.`}
        crumbs={crumbs}
        location="area"
      />
      <section className="section" aria-label="Zahlen">
        <div className="container">
          <ul className="card-grid stats">
            <li className="card stat">
              <span className="stat-value">{towns.length}</span> {townWords} mit {districts.length} {districtsWord(districts, 'dative')}
            </li>
            <li className="card stat">
              <span className="stat-value">{arrival.core}</span> übliche Anfahrt in die {arrival.coreCount} nächstgelegenen Städte, in die übrigen bis {arrival.slowest}
            </li>
            <li className="card stat">
              <span className="stat-value">{claims.damageFree.percent} %</span> unserer Türöffnungen ohne Schaden
            </li>
            <li className="card stat">
              <span className="stat-value">{claims.customers.count.toLocaleString('de-DE')}+</span> Kundinnen und Kunden seit {site.foundingYear}
            </li>
          </ul>
        </div>
      </section>
      <Section id="karte" heading="Karte" className="section-muted" reveal={false}>
        <MapEmbed embedUrl={embedUrl} linkUrl={mapUrl} linkLabel="In Google Maps öffnen" title="Karte des Einsatzgebiets (Google Maps)" />
      </Section>
      <Section id="orte" heading="Ihr Ort" lead="Suchen Sie Ihre Stadt oder Ihren Stadtteil." reveal={false}>
        <Island name="city-search" props={{ total: places.length, words: searchWords }}>
          <CitySearch total={places.length} words={searchWords} />
        </Island>
        {regions.map((region) => {
          const inRegion = towns.filter((town) => town.region === region);
          if (inRegion.length === 0) return null;
          return (
            <section key={region} className="region" aria-label={region} data-region>
              <h3>{region}</h3>
              <ul className="card-grid town-grid">
                {inRegion.map((town, index) => (
                  <li key={town.path} data-place={town.name} style={{ '--i': index } as React.CSSProperties}>
                    <TownCard town={town} />
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </Section>
      <Section id="a-z" heading="Alle Orte von A bis Z" className="section-muted">
        <nav className="letter-nav" aria-label="Buchstaben">
          {letters.map((letter) => (
            <a key={letter} href={`#buchstabe-${letter}`}>
              {letter}
            </a>
          ))}
        </nav>
        {letters.map((letter) => (
          <section key={letter} className="letter" aria-labelledby={`buchstabe-${letter}`} data-region>
            <h3 id={`buchstabe-${letter}`}>{letter}</h3>
            <ul className="az-list">
              {sorted
                .filter((place) => initial(place.name) === letter)
                .map((place) => (
                  <li key={place.path} data-place={place.kind === 'district' ? `${place.name} ${place.town?.name ?? ''}` : place.name}>
                    <a href={place.path}>{place.name}</a>
                    {place.kind === 'district' && <span className="az-town"> ({place.town?.name})</span>}
                    <span className="az-time"> · {place.arrivalTime}</span>
                  </li>
                ))}
            </ul>
          </section>
        ))}
      </Section>
      <CallToAction site={site} heading="Ihr Ort ist nicht dabei?" text="Rufen Sie an: Wir sagen Ihnen sofort, ob und wann wir bei Ihnen sein können." location="area_cta" />
    </>
  );
}

// /einsatzgebiet, the service area: statistics, the two-click map, the search, the towns by region
// and the A–Z list of every place, each linked to its place page.
import type { AreaPageWords } from '../../core/schema/place-pages.ts';
import type { Site } from '../../core/schema/site.ts';
import { CallToAction } from '../components/CallToAction.tsx';
import { MapEmbed } from '../components/MapEmbed.tsx';
import { Island } from '../components/Island.tsx';
import { TownCard } from '../components/TownCard.tsx';
import { CitySearch, type CitySearchProps } from '../islands/CitySearch.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Section } from '../components/Section.tsx';
import { districtsWord, townsWord, type Place } from '../../core/place.ts';
import { germanCollator } from '../../core/place-names.ts';
import { fillSlots } from '../../core/slots.ts';
import type { Crumb } from '../../core/structured-data.ts';

export interface AreaProps {
  site: Site;
  words: AreaPageWords;
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
export function AreaPage({ site, words, places, regions, crumbs, mapUrl, embedUrl, searchWords }: AreaProps) {
  const towns = places.filter((place) => place.kind === 'town');
  // The words come from the data: "Städte und Gemeinden", "Stadtteilen und Ortsteilen".
  const townWords = townsWord(towns);
  return (
    <>
      <PageHero
        site={site}
        heading={words.heading}
        lead={fillSlots(words.lead, { city: site.address.city, count: towns.length, towns: townWords })}
        crumbs={crumbs}
        location="area"
      />
      <AreaStats words={words.stats} towns={towns} townWords={townWords} districts={places.filter((place) => place.kind === 'district')} />
      <Section id="karte" heading={words.map.heading} className="section-muted" reveal={false}>
        <MapEmbed embedUrl={embedUrl} linkUrl={mapUrl} linkLabel={words.map.link} title={words.map.title} />
      </Section>
      <Section id="orte" heading={words.places.heading} lead={words.places.lead} reveal={false}>
        <Island name="city-search" props={{ total: places.length, words: searchWords }}>
          <CitySearch total={places.length} words={searchWords} />
        </Island>
        <TownsByRegion towns={towns} regions={regions} />
      </Section>
      <Section id="a-z" heading={words.az.heading} className="section-muted">
        <AzList places={places} words={words.az} />
      </Section>
      <CallToAction site={site} heading={words.cta.heading} text={words.cta.text} location="area_cta" />
    </>
  );
}

function AreaStats({ words, towns, townWords, districts }: { words: AreaPageWords['stats']; towns: Place[]; townWords: string; districts: Place[] }) {
  return (
    <section className="section" aria-label={words.label}>
      <div className="container">
        <ul className="card-grid stats">
          <li className="card stat">
            <span className="stat-value">{towns.length}</span>{' '}
            {fillSlots(words.places, { towns: townWords, districtCount: districts.length, districts: districtsWord(districts, 'dative') })}
          </li>
          {[words.arrival, words.damageFree, words.orders].map((stat) => (
            <li key={stat.text} className="card stat">
              <span className="stat-value">{stat.value}</span> {stat.text}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function TownsByRegion({ towns, regions }: { towns: Place[]; regions: readonly string[] }) {
  return regions.map((region) => {
    const inRegion = towns.filter((town) => town.region === region);
    if (inRegion.length === 0) return null;
    return (
      <section key={region} className="region" aria-label={region} data-region>
        <h3>{region}</h3>
        <ul className="card-grid town-grid">
          {inRegion.map((town, index) => (
            <li key={town.path} style={{ '--i': index } as React.CSSProperties}>
              <TownCard town={town} />
            </li>
          ))}
        </ul>
      </section>
    );
  });
}

/** Every place from A to Z, under a row of one-letter links. */
function AzList({ places, words }: { places: Place[]; words: AreaPageWords['az'] }) {
  const sorted = [...places].sort((a, b) => germanCollator.compare(a.name, b.name) || germanCollator.compare(a.town?.name ?? '', b.town?.name ?? ''));
  const letters = [...new Set(sorted.map((place) => initial(place.name)))];
  return (
    <>
      {/* A row of one-letter links: without its rules they run together, too small and too close to
          tap, so they are styled from the first paint although far below it (build/render/first-screen-markup.ts). */}
      <nav className="letter-nav" aria-label={words.letters} data-first-screen>
        {letters.flatMap((letter, index) => [
          index > 0 ? ' ' : null,
          <a key={letter} href={`#buchstabe-${letter}`}>
            {letter}
          </a>,
        ])}
      </nav>
      {/* About a thousand links. Each letter is laid out only near the screen (content-visibility
          in templates/styles/places.css), from the first paint on, so its rules stand inline:
          laying out all of them was a long task that Lighthouse counted as 80–118 ms of TBT
          (0–32 ms since). The number of places sizes a letter until it is laid out; with a size
          far off, Lighthouse's accessibility check measured moving links (contrast, target size). */}
      {letters.map((letter) => {
        const inLetter = sorted.filter((place) => initial(place.name) === letter);
        return (
          <section key={letter} className="letter" aria-labelledby={`buchstabe-${letter}`} data-region data-first-screen style={{ '--places': inLetter.length } as React.CSSProperties}>
            <h3 id={`buchstabe-${letter}`}>{letter}</h3>
            <ul className="az-list">
              {inLetter.map((place) => (
                <li key={place.path}>
                  <a href={place.path}>{place.name}</a>
                  {/* One text each, not text and values: React puts an empty comment between those,
                      about 2,900 nodes on this page. The search finds an item by these texts
                      (templates/islands/CitySearch.tsx, placeName). */}
                  {place.kind === 'district' && <span className="az-town">{` (${place.town?.name ?? ''})`}</span>}
                  <span className="az-time">{` · ${place.arrivalTime}`}</span>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}

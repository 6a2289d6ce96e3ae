// The parts of a place page that speak of the place itself: its own text with sources, where we
// go in and around it, its districts and neighbours. Rendered by templates/pages/CityPage.tsx.
import { districtsWord, type Place, type PlaceLink } from '../lib/place.ts';

const SHOWN_DISTRICTS = 8;

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

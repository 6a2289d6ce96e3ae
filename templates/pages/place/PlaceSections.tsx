// The sections of a place page (templates/pages/place/PlacePage.tsx) that speak of the place: why
// call us for it, its own text with sources, where we go in and around it, the services there, and
// its districts.
import type { PlacePageWords } from '../../../core/schema/place-pages.ts';
import { districtsWord, type Place, type PlaceLink } from '../../../core/place.ts';
import { fillSlots } from '../../../core/slots.ts';
import type { Prices } from '../../../core/schema/prices.ts';
import { quote } from '../../../core/prices.ts';
import { formatEuro } from '../../../core/format.ts';
import { CheckList } from '../../components/CheckList.tsx';
import { Icon } from '../../components/Icon.tsx';
import { IconCards } from '../../components/IconCards.tsx';
import { LinkedText } from '../../components/LinkedText.tsx';
import { Section } from '../../components/Section.tsx';

/** A text of the page with the place's slots filled. */
export type Say = (text: string) => string;

type SurroundingsWords = PlacePageWords['surroundings'];

const SHOWN_DISTRICTS = 8;

/**
 * Up to eight names as links after a colon, the last joined with "und" when the list is complete.
 * With `counted`, a ninth name is shown rather than "und 1 weitere".
 */
function ShortList({ links, counted = false, words }: { links: PlaceLink[]; counted?: boolean; words: SurroundingsWords }) {
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
      {rest === 0 ? '.' : counted ? fillSlots(words.andMore, { count: rest }) : words.andAll}
    </>
  );
}

/**
 * The place in its own words: the description written for it, the town's inhabitants and facts,
 * and where these statements come from. Nothing here is shared with another page.
 */
export function AboutPlace({ place, words }: { place: Place; words: PlacePageWords['about'] }) {
  const facts = place.facts !== null && place.population !== null;
  if (place.description === null && !facts) return null;
  // The town's sources name where its population comes from too (data/places/).
  const sources = place.sources.join('; ');
  return (
    <section aria-labelledby="about-heading">
      <h2 id="about-heading">{fillSlots(words.heading, { name: place.name })}</h2>
      {place.description !== null && <p>{place.description}</p>}
      {facts && <p>{`${fillSlots(words.population, { name: place.name, population: place.population!.toLocaleString('de-DE') })} ${place.facts}`}</p>}
      {place.sources.length > 0 && <p className="fine-print">{`${fillSlots(words.sources, { sources })}.`}</p>}
    </section>
  );
}

/** What the owner knows from his own jobs at the place about its doors and locks; nothing where he wrote nothing. */
export function PlaceDoors({ place, words, say }: { place: Place; words: PlacePageWords['doors']; say: Say }) {
  if (!place.doorNotes) return null;
  return (
    <section aria-labelledby="doors-heading">
      <h2 id="doors-heading">{say(words.heading)}</h2>
      <p>{place.doorNotes}</p>
    </section>
  );
}

/**
 * Where we go around the place. The district names stand in a list after a colon, where they
 * need no article; only the place itself takes its preposition ("in die Altstadt"). A district
 * names neighbours only where the data lists them; its town's other districts are just that,
 * in the data's order, with nothing said about where they lie.
 */
export function PlaceSurroundings({ place, words }: { place: Place; words: SurroundingsWords }) {
  const town = place.town?.name ?? place.name;
  const neighbours = place.neighbours ?? [];
  const others = place.districts;
  const say = (text: string, more: Record<string, string> = {}) => fillSlots(text, { name: place.name, town, to: place.to, ...more });
  return (
    <section aria-labelledby="area-heading">
      <h2 id="area-heading">{place.known ? say(words.heading) : say(words.headingUnknown)}</h2>
      {!place.known ? (
        // A name the data does not know may lie outside the service area: promise nothing.
        <p>
          <LinkedText text={say(words.unknown)} />
        </p>
      ) : place.kind === 'town' && others.length > 0 ? (
        <p>
          {say(words.allDistricts, { word: districtsWord(others, 'nominative', place.word) })}
          <ShortList links={others} words={words} />
        </p>
      ) : (
        <p>{say(place.kind === 'district' ? words.district : words.wholeTown)}</p>
      )}
      {place.kind === 'district' && neighbours.length > 0 && (
        <p>
          {say(words.neighbours, { word: districtsWord(neighbours) })}
          <ShortList links={neighbours} counted words={words} />
        </p>
      )}
      {place.kind === 'district' && neighbours.length === 0 && others.length > 0 && (
        <p>
          {say(words.others, { word: districtsWord(others) })}
          <ShortList links={others} counted words={words} />
        </p>
      )}
      {place.nearby.length > 0 && (
        <p>
          {words.nearby}
          {place.nearby.map((near, index) => (
            <span key={near.link.path}>
              <a href={near.link.path}>{near.link.name}</a>{index === place.nearby.length - 1 ? '.' : index === place.nearby.length - 2 ? ' und ' : ', '}
            </span>
          ))}
        </p>
      )}
      {place.kind === 'district' && place.town && (
        <p>
          <a href={place.town.path}>{say(words.townLink)}</a>
        </p>
      )}
    </section>
  );
}

/** Why call us for this place: the way there and how long we have been in business (the arrival time stands in the hero). */
export function PlaceReasons({ place, words, founded, say }: { place: Place; words: PlacePageWords['reasons']; founded: string; say: Say }) {
  const travel = !place.known ? null : place.kind === 'town' && place.direction === null ? say(words.travelHome) : say(words.travel);
  return (
    <section aria-labelledby="reasons-heading">
      <h2 id="reasons-heading">{place.known ? say(words.heading) : say(words.headingUnknown)}</h2>
      {/* The fixed price and the damage-free rate stand with their conditions in the tiles below. */}
      {/* A name the data does not know may lie outside the area: no word on what its travel costs. */}
      <CheckList items={[...(place.arrivalTime === null ? [words.arrivalUnknown] : []), ...(travel === null ? [] : [travel]), founded]} />
    </section>
  );
}

/**
 * The services at the place, each with its page and its lowest price, and the three tiles. The
 * door prices stand with their hours in the price box beside; a card does not repeat them.
 */
export function PlaceServices({ place, prices, services, words, say }: { place: Place; prices: Prices; services: { title: string; href: string; icon: string; priceId: string }[]; words: PlacePageWords; say: Say }) {
  return (
    <Section id="leistungen-vor-ort" heading={place.known ? say(words.services.heading) : words.services.headingUnknown} className="section-muted">
      <ul className="card-grid">
        {services.map((service, index) => (
          <li key={service.href} className="card" style={{ '--i': index } as React.CSSProperties}>
            <Icon name={service.icon} size={28} className="icon card-icon" />
            <h3>
              <a href={service.href}>{service.title}</a>
            </h3>
            <p>
              {place.known ? '' : `${words.services.unknown} `}
              {fillSlots(words.services.from, { price: formatEuro(quote(prices, service.priceId).total) })}
            </p>
          </li>
        ))}
      </ul>
      <p className="fine-print">{words.services.hours}</p>
      <IconCards items={words.tiles} className="card-grid tiles" />
    </Section>
  );
}

/** A town's districts, or a district's fellow districts; a district with a text of its own names its neighbours above and leaves the whole list to its town's page. */
export function PlaceDistricts({ place, words, town }: { place: Place; words: PlacePageWords['districts']; town: string }) {
  if (place.districts.length === 0 || (place.kind === 'district' && place.description !== null)) return null;
  return (
    <Section id="stadtteile" heading={fillSlots(place.kind === 'district' ? words.others : words.all, { word: districtsWord(place.districts, 'nominative', place.word), town })}>
      <ul className="district-grid">
        {place.districts.map((district, index) => (
          <li key={district.path} style={{ '--i': index } as React.CSSProperties}>
            <a href={district.path}>{district.name}</a>
          </li>
        ))}
      </ul>
    </Section>
  );
}

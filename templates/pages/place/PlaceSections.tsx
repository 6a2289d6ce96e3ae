// The parts of a place page that speak of the place itself: its own text with sources, where we
// go in and around it, its districts and neighbours. Rendered by templates/pages/place/PlacePage.tsx.
import type { PlacePageWords } from '../../../core/schema/place-pages.ts';
import { districtsWord, type Place, type PlaceLink } from '../../../core/place.ts';
import { fillSlots } from '../../../core/slots.ts';
import { LinkedText } from '../../components/LinkedText.tsx';

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
  const sources = [...place.sources, ...(facts ? [words.populationSource] : [])].join('; ');
  return (
    <section aria-labelledby="about-heading">
      <h2 id="about-heading">{fillSlots(words.heading, { name: place.name })}</h2>
      {place.description !== null && <p>{place.description}</p>}
      {facts && <p>{`${fillSlots(words.population, { name: place.name, population: place.population!.toLocaleString('de-DE') })} ${place.facts}`}</p>}
      {place.sources.length > 0 && <p className="fine-print">{`${fillSlots(words.sources, { sources })}.`}</p>}
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

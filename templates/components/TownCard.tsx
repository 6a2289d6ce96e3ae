import { postcodeRange, type Place } from '../../core/place.ts';
import { useLayoutWords } from '../layout/words.ts';
import { fillSlots } from '../../core/slots.ts';
import { Icon } from './Icon.tsx';

/** A town as a card: its page, its arrival time, on the home page also its postcodes. */
export function TownCard({ town, withPostcodes = false }: { town: Place; withPostcodes?: boolean }) {
  const words = useLayoutWords();
  return (
    <a className={town.isMainLocation && !withPostcodes ? 'card town-card is-main' : 'card town-card'} href={town.path}>
      {withPostcodes && <Icon name="map-pin" size={22} className="icon card-icon" />}
      {town.isMainLocation && !withPostcodes && <span className="badge-main">{words.mainLocation}</span>}{' '}
      <span className="card-title">{withPostcodes ? fillSlots(words.townLink, { town: town.name }) : town.name}</span>{' '}
      {withPostcodes && <span className="card-text">{fillSlots(words.postcodes, { postcodes: postcodeRange(town.postcodes) })}</span>}{' '}
      <span className="card-text">
        <Icon name="timer" size={16} /> {town.arrivalTime}
      </span>
    </a>
  );
}

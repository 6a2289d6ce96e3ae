// The first sentence of a place page's hero: where the place lies seen from the shop and how fast
// we are there, in the words of data/place-pages.yaml (page.lead).
import type { PlacePageWords } from '../../../core/schema/place-pages.ts';
import { arrivalInWords } from '../../../core/arrival.ts';
import { sentenceStart, type Place } from '../../../core/place.ts';
import { fillSlots } from '../../../core/slots.ts';

export function placeLead(place: Place, words: PlacePageWords['lead'], city: string): string {
  if (!place.known || place.arrivalTime === null) return words.unknown;
  const slots = { name: place.name, town: place.town?.name ?? place.name, To: sentenceStart(place.to), arrivalWords: arrivalInWords(place.arrivalTime) };
  if (place.kind === 'district') return fillSlots(words.district, { ...slots, word: place.word ?? 'Stadtteil', kind: place.townKind ?? 'Stadt' });
  // A town within a few kilometres of the shop is the shop's own town (build/load/places.ts).
  if (place.direction === null) return fillSlots(words.home, slots);
  return fillSlots(words.town, { ...slots, distance: place.distanceKm ?? 0, direction: place.direction, city });
}

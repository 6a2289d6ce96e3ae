// The sentences of a place page that code composes from the place's facts, in the words of
// data/place-pages.yaml: the hero's first sentence (`page.lead`: where the place lies seen from the
// shop and how fast we are there) and the four questions with their answers (`page.faq`).
import type { Site } from '../../../core/schema/site.ts';
import { arrivalInWords } from '../../../core/arrival.ts';
import { germanList } from '../../../core/format.ts';
import { atWithTown, postcodeRange, sentenceStart, type Place } from '../../../core/place.ts';
import type { PlacePageWords } from '../../../core/schema/place-pages.ts';
import { fillSlots } from '../../../core/slots.ts';

export function placeLead(place: Place, words: PlacePageWords['lead'], city: string): string {
  if (!place.known || place.arrivalTime === null) return words.unknown;
  const slots = { name: place.name, town: place.town?.name ?? place.name, To: sentenceStart(place.to), arrivalWords: arrivalInWords(place.arrivalTime) };
  if (place.kind === 'district') return fillSlots(words.district, { ...slots, word: place.word ?? 'Stadtteil', kind: place.townKind ?? 'Stadt' });
  // A town within a few kilometres of the shop is the shop's own town (build/load/places.ts).
  if (place.direction === null) return fillSlots(words.home, slots);
  return fillSlots(words.town, { ...slots, distance: place.distanceKm ?? 0, direction: place.direction, city });
}

/**
 * The place page's four FAQ questions, answered from the place's data and the price list: its
 * arrival time, postcodes and name. Where it lies stands in the hero's lead, not again here.
 */
export function placeFaq(place: Place, site: Site, words: PlacePageWords['faq']): { question: string; answer: string }[] {
  const town = place.town?.name ?? place.name;
  const { known } = place;
  const say = (text: string, more: Record<string, string | number> = {}) =>
    fillSlots(text, { name: place.name, town, at: place.at, At: sentenceStart(place.at), to: place.to, phone: site.phone.display, ...more });
  const codes = place.postcodes;
  return [
    {
      question: say(words.arrival.question),
      answer:
        place.arrivalTime === null
          ? words.arrival.unknown
          : say(words.arrival.answer, {
              Where: sentenceStart(atWithTown(place)),
              arrivalWords: arrivalInWords(place.arrivalTime),
            }),
    },
    // A name the data does not know may lie outside the area, where travel costs extra.
    { question: say(words.price.question), answer: known ? say(words.price.answer) : words.price.unknown },
    { question: say(words.night.question), answer: say(known ? words.night.answer : words.night.unknown) },
    {
      question: codes.length > 0 ? say(words.postcodes.question) : words.postcodes.questionUnknown,
      answer: [
        // A district's page names the town's range; the whole list stands on the town's page.
        place.kind === 'district' && codes.length > 1
          ? say(words.postcodes.district, { range: postcodeRange(codes) })
          : codes.length > 1
            ? say(words.postcodes.all, { codes: germanList(codes) })
            : codes.length === 1
              ? say(words.postcodes.one, { codes: codes[0]! })
              : words.postcodes.unknown,
        // The town's postcodes are named as the town's; a district's own follow, only with their source.
        ownPostcodesSentence(place, words.postcodes, say),
      ]
        .filter((sentence) => sentence !== '')
        .join(' '),
    },
  ];
}

/** "Der Ortsteil Buchholz hat die Postleitzahl 47279 (Quelle: …).", or nothing without own data. */
function ownPostcodesSentence(place: Place, words: PlacePageWords['faq']['postcodes'], say: (text: string, more: Record<string, string>) => string): string {
  const own = place.districtPostcodes;
  if (!own) return '';
  return say(own.codes.length === 1 ? words.own : words.ownMany, { word: place.word ?? 'Stadtteil', codes: germanList(own.codes), source: own.source }).trim();
}

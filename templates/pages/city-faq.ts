// The four questions of a place page and their answers, from the place's data and the price list.
import type { Prices } from '../../data/schema/prices.ts';
import type { Site } from '../../data/schema/site.ts';
import { arrivalInWords } from '../lib/arrival.ts';
import { germanList } from '../lib/format.ts';
import { atWithTown, postcodeRange, sentenceStart, type Place } from '../lib/place.ts';
import { priceSentence } from '../lib/prices.ts';

/**
 * The place page's four FAQ questions, answered from the place's data and the price list: its
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

// What the build would refuse in a changed town that the owner could not read in its English
// (build/load/places.ts), said in German before the build's own checks run: a number of Stadtteile
// or Ortsteile in a text that no longer matches the list (core/district-counts.ts, the build's own
// rule), a district named as another's neighbour that is no longer listed, and a renamed district
// whose phrases ("in der Altstadt") name it by its old name. None can be mended by the list itself:
// the number belongs to the text, the neighbours and phrases to the technician.
import { countClaims } from '../../core/district-counts.ts';
import type { ConsoleWords } from '../../core/schema/console.ts';
import type { Town } from '../../core/schema/places.ts';
import { fillSlots } from '../../core/slots.ts';
import { slug as slugOfName } from '../../core/slugs.ts';
import { districtName } from './places-data.ts';

/** The German message of the first text of `town` whose number of districts its list contradicts, with the text's data path in the town ("facts", "districts.werden.description"), or null. */
export function countMismatch(town: Town, words: ConsoleWords['places']['problems']): { key: string; message: string } | null {
  const word = (district: Town['districts'][number]) => (typeof district === 'string' ? undefined : district.word) ?? town.districtWord ?? 'Stadtteil';
  const texts: [string, string | undefined][] = [
    ['description', town.description],
    ['facts', town.facts],
    ...town.districts.map((district): [string, string | undefined] => [`districts.${slugOfName(districtName(district))}.description`, typeof district === 'string' ? undefined : district.description]),
  ];
  for (const [key, text] of texts) {
    for (const claim of countClaims(text ?? '')) {
      const listed = town.districts.filter((district) => word(district) === claim.word).length;
      if (listed !== claim.count) return { key, message: fillSlots(words.count, { phrase: claim.phrase, listed, word: claim.word }) };
    }
  }
  return null;
}

/** The German message for a district other districts name as neighbour but the list no longer holds, or null. */
export function lostNeighbour(town: Town, file: string, words: ConsoleWords['places']['problems']): string | null {
  const names = new Set(town.districts.map(districtName));
  for (const district of town.districts) {
    if (typeof district === 'string') continue;
    const gone = district.neighbours?.find((neighbour) => !names.has(neighbour));
    if (gone) return fillSlots(words.neighbour, { name: gone, district: district.name, file: `data/${file}` });
  }
  return null;
}

/** The German message for a district whose phrases ("in der Altstadt") no longer end with its name, as after a rename, or null. */
export function phraseMismatch(town: Town, words: ConsoleWords['places']['problems']): string | null {
  for (const district of town.districts) {
    if (typeof district === 'string') continue;
    const last = district.name.split(' ').at(-1)!;
    const phrase = [district.in, district.to].find((value) => value !== undefined && !value.endsWith(` ${last}`));
    if (phrase) return fillSlots(words.phrase, { name: district.name, phrase });
  }
  return null;
}

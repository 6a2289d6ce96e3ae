// Arrival times as the site promises them, computed from the towns' own times (data/places/), so
// a generic "15–30 Minuten" always names the towns it holds for and never covers Hamm's 50–70.
import type { Place } from './place.ts';
import { germanList } from './format.ts';

export interface ArrivalFacts {
  /** "15–30 Minuten": from the fastest to the slowest town of the core area. */
  core: string;
  /** "Essen, Mülheim an der Ruhr, … und Gladbeck": the towns of the core area, fastest first. */
  coreTowns: string;
  /** How many towns the core area has. */
  coreCount: number;
  /** The same in running text: "sieben" (words up to twelve, as German text writes them; digits above). */
  coreCountWord: string;
  /** "Essen": the main location. */
  mainTown: string;
  /** "15–25 Minuten": the main location's own time. */
  main: string;
  /** "50–70 Minuten": the slowest town of the service area. */
  slowest: string;
}

function bounds(time: string): [number, number] {
  const match = /^(\d+)–(\d+) Min\.$/.exec(time);
  if (!match) throw new Error(`arrival time "${time}" is not two whole minutes with an en dash and "Min."`);
  return [Number(match[1]), Number(match[2])];
}

const COUNT_WORDS = ['null', 'eine', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun', 'zehn', 'elf', 'zwölf'];

/** A count as running text writes it before a plural noun: "sieben", "13". */
function countWord(count: number): string {
  return COUNT_WORDS[count] ?? String(count);
}

const minutes = ([low, high]: [number, number]) => `${low}–${high} Minuten`;

/** A town's "20–30 Min." as running text writes it: "20–30 Minuten". */
export function arrivalInWords(time: string): string {
  return minutes(bounds(time));
}

export function arrivalFacts(places: Place[], coreMaxMinutes: number): ArrivalFacts {
  const towns = places.flatMap((town) => (town.kind === 'town' && town.arrivalTime !== null ? [{ town, range: bounds(town.arrivalTime) }] : []));
  const byTime = [...towns].sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
  const core = byTime.filter(({ range }) => range[1] <= coreMaxMinutes);
  const main = towns.find(({ town }) => town.isMainLocation) ?? byTime[0];
  if (!main || core.length === 0) throw new Error(`data/claims.yaml: arrival.coreMaxMinutes: no town of data/places/ is reached within ${coreMaxMinutes} minutes`);
  // The pages speak of the core area's towns in the plural ("in die sieben Städte", data/place-pages.yaml).
  if (core.length === 1) throw new Error(`data/claims.yaml: arrival.coreMaxMinutes: only ${core[0]!.town.name} is reached within ${coreMaxMinutes} minutes; the pages name several towns`);
  const slowest = byTime.reduce((worst, next) => (next.range[1] > worst.range[1] ? next : worst));
  return {
    core: minutes([Math.min(...core.map(({ range }) => range[0])), Math.max(...core.map(({ range }) => range[1]))]),
    coreTowns: germanList(core.map(({ town }) => town.name)),
    coreCount: core.length,
    coreCountWord: countWord(core.length),
    mainTown: main.town.name,
    main: minutes(main.range),
    slowest: minutes(slowest.range),
  };
}

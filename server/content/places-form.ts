// The fields of the Orte form (docs/owner-console.md, "Orte"): a town's name, region, arrival time,
// inhabitants, description, facts and sources, and each district's name (with its own description
// and sources where it has them), each named by its data path in the town's file
// (server/content/places-data.ts); beside a place, its page's address and whether search engines
// find it (server/content/place-status.ts: the served release's verdict, or the rule the build applies).
import type { ConsoleWords } from '../../core/schema/console.ts';
import { OWN_DESCRIPTION_WORDS, REGIONS, type Town } from '../../core/schema/places.ts';
import { fillSlots } from '../../core/slots.ts';
import { placePath, slug as slugOfName } from '../../core/slugs.ts';
import { placeStatus, type PlaceStatus, type Verdicts } from './place-status.ts';
import { districtName, type TownEntry } from './places-data.ts';

type PlacesWords = ConsoleWords['places'];

/** text: one line; longText: a paragraph; optionalText: a paragraph or nothing; lines: a list of texts, one a line; arrival: "20–30"; population: a whole number or nothing; region: one of REGIONS. */
export type PlaceFieldKind = 'text' | 'longText' | 'optionalText' | 'lines' | 'arrival' | 'population' | 'region';

export interface PlaceField {
  /** The data path in the town's file, also the field's name. */
  path: string;
  label: string;
  kind: PlaceFieldKind;
  /** The value as the owner types it. */
  value: string;
  hint?: string;
  /** A choice without a value yet (a new town's region): its empty first option, which the save refuses. */
  choose?: string;
}

/** A place's page and whether search engines find it. */
export interface PlaceFacts {
  path: string;
  indexing: PlaceStatus;
}

export interface PlaceGroup {
  title: string;
  fields: PlaceField[];
  /** For a district: its page, its index status and its name in the address of its removal. */
  district?: PlaceFacts & { slug: string };
}

/** The item of a list a new one takes in a data path: no slug contains "+". */
export const NEW_ITEM = '+';
const ARRIVAL = /^(\d{1,2})–(\d{2}) Min\.$/;

/** "20–30 Min." as the owner types it: "20–30". */
export const typedArrival = (value: string): string => ARRIVAL.exec(value)?.slice(1, 3).join('–') ?? value;

/** The fields of a town itself, for the town's page (`at` its slug) or a new town (`at` NEW_ITEM). */
export function townFields(town: Partial<Town>, at: string, words: PlacesWords): PlaceGroup[] {
  const f = words.fields;
  const path = (key: string) => `towns.${at}.${key}`;
  return [
    {
      title: words.groups.town,
      fields: [
        { path: path('name'), label: f.name, kind: 'text', value: town.name ?? '', hint: f.nameHint },
        { path: path('region'), label: f.region, kind: 'region', value: town.region ?? '', ...(town.region ? {} : { choose: f.regionChoose }) },
        { path: path('arrivalTime'), label: f.arrivalTime, kind: 'arrival', value: typedArrival(town.arrivalTime ?? ''), hint: f.arrivalHint },
        { path: path('population'), label: f.population, kind: 'population', value: town.population == null ? '' : String(town.population), hint: f.populationHint },
      ],
    },
    {
      title: words.groups.texts,
      fields: [
        { path: path('description'), label: f.description, kind: 'longText', value: town.description ?? '', hint: fillSlots(f.descriptionHint, { min: OWN_DESCRIPTION_WORDS }) },
        { path: path('facts'), label: f.facts, kind: 'longText', value: town.facts ?? '', hint: f.factsHint },
        { path: path('sources'), label: f.sources, kind: 'lines', value: (town.sources ?? []).join('\n'), hint: f.sourcesHint },
      ],
    },
  ];
}

/** The fields of a new town: its own, and its districts, one a line. */
export function newTownFields(words: PlacesWords): PlaceGroup[] {
  const groups = townFields({}, NEW_ITEM, words);
  groups.push({ title: words.groups.districts, fields: [{ path: `towns.${NEW_ITEM}.districts`, label: words.fields.newDistricts, kind: 'lines', value: '', hint: words.fields.newDistrictsHint }] });
  return groups;
}

/** A district's fields: its name, and its description and sources where it has them. */
export function districtFields(district: Town['districts'][number], at: string, words: PlacesWords): PlaceField[] {
  const f = words.fields;
  const name = districtName(district);
  const described = typeof district !== 'string' && district.description !== undefined;
  // A district without a description of its own may get one (then it is written as a map with it);
  // the rule beside it says what that does (server/owner/views/town-view.tsx).
  const description: PlaceField = described
    ? { path: `${at}.description`, label: fillSlots(f.districtDescription, { name }), kind: 'longText', value: district.description! }
    : { path: `${at}.description`, label: fillSlots(f.districtDescription, { name }), kind: 'optionalText', value: '' };
  return [
    { path: typeof district === 'string' ? at : `${at}.name`, label: fillSlots(f.districtName, { name }), kind: 'text', value: name },
    description,
    { path: `${at}.sources`, label: fillSlots(f.districtSources, { name }), kind: 'lines', value: typeof district === 'string' ? '' : (district.sources ?? []).join('\n') },
  ];
}

/** A district's page slug as the build makes it (build/load/places.ts): its own, or with its town's where a town or another district has the same. */
export function districtPageSlug(name: string, townName: string, towns: readonly TownEntry[]): string {
  const plain = slugOfName(name);
  const { holders, townSlugs } = slugsOf(towns);
  return townSlugs.has(plain) || (holders.get(plain) ?? 0) > 1 ? `${plain}-${slugOfName(townName)}` : plain;
}

/** How many districts have each slug, and the towns' slugs, counted once per list of towns read (the list shows some 1,000 places). */
const counted = new WeakMap<readonly TownEntry[], { holders: Map<string, number>; townSlugs: Set<string> }>();
function slugsOf(towns: readonly TownEntry[]): { holders: Map<string, number>; townSlugs: Set<string> } {
  let known = counted.get(towns);
  if (!known) {
    const holders = new Map<string, number>();
    for (const entry of towns) for (const district of entry.town.districts) holders.set(slugOfName(districtName(district)), (holders.get(slugOfName(districtName(district))) ?? 0) + 1);
    known = { holders, townSlugs: new Set(towns.map((entry) => entry.slug)) };
    counted.set(towns, known);
  }
  return known;
}

/** A town's districts with their slug (in data paths), their page and their own description. */
export function townDistricts(entry: TownEntry, towns: readonly TownEntry[]): { district: Town['districts'][number]; name: string; slug: string; path: string; description: string | null }[] {
  return entry.town.districts.map((district) => {
    const name = districtName(district);
    const description = typeof district === 'string' ? null : (district.description ?? null);
    return { district, name, slug: slugOfName(name), path: placePath(districtPageSlug(name, entry.town.name, towns)), description };
  });
}

/** The town's page: its own fields, then one group per district with its page and whether search engines find it (`verdicts`: the served release's and the preview's). */
export function townPageGroups(entry: TownEntry, towns: readonly TownEntry[], words: PlacesWords, verdicts: Verdicts): PlaceGroup[] {
  const groups = townFields(entry.town, entry.slug, words);
  for (const { district, name, slug, path, description } of townDistricts(entry, towns)) {
    groups.push({
      title: name,
      fields: districtFields(district, `towns.${entry.slug}.districts.${slug}`, words),
      district: { slug, path, indexing: placeStatus('district', path, description, verdicts, words) },
    });
  }
  return groups;
}

/** The regions a town may have, for the choice. */
export const regionChoices = (): readonly string[] => REGIONS;

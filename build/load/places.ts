// Towns and districts of the service area become places with a page each. A district inherits
// its arrival time from its town and shows the town's postcodes as the town's (GeoNames names
// towns, not districts) unless the data gives its own with their source. It names neighbours
// only where the data lists them; otherwise its page lists the town's other districts as such.
import type { Site } from '../../core/schema/site.ts';
import { DISTRICT_WORDS, type DistrictWord, type Town } from '../../core/schema/places.ts';
import { plainPhrases, type Place, type PlaceLink } from '../../core/place.ts';
import { placePath, slug as slugOf } from '../../core/slugs.ts';
import { DataError, DataErrors } from '../data-error.ts';
import { countClaims } from '../../core/district-counts.ts';
import { compassWord, distanceKm, withoutPostcodes, type TownPostcodes } from './postcodes.ts';

/** How many of a town's nearest towns its page names. */
const NEARBY_TOWNS = 3;

export interface TownRecord extends Town {
  /** The data file that holds it, for error messages. */
  file: string;
  field: string;
}

interface DistrictEntry {
  name: string;
  at: string;
  to: string;
  word: DistrictWord;
  neighbours: string[];
  postcodes?: { codes: string[]; source: string };
  description: string | null;
  sources: string[];
  doorNotes: string | null;
}

function districtsOf(town: Town): DistrictEntry[] {
  return town.districts.map((district) => {
    if (typeof district === 'string') return { name: district, ...plainPhrases(district), word: town.districtWord, neighbours: [], description: null, sources: [], doorNotes: null };
    return {
      name: district.name,
      at: district.in ?? plainPhrases(district.name).at,
      to: district.to ?? plainPhrases(district.name).to,
      word: district.word ?? town.districtWord,
      neighbours: district.neighbours ?? [],
      // The schema lets postcodes in only together with their source.
      postcodes: district.postcodes && district.postcodeSource ? { codes: [...district.postcodes].sort(), source: district.postcodeSource } : undefined,
      description: district.description ?? null,
      sources: district.sources ?? [],
      doorNotes: district.doorNotes ?? null,
    };
  });
}

/** Problems in one town's record that the schema cannot see: names, neighbours, postcodes, counts. */
function townProblems(town: TownRecord, townPostcodes: TownPostcodes | undefined): DataError[] {
  const errors: DataError[] = [];
  const slug = slugOf(town.name);
  if (!townPostcodes) {
    errors.push(new DataError(town.file, `${town.field}.name`, `"${town.postcodeName ?? town.name}" has no row in data/postcodes.csv; add its postcodes there or set postcodeName to the CSV's spelling`));
  }
  const districts = districtsOf(town);
  const names = districts.map((district) => district.name);
  districts.forEach((district, i) => {
    const field = `${town.field}.districts[${i}]`;
    if (names.indexOf(district.name) !== i) errors.push(new DataError(town.file, field, `"${district.name}" is listed twice`));
    if (slugOf(district.name) === slug) errors.push(new DataError(town.file, field, `"${district.name}" is the town itself`));
    // "im Stadtteil Heimaterde" must not call an Ortsteil a Stadtteil.
    for (const [key, phrase] of [['in', district.at], ['to', district.to]] as const) {
      const other = DISTRICT_WORDS.find((word) => word !== district.word && phrase.split(' ').includes(word));
      if (other) errors.push(new DataError(town.file, `${field}.${key}`, `"${phrase}" calls it a ${other}, but it is listed as a ${district.word}; make the phrase and the word agree`));
    }
    district.neighbours.forEach((neighbour, j) => {
      if (!names.includes(neighbour)) errors.push(new DataError(town.file, `${field}.neighbours[${j}]`, `"${neighbour}" is not a district of ${town.name}; name one of its districts as the list writes it`));
    });
    district.postcodes?.codes.forEach((code, j) => {
      if (townPostcodes && !townPostcodes.postcodes.includes(code)) {
        errors.push(new DataError(town.file, `${field}.postcodes[${j}]`, `"${code}" is not a postcode of ${town.name} in data/postcodes.csv`));
      }
    });
  });
  town.notDelivered?.codes.forEach((code, j) => {
    if (townPostcodes && !townPostcodes.postcodes.includes(code)) errors.push(new DataError(town.file, `${town.field}.notDelivered.codes[${j}]`, `"${code}" is not a postcode of ${town.name} in data/postcodes.csv; remove it`));
  });
  const texts: [field: string, value: string][] = [
    ['description', town.description],
    ['facts', town.facts],
    ...town.districts.flatMap((district, i): [string, string][] => (typeof district === 'object' && district.description ? [[`districts[${i}].description`, district.description]] : [])),
  ];
  for (const [key, value] of texts) {
    for (const claim of countClaims(value)) {
      const listed = districts.filter((district) => district.word === claim.word).length;
      if (listed !== claim.count) {
        errors.push(new DataError(town.file, `${town.field}.${key}`, `says "${claim.phrase}" but districts lists ${listed} with the word ${claim.word}; correct the number or the list (or drop the number)`));
      }
    }
  }
  return errors;
}

/** The towns' slugs, once every town and district passed its checks; the problems of all of them at once otherwise. */
function checkedTownSlugs(towns: TownRecord[], postcodes: Map<string, TownPostcodes>): Map<string, TownRecord> {
  const errors: DataError[] = [];
  const townSlugs = new Map<string, TownRecord>();
  for (const town of towns) {
    const slug = slugOf(town.name);
    const twin = townSlugs.get(slug);
    if (twin) errors.push(new DataError(town.file, `${town.field}.name`, `"${town.name}" has the slug "${slug}" of the town "${twin.name}" in ${twin.file}; list every town once`));
    townSlugs.set(slug, town);
    errors.push(...townProblems(town, postcodes.get(town.postcodeName ?? town.name)));
  }
  if (errors.length > 0) throw new DataErrors(errors);
  return townSlugs;
}

/**
 * A district keeps its plain slug ("ruettenscheid") unless a town or another district has it;
 * then every holder of that name is qualified by its town ("altstadt-duesseldorf").
 */
function districtSlugs(towns: TownRecord[], townSlugs: Map<string, TownRecord>): (district: string, town: Town) => string {
  const districtCount = new Map<string, number>();
  for (const town of towns) for (const { name } of districtsOf(town)) districtCount.set(slugOf(name), (districtCount.get(slugOf(name)) ?? 0) + 1);
  return (district, town) => {
    const plain = slugOf(district);
    return townSlugs.has(plain) || (districtCount.get(plain) ?? 0) > 1 ? `${plain}-${slugOf(town.name)}` : plain;
  };
}

/** Within this distance of the shop a town is "our" town, not a place in some direction of it. */
const HOME_KM = 3;

// Every place is written out property by property, in one order, without spreading another object
// in: V8 gave each object made as `{ ...shared, kind, … }` a hidden class of its own, about 600
// bytes a place (6 MiB of each thread's heap at 10,000 places).

/** Where a town lies seen from the shop, and its nearest other towns. */
interface TownSetting {
  codes: TownPostcodes;
  distance: number;
  direction: string | null;
  nearby: Place['nearby'];
}

function townPlace(town: Town, link: PlaceLink, setting: TownSetting, districtLinks: PlaceLink[]): Place {
  const { at, to } = plainPhrases(town.name);
  return {
    kind: 'town',
    known: true,
    slug: slugOf(town.name),
    path: link.path,
    name: town.name,
    at,
    to,
    town: link,
    region: town.region,
    arrivalTime: town.arrivalTime,
    postcodes: setting.codes.postcodes,
    districtPostcodes: undefined,
    population: town.population,
    isMainLocation: town.isMainLocation,
    townKind: town.kind,
    word: town.districtWord,
    description: town.description,
    facts: town.population === null ? null : town.facts,
    doorNotes: town.doorNotes ?? null,
    sources: town.sources,
    districts: districtLinks,
    neighbours: undefined,
    distanceKm: setting.distance,
    direction: setting.direction,
    nearby: setting.nearby,
  };
}

/**
 * A district: what it is, where it belongs and how fast we are there; the town's text stays on the
 * town's page, so no two pages repeat each other. "Der Stadtteil X" needs no article for any name
 * ("Altstadt", "Am Wasserturm"), and all three words take "der".
 */
function districtPlace(town: Town, townLink: PlaceLink, setting: TownSetting, district: DistrictEntry, slug: string, index: number, districtLinks: PlaceLink[]): Place {
  const linkOf = (name: string) => districtLinks.find((link) => link.name === name)!;
  const link = districtLinks[index]!;
  return {
    kind: 'district',
    known: true,
    slug,
    path: link.path,
    name: district.name,
    at: district.at,
    to: district.to,
    town: townLink,
    region: town.region,
    arrivalTime: town.arrivalTime,
    postcodes: setting.codes.postcodes,
    districtPostcodes: district.postcodes,
    population: null,
    isMainLocation: false,
    townKind: town.kind,
    word: district.word,
    description: district.description,
    facts: null,
    doorNotes: district.doorNotes,
    sources: district.sources,
    districts: districtLinks.filter((_, other) => other !== index),
    neighbours: district.neighbours.map(linkOf),
    distanceKm: setting.distance,
    direction: setting.direction,
    nearby: [],
  };
}

/** The places of the service area: each town, followed by its districts. */
export function buildPlaces(towns: TownRecord[], postcodes: Map<string, TownPostcodes>, site: Site): Place[] {
  const districtSlug = districtSlugs(towns, checkedTownSlugs(towns, postcodes));
  const shop = { latitude: site.address.latitude, longitude: site.address.longitude };
  const centres = new Map(towns.map((town) => [town.name, withoutPostcodes(postcodes.get(town.postcodeName ?? town.name)!, town.notDelivered?.codes ?? [])]));
  return towns.flatMap((town) => {
    const codes = centres.get(town.name)!;
    const townLink: PlaceLink = { name: town.name, path: placePath(slugOf(town.name)) };
    const districts = districtsOf(town);
    const districtLinks: PlaceLink[] = districts.map((district) => ({ name: district.name, path: placePath(districtSlug(district.name, town)), word: district.word }));
    const distance = Math.round(distanceKm(shop, codes));
    const nearby = towns
      .filter((other) => other !== town)
      .map((other) => ({ link: { name: other.name, path: placePath(slugOf(other.name)) }, km: Math.round(distanceKm(codes, centres.get(other.name)!)) }))
      .sort((a, b) => a.km - b.km || a.link.name.localeCompare(b.link.name, 'de'))
      .slice(0, NEARBY_TOWNS);
    const setting: TownSetting = { codes, distance, direction: distance > HOME_KM ? compassWord(shop, codes) : null, nearby };
    return [townPlace(town, townLink, setting, districtLinks), ...districts.map((district, index) => districtPlace(town, townLink, setting, district, districtSlug(district.name, town), index, districtLinks))];
  });
}

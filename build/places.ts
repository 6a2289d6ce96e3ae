// Towns and districts of the service area become places with a page each. A district inherits
// postcodes and arrival time from its town and lists the town's other districts as neighbours.
import type { Site } from '../data/schema/site.ts';
import type { Town } from '../data/schema/cities.ts';
import { plainPhrases, type Place, type PlaceLink } from '../templates/lib/place.ts';
import { placePath, slug as slugOf } from '../templates/lib/slugs.ts';
import { DataError, DataErrors } from './data-error.ts';
import { distanceKm, type TownPostcodes } from './postcodes.ts';

export interface TownRecord extends Town {
  /** The data file that holds it, for error messages. */
  file: string;
  field: string;
}

interface DistrictEntry {
  name: string;
  at: string;
  to: string;
}

function districtsOf(town: Town): DistrictEntry[] {
  return town.districts.map((district) => (typeof district === 'string' ? { name: district, ...plainPhrases(district) } : { name: district.name, at: district.in, to: district.to }));
}

export function buildPlaces(towns: TownRecord[], postcodes: Map<string, TownPostcodes>, site: Site): Place[] {
  const errors: DataError[] = [];
  const townSlugs = new Map<string, TownRecord>();
  for (const town of towns) {
    const slug = slugOf(town.name);
    const twin = townSlugs.get(slug);
    if (twin) errors.push(new DataError(town.file, `${town.field}.name`, `"${town.name}" has the slug "${slug}" of ${twin.file}: ${twin.field} ("${twin.name}"); every town once`));
    townSlugs.set(slug, town);
    if (!postcodes.has(town.postcodeName ?? town.name)) {
      errors.push(new DataError(town.file, `${town.field}.name`, `"${town.postcodeName ?? town.name}" has no row in data/postcodes.csv; add its postcodes there or set postcodeName to the CSV's spelling`));
    }
    const names = districtsOf(town).map((district) => district.name);
    names.forEach((district, i) => {
      if (names.indexOf(district) !== i) errors.push(new DataError(town.file, `${town.field}.districts[${i}]`, `"${district}" is listed twice`));
      if (slugOf(district) === slug) errors.push(new DataError(town.file, `${town.field}.districts[${i}]`, `"${district}" is the town itself`));
    });
  }
  if (errors.length > 0) throw new DataErrors(errors);

  // A district keeps its plain slug ("ruettenscheid") unless a town or another district has it;
  // then every holder of that name is qualified by its town ("altstadt-duesseldorf").
  const districtCount = new Map<string, number>();
  for (const town of towns) for (const { name } of districtsOf(town)) districtCount.set(slugOf(name), (districtCount.get(slugOf(name)) ?? 0) + 1);
  const districtSlug = (district: string, town: Town) => {
    const plain = slugOf(district);
    return townSlugs.has(plain) || (districtCount.get(plain) ?? 0) > 1 ? `${plain}-${slugOf(town.name)}` : plain;
  };

  const shop = { latitude: site.address.latitude, longitude: site.address.longitude };
  const places: Place[] = [];
  for (const town of towns) {
    const townSlug = slugOf(town.name);
    const codes = postcodes.get(town.postcodeName ?? town.name)!;
    const townLink: PlaceLink = { name: town.name, path: placePath(townSlug) };
    const districts = districtsOf(town);
    const districtLinks = districts.map((district) => ({ name: district.name, path: placePath(districtSlug(district.name, town)) }));
    const shared = {
      region: town.region,
      arrivalTime: town.arrivalTime,
      postcodes: codes.postcodes,
      population: town.population,
      distanceKm: Math.round(distanceKm(shop, codes)),
    };
    places.push({
      ...shared,
      kind: 'town',
      slug: townSlug,
      path: townLink.path,
      name: town.name,
      ...plainPhrases(town.name),
      town: townLink,
      isMainLocation: town.isMainLocation,
      description: town.description,
      facts: town.population === null ? null : town.facts,
      districts: districtLinks,
    });
    districts.forEach((district, index) => {
      const slug = districtSlug(district.name, town);
      places.push({
        ...shared,
        kind: 'district',
        slug,
        path: placePath(slug),
        name: district.name,
        at: district.at,
        to: district.to,
        town: townLink,
        isMainLocation: false,
        // Its own facts: where it lies and how fast we are there; the town's text stays on the
        // town's page, so no two pages repeat each other. "Der Stadtteil X" needs no article for
        // any name ("Altstadt", "Am Wasserturm").
        population: null,
        description:
          `Der Stadtteil ${district.name} gehört zu ${town.name}. Von unserem Standort in ${site.address.city} sind wir ` +
          `in der Regel in ${town.arrivalTime.replace(' Min.', ' Minuten')} bei Ihnen ${district.at}.`,
        facts: null,
        districts: districtLinks.filter((_, other) => other !== index),
      });
    });
  }
  return places;
}

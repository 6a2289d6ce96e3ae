// What changed in a town's file of data/places/, in the words of the Orte form (docs/owner-console.md,
// "Orte"): each changed field of a town or district by the town's name and the field's label, as
// the Orte form shows it ("Essen › Anfahrtszeit in Minuten: 20–30 → 25–35"), a new or removed
// town or district by its fields, and the lines of the file these account for, so that the
// caller (server/content/describe.ts) shows the rest (a comment, a value the form does not edit)
// as lines.
import type { ConsoleWords } from '../../core/schema/console.ts';
import type { Town } from '../../core/schema/places.ts';
import { slug as slugOfName } from '../../core/slugs.ts';
import type { ChangeLine, Described } from './describe.ts';
import { changedExcerpts } from './form-fields.ts';
import { districtName, itemSlug } from './places-data.ts';
import { districtFields, townFields, type PlaceField } from './places-form.ts';
import { linesOfPath, parseDataText } from './yaml-edit.ts';

type PlacesWords = ConsoleWords['places'];

/** A town's fields by a key both versions share (its path without the town's slug; a district's name always `.name`), each with its path in the file. */
function townFieldsByKey(town: Town, words: PlacesWords): Map<string, PlaceField> {
  const slug = slugOfName(town.name);
  const fields = townFields(town, slug, words).flatMap((group) => group.fields);
  for (const district of town.districts ?? []) fields.push(...districtFields(district, `towns.${slug}.districts.${slugOfName(districtName(district))}`, words));
  const prefix = `towns.${slug}.`;
  return new Map(fields.map((field) => [field.path.slice(prefix.length).replace(/^(districts\.[^.]+)$/, '$1.name'), field]));
}

/** The towns of both versions in pairs: by their name's slug, then a renamed one with the other left over, in the file's order. */
function townPairs(before: Town[], after: Town[]): [Town | undefined, Town | undefined][] {
  const slugs = (towns: Town[]) => towns.map((town) => slugOfName(town.name));
  const [old, now] = [slugs(before), slugs(after)];
  const pairs: [Town | undefined, Town | undefined][] = after.map((town, index) => [before[old.indexOf(now[index]!)], town]);
  const leftBefore = before.filter((_, index) => !now.includes(old[index]!));
  for (const pair of pairs) if (pair[0] === undefined && leftBefore.length > 0) pair[0] = leftBefore.shift();
  return [...pairs, ...leftBefore.map((town): [Town, undefined] => [town, undefined])];
}

/** The place file's towns, read as the Orte form reads them. */
const townsOf = (text: string): Town[] => ((parseDataText(text).toJS() as { towns?: Town[] } | null)?.towns ?? []).map((town) => ({ ...town, districts: town.districts ?? [] }));

/** The changes of a town's file, and the lines they account for; a new or removed town or district with all its lines. */
export function placeChanges(before: string, after: string, words: PlacesWords): Described {
  const lines: ChangeLine[] = [];
  const said = { before: new Set<number>(), after: new Set<number>() };
  const mark = (side: 'before' | 'after', path: string) => {
    const span = linesOfPath('places.yaml', side === 'before' ? before : after, path, itemSlug);
    if (span) for (let line = span[0]; line <= span[1]; line += 1) said[side].add(line);
  };
  for (const [old, now] of townPairs(townsOf(before), townsOf(after))) {
    const name = (now ?? old)!.name;
    const [was, is] = [old ? townFieldsByKey(old, words) : new Map<string, PlaceField>(), now ? townFieldsByKey(now, words) : new Map<string, PlaceField>()];
    for (const [key, field] of is) {
      const earlier = was.get(key);
      const label = `${name} › ${field.label}`;
      if (!earlier) {
        if (field.value !== '') lines.push({ kind: 'added', label, value: field.value });
      } else if (earlier.value !== field.value) {
        const [from, to] = changedExcerpts(earlier.value, field.value);
        lines.push({ kind: 'value', label, before: from, after: to });
        mark('before', earlier.path);
      } else continue;
      mark('after', field.path);
    }
    for (const [key, field] of was) {
      if (is.has(key)) continue;
      if (field.value !== '') lines.push({ kind: 'removed', label: `${name} › ${field.label}`, value: field.value });
      mark('before', field.path);
    }
    // A town or a district that only one version has: all its lines are said by its fields.
    if (!old && now) mark('after', `towns.${slugOfName(now.name)}`);
    if (old && !now) mark('before', `towns.${slugOfName(old.name)}`);
    if (old && now) {
      const districts = (town: Town) => town.districts.map((district) => slugOfName(districtName(district)));
      for (const slug of districts(now)) if (!districts(old).includes(slug)) mark('after', `towns.${slugOfName(now.name)}.districts.${slug}`);
      for (const slug of districts(old)) if (!districts(now).includes(slug)) mark('before', `towns.${slugOfName(old.name)}.districts.${slug}`);
    }
  }
  return { lines, said };
}

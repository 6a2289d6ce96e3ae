// The service area (data/places/*.yaml): towns with their districts. A district inherits its
// arrival time from its town. A town's postcodes are never typed: they come from
// data/postcodes.csv (GeoNames, which names towns, not districts) by the town's name; a district
// shows postcodes of its own only when the owner adds them with their source (see data/README.md).
import { z } from 'zod';
import { words } from '../format.ts';

export const REGIONS = ['Hauptstandort', 'Ruhrgebiet', 'Ruhrgebiet Nord', 'Ruhrgebiet Ost', 'Rheinland', 'Bergisches Land', 'Niederrhein'] as const;

/** What a municipality is: sentences say "zur Stadt Essen", "zur Gemeinde Hünxe". */
export const TOWN_KINDS = ['Stadt', 'Gemeinde'] as const;
/** What a town calls the parts it is divided into; all three take "der". */
export const DISTRICT_WORDS = ['Stadtteil', 'Ortsteil', 'Stadtbezirk'] as const;
export type TownKind = (typeof TOWN_KINDS)[number];
export type DistrictWord = (typeof DISTRICT_WORDS)[number];

const text = z.string().min(2);
const arrival = z.string().regex(/^\d{1,2}–\d{2} Min\.$/, 'must look like "20–30 Min." (with an en dash)');

// Sentences say "in Rüttenscheid" and "nach Rüttenscheid"; a name that needs an article or another
// preposition ("die Altstadt", "der Borsigplatz") brings both phrases, since no rule derives them.
const phrase = z
  .string()
  .regex(/^[a-zäöü]+ \S/, 'must start with a lower-case preposition, as in "in der Altstadt"');
const postcode = z.string().regex(/^\d{5}$/, 'must be a five-digit postcode such as "47279"');

/** The length of a place page's own description that makes it worth indexing (docs/decisions.md, 'District pages noindex until they have own content'). */
export const OWN_DESCRIPTION_WORDS = 80;

// An arrival time belongs to `arrivalTime` only; typed into a text it would contradict the data
// the day the owner changes it.
const placeText = text.refine((value) => !/\d+\s*(?:–|-|bis)\s*\d+\s*Min/.test(value), {
  message: 'names an arrival time; the page adds it from arrivalTime, so leave it out of the text',
});
/** Where a place text's facts come from, as a reader could look them up: "Wikipedia: Haan". */
const sources = z.array(text).min(1);

const districtSchema = z.union([
  text,
  z
    .strictObject({
      name: text,
      /** Where: "in der Altstadt", "im Westviertel", "am Borsigplatz" (with `to`, or neither). */
      in: phrase.optional(),
      /** Whither: "in die Altstadt", "ins Westviertel", "zum Borsigplatz". */
      to: phrase.optional(),
      /** This entry's level when it is not the town's districtWord, e.g. a Stadtbezirk listed among Ortsteile. */
      word: z.enum(DISTRICT_WORDS).optional(),
      /** Districts of the same town that border this one, as listed there; without it no page claims a neighbour. */
      neighbours: z.array(text).min(1).optional(),
      /** The district's own postcodes, only from a source whose licence allows it (data/README.md). */
      postcodes: z.array(postcode).min(1).optional(),
      /** Where `postcodes` come from and under which licence; shown with them ("© OpenStreetMap-Mitwirkende, ODbL"). */
      postcodeSource: text.optional(),
      /** A text written for this district from sourced facts; at 80 words or more its page may be indexed. */
      description: placeText.optional(),
      /** Where the description's facts come from; required with a description. */
      sources: sources.optional(),
      /** What the owner knows from his own jobs here about its doors and locks (see the town's). */
      doorNotes: placeText.optional(),
    })
    .superRefine((district, context) => {
      if ((district.in === undefined) !== (district.to === undefined)) {
        context.addIssue({ code: 'custom', path: [district.in === undefined ? 'in' : 'to'], message: 'give both phrases, "in" and "to", or neither' });
      }
      // Declension may change the other words ("in der Alten Heide"), never the last one.
      const last = district.name.split(' ').at(-1)!;
      for (const key of ['in', 'to'] as const) {
        const value = district[key];
        if (value !== undefined && !value.endsWith(` ${last}`)) context.addIssue({ code: 'custom', path: [key], message: `must end with "${last}", the last word of the name` });
      }
      if (district.postcodes && !district.postcodeSource) {
        context.addIssue({ code: 'custom', path: ['postcodeSource'], message: 'district postcodes need their source and licence, e.g. "© OpenStreetMap-Mitwirkende, ODbL"' });
      }
      if (district.description && !district.sources) context.addIssue({ code: 'custom', path: ['sources'], message: 'a description needs its sources, e.g. ["Wikipedia: Essen-Werden"]' });
      if (district.sources && !district.description) context.addIssue({ code: 'custom', path: ['description'], message: 'sources without a description; add the description or remove the sources' });
      if (district.postcodeSource && !district.postcodes) context.addIssue({ code: 'custom', path: ['postcodes'], message: 'a postcodeSource without postcodes; add the postcodes or remove the source' });
      district.postcodes?.forEach((code, i) => {
        if (district.postcodes!.indexOf(code) !== i) context.addIssue({ code: 'custom', path: ['postcodes', i], message: `"${code}" is listed twice` });
      });
      district.neighbours?.forEach((neighbour, i) => {
        if (neighbour === district.name) context.addIssue({ code: 'custom', path: ['neighbours', i], message: `"${neighbour}" is the district itself` });
      });
    }),
]);

export const townSchema = z.strictObject({
  name: text,
  /** The place name in data/postcodes.csv when it differs ("Mülheim an der Ruhr"). */
  postcodeName: text.optional(),
  /**
   * Postcodes data/postcodes.csv gives the town that are no delivery area (a PO box's or a large
   * customer's: German towns number those below their delivery areas), with the source that names
   * the town's delivery areas. Left out of the page and of the town's centre.
   */
  notDelivered: z.strictObject({ codes: z.array(postcode).min(1), source: text }).optional(),
  region: z.enum(REGIONS),
  arrivalTime: arrival,
  /** Inhabitants, rounded (to the thousand or ten thousand); shown as "rund …". */
  population: z.number().int().positive().nullable(),
  isMainLocation: z.boolean().default(false),
  /** "Stadt" or "Gemeinde", as the municipality is constituted. */
  kind: z.enum(TOWN_KINDS).default('Stadt'),
  /** What the town calls the entries of `districts` (an entry may say otherwise with `word`). */
  districtWord: z.enum(DISTRICT_WORDS).default('Stadtteil'),
  /**
   * The town as a place, written for its page from sourced facts: where it lies, how it is divided,
   * what it is like. At least 80 words, no arrival times, prices or promises (the page adds those
   * from data).
   */
  description: placeText.superRefine((value, context) => {
    const count = words(value).length;
    if (count < OWN_DESCRIPTION_WORDS) {
      context.addIssue({ code: 'custom', message: `has ${count} words; a town page needs at least ${OWN_DESCRIPTION_WORDS} of its own (sourced facts), or it reads like every other town's` });
    }
  }),
  /** One paragraph of true facts (history, landmarks, structure), shown only with a population. */
  facts: placeText,
  /** Where the description's and facts' statements come from: "Wikipedia: Haan". */
  sources,
  /**
   * What the owner knows from his own jobs in the town about its doors and locks (the buildings,
   * the locks he meets most), in his words; the page shows it under its own heading only when set.
   * His knowledge, so no source is named; nothing here may be taken from elsewhere.
   */
  doorNotes: placeText.optional(),
  /** The town's real districts (Stadtteile, Ortsteile, Stadtbezirke); each gets a page of its own. */
  districts: z.array(districtSchema).default([]),
});

export const placesFileSchema = z.strictObject({ towns: z.array(townSchema).min(1) });

export type Town = z.infer<typeof townSchema>;
export type District = z.infer<typeof districtSchema>;

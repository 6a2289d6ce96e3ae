// The service area (data/cities/*.yaml): towns with their districts. A district has no record
// of its own: it inherits postcodes and arrival time from its town. Postcodes are never typed:
// they come from data/postcodes.csv (GeoNames) by the town's name.
import { z } from 'zod';

export const REGIONS = ['Hauptstandort', 'Ruhrgebiet', 'Ruhrgebiet Nord', 'Ruhrgebiet Ost', 'Rheinland', 'Bergisches Land', 'Niederrhein'] as const;

const text = z.string().min(2);
const arrival = z.string().regex(/^\d{1,2}–\d{2} Min\.$/, 'must look like "20–30 Min." (with an en dash)');

// Sentences say "in Rüttenscheid" and "nach Rüttenscheid"; a name that needs an article or another
// preposition ("die Altstadt", "der Borsigplatz") brings both phrases, since no rule derives them.
const phrase = z
  .string()
  .regex(/^[a-zäöü]+ \S/, 'must start with a lower-case preposition, as in "in der Altstadt"');
const districtSchema = z.union([
  text,
  z
    .object({
      name: text,
      /** Where: "in der Altstadt", "im Westviertel", "am Borsigplatz". */
      in: phrase,
      /** Whither: "in die Altstadt", "ins Westviertel", "zum Borsigplatz". */
      to: phrase,
    })
    .strict()
    .superRefine((district, context) => {
      // Declension may change the other words ("in der Alten Heide"), never the last one.
      const last = district.name.split(' ').at(-1)!;
      for (const key of ['in', 'to'] as const) {
        if (!district[key].endsWith(` ${last}`)) context.addIssue({ code: 'custom', path: [key], message: `must end with "${last}", the last word of the name` });
      }
    }),
]);

export const townSchema = z.object({
  name: text,
  /** The place name in data/postcodes.csv when it differs ("Mülheim an der Ruhr"). */
  postcodeName: text.optional(),
  region: z.enum(REGIONS),
  arrivalTime: arrival,
  /** Inhabitants, rounded (to the thousand or ten thousand); shown as "rund …". */
  population: z.number().int().positive().nullable(),
  isMainLocation: z.boolean().default(false),
  /** Two or three true sentences about the town as a place to live, for its page. */
  description: text,
  /** One paragraph of true facts (history, landmarks, structure), shown only with a population. */
  facts: text,
  /** The town's real districts (Stadtteile, Ortsteile); each gets a page of its own. */
  districts: z.array(districtSchema).default([]),
});

export const citiesFileSchema = z.object({ towns: z.array(townSchema).min(1) });

export type Town = z.infer<typeof townSchema>;
export type District = z.infer<typeof districtSchema>;

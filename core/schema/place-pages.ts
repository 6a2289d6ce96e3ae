// The heads of /einsatzgebiet and the place pages, and the words of every place page
// (data/place-pages.yaml), with the slots each text may use.
import { z } from 'zod';
import { seoTitle } from './seo.ts';
import { iconName } from './icon.ts';
import { linkedText } from './linked-text.ts';
import { slotText } from './slots.ts';

const AREA_SLOTS = ['towns', 'city', 'districts'] as const;
const PLACE_SLOTS = ['where', 'at', 'arrival', 'door'] as const;
const UNKNOWN_PLACE_SLOTS = ['name', 'at', 'door'] as const;

const head = <S extends string>(slots: readonly S[]) => z.object({ title: slotText(slots, z.string().min(10)), description: slotText(slots, z.string().min(50)) }).strict();

/** A text of the page with the slots it may use; `[]` for a text without any. */
const words = <S extends string>(...slots: S[]) => slotText(slots);

/** The words of every place page; what each slot holds is said in data/place-pages.yaml. */
const pageSchema = z
  .object({
    lead: z
      .object({
        home: words('name', 'arrivalWords'),
        town: words('name', 'distance', 'direction', 'city', 'To', 'arrivalWords'),
        district: words('word', 'name', 'kind', 'town', 'To', 'arrivalWords'),
        unknown: words(),
      })
      .strict(),
    hero: z
      .object({ heading: words('name'), headingTown: words('town'), arrival: words('arrival'), arrivalUnknown: words(), always: words(), postcodesOfTown: words('town', 'postcodes'), postcodesUnknown: words() })
      .strict(),
    about: z.object({ heading: words('name'), population: words('name', 'population'), sources: words('sources'), populationSource: words() }).strict(),
    surroundings: z
      .object({
        heading: words('town'),
        headingUnknown: words('to'),
        unknown: linkedText(words('name')),
        allDistricts: words('word', 'town'),
        wholeTown: words('name'),
        district: words('to', 'town'),
        neighbours: words('word'),
        others: words('word', 'town'),
        andAll: words(),
        andMore: words('count'),
        nearby: words(),
        townLink: words('town'),
      })
      .strict(),
    reasons: z.object({ heading: words('business', 'at'), headingUnknown: words('business'), arrival: words('At', 'arrival'), arrivalUnknown: words(), travel: words('to'), travelUnknown: words() }).strict(),
    prices: z.object({ heading: words('at'), headingUnknown: words(), all: words(), ids: z.array(z.string().min(2)).min(1).max(4) }).strict(),
    services: z
      .object({ heading: words('at'), headingUnknown: words(), known: words('at'), unknown: words(), cards: z.array(z.object({ slug: z.string().min(2), title: words() }).strict()).min(1).max(4) })
      .strict(),
    tiles: z.array(z.object({ icon: iconName, title: words(), text: words() }).strict()).length(3, 'must be exactly three tiles'),
    districts: z.object({ all: words('word', 'town'), others: words('word', 'town') }).strict(),
    faq: z
      .object({
        heading: words('at'),
        arrival: z.object({ question: words('at'), answer: words('distanceSentence', 'Where', 'arrivalWords'), distance: words('name', 'distance', 'city'), unknown: words() }).strict(),
        price: z.object({ question: words('at'), answer: words('At', 'to'), unknown: words() }).strict(),
        night: z.object({ question: words('to'), answer: words('to', 'phone'), unknown: words('phone') }).strict(),
        postcodes: z
          .object({
            question: words('town'),
            questionUnknown: words(),
            all: words('town', 'codes'),
            one: words('town', 'codes'),
            district: words('town', 'range', 'to'),
            own: words('word', 'name', 'codes', 'source'),
            ownMany: words('word', 'name', 'codes', 'source'),
            unknown: words(),
          })
          .strict(),
      })
      .strict(),
    cta: z.object({ heading: words('at'), text: words('at'), textUnknown: words() }).strict(),
    more: words(),
  })
  .strict();

const text = z.string().min(2);
const stat = z.object({ value: z.string().min(1), text }).strict();

/** The words of /einsatzgebiet; what each slot holds is said in data/place-pages.yaml. */
const areaPageSchema = z
  .object({
    heading: text,
    lead: words('city', 'count', 'towns'),
    stats: z.object({ label: text, places: words('towns', 'districtCount', 'districts'), arrival: stat, damageFree: stat, customers: stat }).strict(),
    map: z.object({ heading: text, link: text, title: text }).strict(),
    places: z.object({ heading: text, lead: text }).strict(),
    az: z.object({ heading: text, letters: text }).strict(),
    cta: z.object({ heading: text, text }).strict(),
  })
  .strict();

export const placePagesSchema = z
  .object({
    area: z.object({ title: seoTitle, description: slotText(AREA_SLOTS, z.string().min(50)) }).strict(),
    areaPage: areaPageSchema,
    place: head(PLACE_SLOTS),
    unknownPlace: head(UNKNOWN_PLACE_SLOTS),
    page: pageSchema,
    search: z.object({ label: words(), placeholder: words(), all: words('count'), one: words(), found: words('count') }).strict(),
  })
  .strict();

export type PlacePageWords = z.infer<typeof pageSchema>;
export type AreaPageWords = z.infer<typeof areaPageSchema>;

export type PlacePages = z.infer<typeof placePagesSchema>;

/** The words of the city search on /einsatzgebiet. */
export type CitySearchWords = PlacePages['search'];

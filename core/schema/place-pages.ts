// The heads of /einsatzgebiet and the place pages, and the words of every place page
// (data/place-pages.yaml), with the slots each text may use.
import { z } from 'zod';
import { seoTitle } from './seo.ts';
import { iconName } from './icon.ts';
import { linkedText } from './linked-text.ts';
import { slotText, wordsWith } from './slots.ts';

const AREA_SLOTS = ['towns', 'city', 'districts'] as const;
const PLACE_SLOTS = ['where', 'at', 'arrival', 'door'] as const;
const UNKNOWN_PLACE_SLOTS = ['name', 'at', 'door'] as const;

const head = <S extends string>(slots: readonly S[]) => z.object({ title: slotText(slots, z.string().min(10)), description: slotText(slots, z.string().min(50)) }).strict();


/** The words of every place page; what each slot holds is said in data/place-pages.yaml. */
const pageSchema = z
  .object({
    lead: z
      .object({
        home: wordsWith('name', 'arrivalWords'),
        town: wordsWith('name', 'distance', 'direction', 'city', 'To', 'arrivalWords'),
        district: wordsWith('word', 'name', 'kind', 'town', 'To', 'arrivalWords'),
        unknown: wordsWith(),
      })
      .strict(),
    hero: z
      .object({ heading: wordsWith('name'), headingTown: wordsWith('town'), arrival: wordsWith('arrival'), arrivalUnknown: wordsWith(), always: wordsWith(), postcodesOfTown: wordsWith('town', 'postcodes'), postcodesUnknown: wordsWith() })
      .strict(),
    about: z.object({ heading: wordsWith('name'), population: wordsWith('name', 'population'), sources: wordsWith('sources'), populationSource: wordsWith() }).strict(),
    doors: z.object({ heading: wordsWith('at') }).strict(),
    surroundings: z
      .object({
        heading: wordsWith('town'),
        headingUnknown: wordsWith('to'),
        unknown: linkedText(wordsWith('name')),
        allDistricts: wordsWith('word', 'town'),
        wholeTown: wordsWith('name'),
        district: wordsWith('to', 'town'),
        neighbours: wordsWith('word'),
        others: wordsWith('word', 'town'),
        andAll: wordsWith(),
        andMore: wordsWith('count'),
        nearby: wordsWith(),
        townLink: wordsWith('town'),
      })
      .strict(),
    reasons: z.object({ heading: wordsWith('business', 'at'), headingUnknown: wordsWith('business'), arrivalUnknown: wordsWith(), travel: wordsWith('to'), travelHome: wordsWith('name') }).strict(),
    prices: z.object({ heading: wordsWith('at'), headingUnknown: wordsWith(), all: wordsWith(), ids: z.array(z.string().min(2)).min(1).max(4) }).strict(),
    services: z
      .object({ heading: wordsWith('at'), headingUnknown: wordsWith(), from: wordsWith('price'), hours: wordsWith(), unknown: wordsWith(), cards: z.array(z.object({ slug: z.string().min(2), title: wordsWith() }).strict()).min(1).max(4) })
      .strict(),
    tiles: z.array(z.object({ icon: iconName, title: wordsWith(), text: wordsWith() }).strict()).length(3, 'must be exactly three tiles'),
    districts: z.object({ all: wordsWith('word', 'town'), others: wordsWith('word', 'town') }).strict(),
    faq: z
      .object({
        heading: wordsWith('at'),
        arrival: z.object({ question: wordsWith('at'), answer: wordsWith('Where', 'arrivalWords'), unknown: wordsWith() }).strict(),
        price: z.object({ question: wordsWith('at'), answer: wordsWith('At', 'to'), unknown: wordsWith() }).strict(),
        night: z.object({ question: wordsWith('to'), answer: wordsWith('to', 'phone'), unknown: wordsWith('phone') }).strict(),
        postcodes: z
          .object({
            question: wordsWith('town'),
            questionUnknown: wordsWith(),
            all: wordsWith('town', 'codes'),
            one: wordsWith('town', 'codes'),
            district: wordsWith('town', 'range', 'to'),
            own: wordsWith('word', 'name', 'codes', 'source'),
            ownMany: wordsWith('word', 'name', 'codes', 'source'),
            unknown: wordsWith(),
          })
          .strict(),
      })
      .strict(),
    cta: z.object({ heading: wordsWith('at'), text: wordsWith('at'), textUnknown: wordsWith() }).strict(),
    more: wordsWith(),
  })
  .strict();

const text = z.string().min(2);
const stat = z.object({ value: z.string().min(1), text }).strict();

/** The words of /einsatzgebiet; what each slot holds is said in data/place-pages.yaml. */
const areaPageSchema = z
  .object({
    heading: text,
    lead: wordsWith('city', 'count', 'towns'),
    stats: z.object({ label: text, places: wordsWith('towns', 'districtCount', 'districts'), arrival: stat, damageFree: stat, orders: stat }).strict(),
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
    search: z.object({ label: wordsWith(), placeholder: wordsWith(), all: wordsWith('count'), one: wordsWith(), found: wordsWith('count') }).strict(),
  })
  .strict();

export type PlacePageWords = z.infer<typeof pageSchema>;
export type AreaPageWords = z.infer<typeof areaPageSchema>;

export type PlacePages = z.infer<typeof placePagesSchema>;

/** The words of the city search on /einsatzgebiet. */
export type CitySearchWords = PlacePages['search'];

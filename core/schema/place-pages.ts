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

const head = <S extends string>(slots: readonly S[]) => z.strictObject({ title: slotText(slots, z.string().min(10)), description: slotText(slots, z.string().min(50)) });


/** The words of every place page; what each slot holds is said in data/place-pages.yaml. */
const pageSchema = z
  .strictObject({
    lead: z
      .strictObject({
        home: wordsWith('name', 'arrivalWords'),
        town: wordsWith('name', 'distance', 'direction', 'city', 'To', 'arrivalWords'),
        district: wordsWith('word', 'name', 'kind', 'town', 'To', 'arrivalWords'),
        unknown: wordsWith(),
      }),
    hero: z.strictObject({ heading: wordsWith('name'), headingTown: wordsWith('town'), arrival: wordsWith('arrival'), arrivalUnknown: wordsWith(), always: wordsWith(), postcodesOfTown: wordsWith('town', 'postcodes'), postcodesUnknown: wordsWith() }),
    about: z.strictObject({ heading: wordsWith('name'), population: wordsWith('name', 'population'), sources: wordsWith('sources') }),
    doors: z.strictObject({ heading: wordsWith('at') }),
    surroundings: z
      .strictObject({
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
      }),
    reasons: z.strictObject({ heading: wordsWith('business', 'at'), headingUnknown: wordsWith('business'), arrivalUnknown: wordsWith(), travel: wordsWith('to'), travelHome: wordsWith('name') }),
    prices: z.strictObject({ heading: wordsWith('at'), headingUnknown: wordsWith(), all: wordsWith(), ids: z.array(z.string().min(2)).min(1).max(4) }),
    services: z.strictObject({ heading: wordsWith('at'), headingUnknown: wordsWith(), from: wordsWith('price'), hours: wordsWith(), unknown: wordsWith(), cards: z.array(z.strictObject({ slug: z.string().min(2), title: wordsWith() })).min(1).max(4) }),
    tiles: z.array(z.strictObject({ icon: iconName, title: wordsWith(), text: wordsWith() })).length(3, 'must be exactly three tiles'),
    districts: z.strictObject({ all: wordsWith('word', 'town'), others: wordsWith('word', 'town') }),
    faq: z
      .strictObject({
        heading: wordsWith('at'),
        arrival: z.strictObject({ question: wordsWith('at'), answer: wordsWith('Where', 'arrivalWords'), unknown: wordsWith() }),
        price: z.strictObject({ question: wordsWith('at'), answer: wordsWith('At', 'to'), unknown: wordsWith() }),
        night: z.strictObject({ question: wordsWith('to'), answer: wordsWith('to', 'phone'), unknown: wordsWith('phone') }),
        postcodes: z
          .strictObject({
            question: wordsWith('town'),
            questionUnknown: wordsWith(),
            all: wordsWith('town', 'codes'),
            one: wordsWith('town', 'codes'),
            district: wordsWith('town', 'range', 'to'),
            own: wordsWith('word', 'name', 'codes', 'source'),
            ownMany: wordsWith('word', 'name', 'codes', 'source'),
            unknown: wordsWith(),
          }),
      }),
    cta: z.strictObject({ heading: wordsWith('at'), text: wordsWith('at'), textUnknown: wordsWith() }),
    more: wordsWith(),
  });

const text = z.string().min(2);
const stat = z.strictObject({ value: z.string().min(1), text });

/** The words of /einsatzgebiet; what each slot holds is said in data/place-pages.yaml. */
const areaPageSchema = z
  .strictObject({
    heading: text,
    lead: wordsWith('city', 'count', 'towns'),
    stats: z.strictObject({ label: text, places: wordsWith('towns', 'districtCount', 'districts'), arrival: stat, damageFree: stat, orders: stat }),
    map: z.strictObject({ heading: text, link: text, title: text }),
    places: z.strictObject({ heading: text, lead: text }),
    az: z.strictObject({ heading: text, letters: text }),
    cta: z.strictObject({ heading: text, text }),
  });

export const placePagesSchema = z
  .strictObject({
    area: z.strictObject({ title: seoTitle, description: slotText(AREA_SLOTS, z.string().min(50)) }),
    areaPage: areaPageSchema,
    place: head(PLACE_SLOTS),
    unknownPlace: head(UNKNOWN_PLACE_SLOTS),
    page: pageSchema,
    search: z.strictObject({ label: wordsWith(), placeholder: wordsWith(), all: wordsWith('count'), one: wordsWith(), found: wordsWith('count') }),
  });

export type PlacePageWords = z.infer<typeof pageSchema>;
export type AreaPageWords = z.infer<typeof areaPageSchema>;

export type PlacePages = z.infer<typeof placePagesSchema>;

/** The words of the city search on /einsatzgebiet. */
export type CitySearchWords = PlacePages['search'];

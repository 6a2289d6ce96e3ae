// Every price of the site (data/prices.yaml), once.
import { z } from 'zod';

const euro = z.number().nonnegative().multipleOf(0.01);
/** A time of day as the data writes it, "09:00"; the console's form checks it the same way. */
export const TIME_PATTERN = /^([01]\d|2[0-4]):[0-5]\d$/;
const time = z.string().regex(TIME_PATTERN, 'must be a time such as "09:00"');
const id = z.string().regex(/^[a-z0-9-]+$/, 'must be lower-case letters, digits and hyphens');

const priceItem = z.strictObject({
  id,
  title: z.string().min(2),
  price: euro,
  from: z.boolean().default(false),
  note: z.string().optional(),
  popular: z.boolean().default(false),
  /** Parts of `parts` this job always needs (one of them): its shown price includes the cheapest. */
  needs: z.array(id).default([]),
  /** What one amount is for ("je km"); shown after it. */
  unit: z.string().min(2).optional(),
});

/** What can be added to a fixed price (data/prices.yaml, `extras`). */
const extraItem = priceItem.extend({
  /** Work: the emergency surcharge applies to it as to the labour of every job. */
  labour: z.boolean(),
  /** The fixed prices (ids of `services`) it can be added to; every one when absent. */
  addsTo: z.array(id).optional(),
  /**
   * Known before we drive and part of the end price named on the phone (travel outside the area):
   * the order form does not list it again among what is added only at the door.
   */
  namedOnPhone: z.boolean().default(false),
});

const vatWording = z.strictObject({ note: z.string().min(10), sentence: z.string().min(10), impressum: z.string().min(10) });

/** "Mo–Fr 8–18 Uhr": days and whole hours, parsed by core/hours.ts. */
export const HOURS_PATTERN = /^(Mo|Di|Mi|Do|Fr|Sa|So)(?:–(Mo|Di|Mi|Do|Fr|Sa|So))? (\d{1,2})–(\d{1,2}) Uhr/;

export const pricesSchema = z.strictObject({
  currency: z.literal('EUR'),
  vat: z.strictObject({ smallBusiness: vatWording, standard: vatWording }),
  services: z.array(priceItem).min(1),
  parts: z.array(priceItem),
  extras: z.array(extraItem).min(1),
  happyHour: z.strictObject({
    days: z.string(),
    from: time,
    to: time,
    price: euro,
    service: z.string(),
    condition: z.string(),
  }),
  surcharges: z.strictObject({
    outsideHours: z.strictObject({
      label: z.string(),
      percent: z.number().int().positive(),
      when: z.string(),
      appliesTo: z.enum(['labour', 'total']),
      exampleId: id,
    }),
    outsideArea: z.string(),
  }),
  terms: z.strictObject({
    standardHours: z.string().regex(HOURS_PATTERN, 'must start with days and hours such as "Mo–Fr 8–18 Uhr"'),
    otherwise: z.string().min(2),
    waiting: z.strictObject({
      /** Minutes of waiting that cost nothing. */
      graceMinutes: z.number().int().nonnegative(),
      /** The lump sum for every started 15 minutes after the grace period. */
      per15Minutes: euro,
    }),
    lateInterestPointsAboveBase: z.number().positive(),
  }),
});

export type Prices = z.infer<typeof pricesSchema>;
export type PriceItem = z.infer<typeof priceItem>;
export type ExtraItem = z.infer<typeof extraItem>;
export type VatWording = z.infer<typeof vatWording>;

// Every price of the site (data/prices.yaml), once.
import { z } from 'zod';

const euro = z.number().nonnegative().multipleOf(0.01);
const time = z.string().regex(/^([01]\d|2[0-4]):[0-5]\d$/, 'must be a time such as "09:00"');
const id = z.string().regex(/^[a-z0-9-]+$/, 'must be lower-case letters, digits and hyphens');

const priceItem = z.object({
  id,
  title: z.string().min(2),
  price: euro,
  from: z.boolean().default(false),
  note: z.string().optional(),
  popular: z.boolean().default(false),
});

export const pricesSchema = z.object({
  currency: z.literal('EUR'),
  vatNote: z.string().min(10),
  services: z.array(priceItem).min(1),
  parts: z.array(priceItem),
  happyHour: z.object({
    days: z.string(),
    from: time,
    to: time,
    price: euro,
    service: z.string(),
    condition: z.string(),
  }),
  surcharges: z.object({
    outsideHours: z.object({ label: z.string(), percent: z.number().int().positive(), when: z.string(), exampleId: id }),
    outsideArea: z.string(),
  }),
  terms: z.object({
    standardHours: z.string(),
    waitingPerStartedHour: euro,
    lateInterestPointsAboveBase: z.number().positive(),
    refundWithinHours: z.number().int().positive(),
    lateArrivalMinutes: z.number().int().positive(),
    warrantyYears: z.number().int().positive(),
  }),
});

export type Prices = z.infer<typeof pricesSchema>;
export type PriceItem = z.infer<typeof priceItem>;

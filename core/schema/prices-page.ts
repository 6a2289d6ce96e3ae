// The texts of /preise (data/prices-page.yaml); every amount comes from data/prices.yaml.
import { z } from 'zod';
import { pageIntro } from './seo.ts';

const text = z.string().min(2);
const id = z.string().regex(/^[a-z0-9-]+$/);

export const pricesPageSchema = z.strictObject({
  ...pageIntro,
  cardsHeading: text,
  highlight: text,
  cards: z
    .array(
      z.strictObject({
        /** A price id of data/prices.yaml, or "happy-hour" for the happy-hour rule. */
        priceId: id,
        description: text,
        features: z.array(text).min(2).max(5),
      }),
    )
    .length(8),
  parts: z.strictObject({ heading: text, lead: text.optional(), columns: z.strictObject({ part: text, price: text, note: text }) }),
  extras: z.strictObject({ heading: text, lead: text, columns: z.strictObject({ extra: text, price: text, note: text }) }),
  surcharge: z.strictObject({ heading: text, text, exampleHeading: text }),
  fairness: z.strictObject({ heading: text, points: z.array(z.strictObject({ title: text, text })).min(3) }),
  faq: z.strictObject({ heading: text, items: z.array(z.strictObject({ question: text, answer: text })).length(5) }),
  cta: z.strictObject({ heading: text, text }),
});

export type PricesPage = z.infer<typeof pricesPageSchema>;

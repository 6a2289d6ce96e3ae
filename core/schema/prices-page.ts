// The texts of /preise (data/prices-page.yaml); every amount comes from data/prices.yaml.
import { z } from 'zod';
import { pageIntro } from './seo.ts';

const text = z.string().min(2);
const id = z.string().regex(/^[a-z0-9-]+$/);

export const pricesPageSchema = z.object({
  ...pageIntro,
  cardsHeading: text,
  highlight: text,
  cards: z
    .array(
      z.object({
        /** A price id of data/prices.yaml, or "happy-hour" for the happy-hour rule. */
        priceId: id,
        description: text,
        features: z.array(text).min(2).max(5),
      }),
    )
    .length(8),
  parts: z.object({ heading: text, lead: text.optional(), columns: z.object({ part: text, price: text, note: text }).strict() }),
  extras: z.object({ heading: text, lead: text, columns: z.object({ extra: text, price: text, note: text }).strict() }),
  surcharge: z.object({ heading: text, text, exampleHeading: text }),
  fairness: z.object({ heading: text, points: z.array(z.object({ title: text, text })).min(3) }),
  faq: z.object({ heading: text, items: z.array(z.object({ question: text, answer: text })).length(5) }),
  cta: z.object({ heading: text, text }),
});

export type PricesPage = z.infer<typeof pricesPageSchema>;

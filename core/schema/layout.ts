// The words of the parts every page shares and of the small parts pages reuse (data/layout.yaml),
// with the slots each text may use.
import { z } from 'zod';
import { linkedText } from './linked-text.ts';
import { wordsWith } from './slots.ts';

const text = z.string().min(2);

export const layoutSchema = z.strictObject({
  skipLink: text,
  call: z.strictObject({ short: text, long: text, now: wordsWith('phone'), floating: text }),
  whatsapp: z.strictObject({ short: text, write: text, floating: text }),
  newTab: text,
  header: z.strictObject({ menu: text, navigation: text }),
  drawer: z.strictObject({ label: text, close: text }),
  floating: z.strictObject({ label: text, toTop: text }),
  breadcrumbs: text,
  stars: wordsWith('rating'),
  home: text,
  townLink: wordsWith('town'),
  mainLocation: text,
  postcodes: wordsWith('postcodes'),
  footer: z.strictObject({
    emergency: text,
    services: text,
    area: text,
    allTowns: text,
    legal: text,
    consent: text,
    bottom: wordsWith('regions'),
  }),
  consent: z.strictObject({
    heading: text,
    text: linkedText(wordsWith('services')),
    services: z.strictObject({ own: text, analytics: text, ads: text }),
    accept: text,
    necessary: text,
    settings: text,
    close: text,
    details: z.strictObject({
      necessary: z.strictObject({ term: text, text }),
      statistics: z.strictObject({ term: text, text, analytics: text }),
      marketing: z.strictObject({ term: text, text }),
    }),
  }),
  map: z.strictObject({ notice: linkedText(), load: text }),
  gallery: z.strictObject({ label: text, previous: text, next: text, close: text }),
  trustPages: z.strictObject({ tiles: text, back: text, others: text }),
  version: text,
  /** Heads the list of what can be added to a fixed price (templates/components/ExtraPrices.tsx). */
  extras: text,
  legalCallBox: z.strictObject({ label: text, text }),
});

export type Layout = z.infer<typeof layoutSchema>;

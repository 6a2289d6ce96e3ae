// The words of the parts every page shares and of the small parts pages reuse (data/layout.yaml),
// with the slots each text may use.
import { z } from 'zod';
import { linkedText } from './linked-text.ts';
import { slotText } from './slots.ts';

const text = z.string().min(2);
const words = <S extends string>(...slots: S[]) => slotText(slots);
const section = <T extends z.ZodRawShape>(shape: T) => z.object(shape).strict();

export const layoutSchema = section({
  skipLink: text,
  call: section({ short: text, long: text, now: words('phone'), floating: text }),
  whatsapp: section({ short: text, write: text, floating: text }),
  newTab: text,
  header: section({ menu: text, navigation: text }),
  drawer: section({ label: text, close: text }),
  floating: section({ label: text, toTop: text }),
  breadcrumbs: text,
  stars: words('rating'),
  home: text,
  townLink: words('town'),
  mainLocation: text,
  postcodes: words('postcodes'),
  footer: section({
    emergency: text,
    services: text,
    area: text,
    allTowns: text,
    legal: text,
    consent: text,
    bottom: words('regions'),
  }),
  consent: section({
    heading: text,
    text: linkedText(words('services')),
    services: section({ own: text, analytics: text, ads: text }),
    accept: text,
    necessary: text,
    settings: text,
    close: text,
    details: section({
      necessary: section({ term: text, text }),
      statistics: section({ term: text, text, analytics: text }),
      marketing: section({ term: text, text }),
    }),
  }),
  map: section({ notice: linkedText(), load: text }),
  gallery: section({ label: text, previous: text, next: text, close: text }),
  trustPages: section({ tiles: text, back: text, others: text }),
  version: text,
  legalCallBox: section({ label: text, text }),
});

export type Layout = z.infer<typeof layoutSchema>;

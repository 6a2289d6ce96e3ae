// Service records (data/services.yaml): the service pages and the /leistungen overview.
import { z } from 'zod';
import { pageIntro, seoSchema } from './seo.ts';
import { iconName } from './icon.ts';
import { slotText } from './slots.ts';

const text = z.string().min(2);
const slug = z.string().regex(/^[a-z0-9-]+$/, 'must be lower-case letters, digits and hyphens');

export const serviceSchema = z.strictObject({
  slug,
  title: text,
  icon: iconName,
  /** The price this service is sold at, by its id in data/prices.yaml. */
  priceId: slug,
  intro: text,
  description: z.array(text).length(3, 'must be exactly three paragraphs'),
  advantages: z.array(text).length(8, 'must be exactly eight advantages'),
  seo: seoSchema.extend({ keywords: z.array(text).length(3, 'must be exactly three keywords') }),
});

export const overviewCardSchema = z.strictObject({
  title: text,
  icon: iconName,
  description: text,
  benefits: z.array(text).length(3, 'must be exactly three benefits'),
  /** A service slug of this file, or a site path such as "/kontakt". */
  link: z.string().regex(/^(\/[a-z0-9\-/]*|[a-z0-9-]+)$/),
});

export const servicesSchema = z.strictObject({
  overview: z.strictObject({
    ...pageIntro,
    cards: z.array(overviewCardSchema).length(6),
    more: text,
    moreHidden: slotText(['title']),
    label: text,
    cta: z.strictObject({ heading: text, text }),
  }),
  page: z
    .strictObject({
      about: text,
      advantages: text,
      cta: z.strictObject({ heading: slotText(['service']), text }),
      others: text,
    }),
  services: z.array(serviceSchema).min(1),
});

export type Service = z.infer<typeof serviceSchema>;
export type Services = z.infer<typeof servicesSchema>;

// The home page's content (data/home.yaml). Prices are referenced by id, never typed.
import { z } from 'zod';
import { slotText } from './slots.ts';
import { seoSchema } from './seo.ts';
import { iconName } from './icon.ts';
import { isoDay } from './legal.ts';

const text = z.string().min(2);
const internalPath = z.string().regex(/^\/[a-z0-9\-/]*$/, 'must be a site path such as "/leistungen/tueroeffnung"');
const priceId = z.string().regex(/^[a-z0-9-]+$/);

export const homeSchema = z.strictObject({
  seo: seoSchema,
  hero: z.strictObject({
    eyebrow: text,
    heading: text,
    lead: text,
    slogans: z.tuple([text, text]),
    prices: z.array(z.strictObject({ priceId, label: text })).length(2),
    priceNote: text,
    badges: z.array(text).length(3),
  }),
  trust: z.strictObject({
    heading: text,
    cards: z.array(z.strictObject({ title: text, text, tooltip: text, href: internalPath, icon: iconName })).length(6),
  }),
  services: z.strictObject({
    heading: text,
    lead: text,
    cards: z
      .array(
        z.strictObject({
          title: text,
          description: text,
          priceId,
          href: internalPath,
          icon: iconName,
          steps: z.array(text).min(2),
        }),
      )
      .min(3),
    stepsLabel: text,
    details: text,
    detailsHidden: slotText(['title']),
    allLink: z.strictObject({ label: text, href: internalPath }),
  }),
  prices: z.strictObject({
    heading: text,
    lead: text,
    cards: z
      .array(
        z.strictObject({
          priceId,
          description: text,
          features: z.array(text).min(2),
          highlight: text.optional(),
        }),
      )
      .length(3),
    link: z.strictObject({ label: text, href: internalPath }),
  }),
  reviews: z.strictObject({
    heading: text,
    lead: text,
    // True while the texts below are the shipped examples: the page labels them as examples,
    // `npm run check` lists them, a production build refuses (UWG Anhang Nr. 23b).
    examples: z.boolean(),
    /** Shown instead of `heading` and `lead` while `examples` is true. */
    exampleHeading: text,
    exampleNote: text,
    source: text,
    exampleSource: text,
    note: text,
    /** `date`: the day the review was written; the page says how long ago, as of the build's date. */
    items: z.array(z.strictObject({ name: text, date: isoDay, rating: z.number().int().min(1).max(5), text })).length(9),
    link: z.strictObject({ label: text, href: internalPath }),
  }),
  gallery: z.strictObject({
    heading: text,
    lead: text,
    // True while the images are the shipped drawings: the page says so instead of `lead`,
    // `npm run check` lists it, a production build refuses.
    examples: z.boolean(),
    exampleNote: text,
    /** `id` names a photo for the owner's console (server/content/photos.ts) and stays when its image is replaced. */
    items: z
      .array(z.strictObject({ id: z.string().regex(/^[a-z0-9-]+$/), image: z.string().regex(/^[a-z0-9-]+\.(jpe?g|png|webp)$/), alt: text, title: text, subtitle: text }))
      .min(1)
      .max(12)
      .refine((items) => new Set(items.map((item) => item.id)).size === items.length, 'each photo needs an id of its own'),
  }),
  coverage: z.strictObject({
    heading: text,
    lead: text,
    /** Town names of data/places/; postcodes and arrival times come from there. */
    towns: z.array(text).length(8),
    link: z.strictObject({ label: text, href: internalPath }),
  }),
  /** The contact section with the form (variant A). */
  contact: z.strictObject({ heading: text, lead: text }),
  finalCta: z.strictObject({ heading: text, text }),
  townStrip: z.strictObject({ heading: text, towns: z.array(text).min(1) }),
});

export type Home = z.infer<typeof homeSchema>;

// Front matter of the trust pages (data/trust/*.md); the Markdown body is the text column.
import { z } from 'zod';
import { seoDescription, seoTitle } from './seo.ts';
import { iconName } from './icon.ts';

const text = z.string().min(2);

export const trustFrontMatterSchema = z.strictObject({
  title: seoTitle,
  description: seoDescription,
  heading: text,
  /** The short name in the strip that links the other trust pages. */
  shortTitle: z.string().min(3).max(30),
  lead: text,
  icon: iconName,
  /** The analytics location of this page's call buttons, e.g. "keine_abzocke_page". */
  trackingLabel: z.string().regex(/^[a-z_]+_page$/),
  /** Position in the strip and the sitemap. */
  order: z.number().int().min(1),
  /** An image of data/images/ shown beside the text (the shop on /lokaler-handwerker). */
  image: z.strictObject({ file: z.string().regex(/^[a-z0-9-]+\.(jpe?g|png)$/), alt: text }).optional(),
  callBox: z.strictObject({
    heading: text,
    text: text.optional(),
    /** Label and value rows, e.g. arrival times per area. */
    rows: z.array(z.strictObject({ label: text, value: text })).default([]),
    /** Towns of data/places/ shown as rows with their own arrival times (never typed twice). */
    towns: z.array(text).default([]),
    bullets: z.array(text).default([]),
  }),
  tiles: z.array(z.strictObject({ title: text, text, icon: iconName })).length(2, 'must be exactly two trust tiles'),
});

export type TrustFrontMatter = z.infer<typeof trustFrontMatterSchema>;

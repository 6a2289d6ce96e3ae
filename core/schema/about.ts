// The about page (data/about.yaml).
import { z } from 'zod';
import { pageIntro } from './seo.ts';
import { iconName } from './icon.ts';

const text = z.string().min(2);

export const aboutSchema = z.strictObject({
  ...pageIntro,
  history: z.strictObject({ heading: text, paragraphs: z.array(text).min(2) }),
  values: z.strictObject({ heading: text, items: z.array(z.strictObject({ title: text, text, icon: iconName })).length(4) }),
  team: z.strictObject({
    heading: text,
    lead: text.optional(),
    /** True while the members are the shipped, invented examples (`npm run check` lists it). */
    examples: z.boolean(),
    members: z.array(z.strictObject({ name: text, role: text, text })).min(1),
  }),
  milestones: z.strictObject({
    /** True while the milestones are the shipped, invented examples. */
    examples: z.boolean(),
    heading: text,
    items: z.array(z.strictObject({ year: z.number().int(), title: text, text })).length(5),
  }),
  cta: z.strictObject({ heading: text, text }),
  certificates: z.strictObject({ heading: text, items: z.array(z.strictObject({ title: text, text, icon: iconName })).min(2) }),
});

export type About = z.infer<typeof aboutSchema>;

// The about page (data/about.yaml).
import { z } from 'zod';
import { pageIntro } from './seo.ts';
import { iconName } from './icon.ts';

const text = z.string().min(2);

export const aboutSchema = z.object({
  ...pageIntro,
  history: z.object({ heading: text, paragraphs: z.array(text).min(2) }),
  values: z.object({ heading: text, items: z.array(z.object({ title: text, text, icon: iconName })).length(4) }),
  team: z.object({
    heading: text,
    lead: text.optional(),
    /** True while the members are the shipped, invented examples (`npm run check` lists it). */
    examples: z.boolean(),
    members: z.array(z.object({ name: text, role: text, text })).min(1),
  }),
  milestones: z.object({
    /** True while the milestones are the shipped, invented examples. */
    examples: z.boolean(),
    heading: text,
    items: z.array(z.object({ year: z.number().int(), title: text, text })).length(5),
  }),
  cta: z.object({ heading: text, text }).strict(),
  certificates: z.object({ heading: text, items: z.array(z.object({ title: text, text, icon: iconName })).min(2) }),
});

export type About = z.infer<typeof aboutSchema>;

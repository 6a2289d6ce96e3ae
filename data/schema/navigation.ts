// The header navigation (data/navigation.yaml): its links in order, with the labels the menus
// and the breadcrumb trails show.
import { z } from 'zod';

export const navigationSchema = z.object({
  items: z
    .array(z.object({ href: z.string().regex(/^\/[a-z0-9\-/]*$/, 'must be a path of the site such as "/preise"'), label: z.string().min(2) }).strict())
    .min(2)
    .max(8, 'more than eight items do not fit the header on a laptop'),
});

export type Navigation = z.infer<typeof navigationSchema>;
export type NavItem = Navigation['items'][number];

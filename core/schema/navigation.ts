// The header navigation and the footer's link lists (data/navigation.yaml), with the labels the
// menus and the breadcrumb trails show.
import { z } from 'zod';

const link = z.strictObject({ href: z.string().regex(/^\/[a-z0-9\-/]*$/, 'must be a path of the site such as "/preise"'), label: z.string().min(2) });

export const navigationSchema = z
  .strictObject({
    items: z.array(link).min(2).max(8, 'more than eight items do not fit the header on a laptop'),
    footer: z
      .strictObject({
        services: z.array(link).min(1).max(8),
        towns: z.array(z.string().min(2)).min(1).max(8),
        legal: z.array(link).min(1),
      }),
  });

export type Navigation = z.infer<typeof navigationSchema>;
export type NavItem = Navigation['items'][number];

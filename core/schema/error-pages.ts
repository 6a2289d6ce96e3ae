// The heads of the 404 page and the server's message page (data/error-pages.yaml).
import { z } from 'zod';
import { seoSchema } from './seo.ts';
import { slotText } from './slots.ts';

const MESSAGE_SLOTS = ['title'] as const;

export const errorPagesSchema = z
  .strictObject({
    notFound: seoSchema
      .extend({
        heading: z.string().min(2),
        lead: z.string().min(2),
        call: z.string().min(2),
        linksLabel: z.string().min(2),
        linksHeading: z.string().min(2),
        links: z.array(z.strictObject({ href: z.string().regex(/^\/[a-z0-9\-/]*$/, 'must be a path of the site such as "/kontakt"'), label: z.string().min(2) })).min(1).max(8),
      }),
    message: z.strictObject({ title: slotText(MESSAGE_SLOTS, z.string().min(5)), description: z.string().min(50).max(170) }),
  });

export type ErrorPages = z.infer<typeof errorPagesSchema>;

// The heads of the 404 page and the server's message page (data/error-pages.yaml).
import { z } from 'zod';
import { seoSchema } from './seo.ts';
import { slotText } from './slots.ts';

export const MESSAGE_SLOTS = ['title'] as const;

export const errorPagesSchema = z
  .object({
    notFound: seoSchema.strict(),
    message: z.object({ title: slotText(MESSAGE_SLOTS, z.string().min(5)), description: z.string().min(50).max(170) }).strict(),
  })
  .strict();

export type ErrorPages = z.infer<typeof errorPagesSchema>;

// The title and description every page's head carries, with one set of limits for all data files:
// a title Google shows whole on a phone, a description long enough to say what the page offers and
// short enough not to be cut. Lengths are checked after placeholders are filled.
import { z } from 'zod';

export const seoTitle = z.string().min(10).max(65);
export const seoDescription = z.string().min(70).max(170);
export const seoSchema = z.strictObject({ title: seoTitle, description: seoDescription });

export type Seo = z.infer<typeof seoSchema>;

/** What every content page's file begins with: its head, its H1 and the lead under it. */
export const pageIntro = { seo: seoSchema, heading: z.string().min(2), lead: z.string().min(2) };


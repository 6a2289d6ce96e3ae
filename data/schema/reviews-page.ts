// The texts of /bewertungen (data/reviews-page.yaml). The reviews themselves are never part of
// the data: they come from Google through the server's cache (Google's terms for Places content).
import { z } from 'zod';
import { pageIntro } from './seo.ts';

const text = z.string().min(2);

export const reviewsPageSchema = z.object({
  ...pageIntro,
  /**
   * The search text the sync button sends; the server reads the configured place instead
   * (docs/decisions.md, "The sync button's search text").
   */
  syncQuery: text,
  /** Shown where the reviews would be when JavaScript is off. */
  noScript: text,
  googleLink: text,
  label: text,
  cta: z.object({ heading: text, text }),
});

export type ReviewsPage = z.infer<typeof reviewsPageSchema>;

// The texts of /bewertungen (data/reviews-page.yaml). The reviews themselves are never part of
// the data: they come from Google through the server's cache (Google's terms for Places content).
import { z } from 'zod';
import { pageIntro } from './seo.ts';
import { slotText } from './slots.ts';

const text = z.string().min(2);

/**
 * The words of the reviews island. The build also writes them into the site facts
 * (core/build-server-contract.ts), from which the server renders the island.
 */
export const reviewsIslandWordsSchema = z
  .strictObject({
    heading: text,
    source: text,
    refresh: text,
    reload: text,
    allOnGoogle: text,
    newTab: text,
    loading: text,
    none: text,
    loaded: slotText(['reviews']),
    count: z.strictObject({ one: text, many: slotText(['count']) }),
    card: z.strictObject({ label: slotText(['author']), profile: text, stars: slotText(['rating']) }),
    summary: z
      .strictObject({
        outOfFive: text,
        google: slotText(['reviews']),
        distribution: text,
        oneStar: text,
        stars: slotText(['stars']),
        reviewOne: text,
        reviewMany: text,
        selection: slotText(['reviews']),
        selectionOf: slotText(['shown', 'total']),
      }),
    toasts: z
      .strictObject({
        loadFailed: text,
        loadFailedText: text,
        close: text,
      }),
  });

export type ReviewsIslandWords = z.infer<typeof reviewsIslandWordsSchema>;

export const reviewsPageSchema = z.strictObject({
  ...pageIntro,
  /** Shown where the reviews would be when JavaScript is off. */
  noScript: text,
  googleLink: text,
  label: text,
  cta: z.strictObject({ heading: text, text }),
  island: reviewsIslandWordsSchema,
});

export type ReviewsPage = z.infer<typeof reviewsPageSchema>;

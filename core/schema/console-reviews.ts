// The words of the console's list of reviews (/intern/bewertungen, server/owner/reviews-page.tsx)
// and of the console's answers to a request it cannot take (server/owner/request-errors.tsx):
// the blocks `reviewList` and `requestErrors` of data/console.yaml.
import { z } from 'zod';
import { wordsWith } from './slots.ts';

const text = z.string().min(2);

export const reviewListWordsShape = {
  reviewList: z.strictObject({
    distribution: text,
    starsColumn: text,
    countColumn: text,
    /** One row of the distribution and the accessible name of a review's stars. */
    stars: wordsWith('stars'),
    heading: text,
    low: wordsWith('low'),
    written: wordsWith('author', 'date'),
    noText: text,
    answer: text,
    /** Says where the answer link leads: Google's list of the profile's reviews, or the site's review page of data/site.yaml. */
    answerNote: text,
    answerNoteFallback: text,
    page: wordsWith('page', 'pages'),
    older: text,
    newer: text,
  }),
  requestErrors: z.strictObject({
    tooLarge: text,
    malformed: text,
    failed: text,
  }),
};

// What the build writes into dist/_server/site.json besides the business facts (the reviews
// island's and the owner's console's words, the build's date and version), for tests that write a
// site facts file of their own: loaded from data/ the way the build loads it.
import { REVIEWS_WORDS, wordsOf } from '../../build/routes/index.ts';
import { loadSiteData } from '../../build/load/site-data.ts';
import { BUILD_DATE } from './build-date.ts';

const data = loadSiteData({ buildDate: BUILD_DATE });

export const SERVER_WORDS = {
  reviewsIsland: wordsOf(data, REVIEWS_WORDS).island,
  console: data.consoleWords,
  build: { date: BUILD_DATE.toISOString(), version: '0.0.0-test' },
};

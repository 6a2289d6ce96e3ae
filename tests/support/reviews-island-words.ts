// The reviews island's words as the build writes them into dist/_server/site.json, for tests that
// write a site facts file of their own: loaded from data/ the way the build loads it.
import { loadData } from '../../build/data.ts';
import { BUILD_DATE } from './build-date.ts';
import { ROOT } from './data-copy.ts';

export const REVIEWS_ISLAND_WORDS = loadData({ rootDir: ROOT, buildDate: BUILD_DATE }).reviewsPage.island;

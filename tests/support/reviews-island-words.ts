// The reviews island's words as the build writes them into dist/_server/site.json, for tests that
// write a site facts file of their own: read from data/reviews-page.yaml and checked by its schema.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { reviewsIslandWordsSchema } from '../../data/schema/reviews-page.ts';
import { ROOT } from './data-copy.ts';

export const REVIEWS_ISLAND_WORDS = reviewsIslandWordsSchema.parse((parse(readFileSync(join(ROOT, 'data/reviews-page.yaml'), 'utf8')) as { island: unknown }).island);

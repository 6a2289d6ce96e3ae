// A page's own words: a file of data/ that only its routes use, declared beside them
// (build/routes/index.ts, build/routes/place-pages.ts) with its schema and with what in it must name
// facts of other files (a price id, say). The load step reads and checks every declared file with
// the rest of the data (build/load/site-data.ts); the route reads its words back with `wordsOf`. So
// a new page type names its words file in one place.
import type { z } from 'zod';
import type { DataError } from '../data-error.ts';
import type { Facts, SharedWords, SiteData } from '../load/site-data.ts';

export interface PageWords<T> {
  /** The file's name in data/, e.g. "prices-page.yaml". */
  readonly file: string;
  readonly schema: z.ZodType<T>;
  /** The problems of the file's references to the facts (none by default); a method, so that a list may hold the words of every page. */
  check(words: T, loaded: Facts & SharedWords): DataError[];
}

export function pageWords<T>(file: string, schema: z.ZodType<T>, check: (words: T, loaded: Facts & SharedWords) => DataError[] = () => []): PageWords<T> {
  return { file, schema, check };
}

/** The words of a declared file, as the load step checked them. */
export function wordsOf<T>(data: SiteData, words: PageWords<T>): T {
  if (!data.pageWords.has(words.file)) throw new Error(`data/${words.file} was not loaded: list its declaration in PAGE_WORDS (build/routes/index.ts).`);
  // Parsed with `words.schema` when it loaded (build/load/site-data.ts).
  return data.pageWords.get(words.file) as T;
}

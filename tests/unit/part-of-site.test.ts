// What the console calls the part of the site a changed file holds (the draft bar, the preview's and
// the history's lists of changes, the commit message): a file two forms edit is named by both.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { consoleWordsSchema } from '../../core/schema/console.ts';
import { partOfSite } from '../../server/content/forms.ts';
import { ROOT } from '../support/data-copy.ts';

const words = consoleWordsSchema.parse(parse(readFileSync(join(ROOT, 'data', 'console.yaml'), 'utf8')));

describe('partOfSite', () => {
  it('names a file by its form, and site.yaml by both of its forms, so a legal change is not filed under contact', () => {
    expect(partOfSite('data/prices.yaml', words)).toBe(words.prices.title);
    expect(partOfSite('data/site.yaml', words)).toBe(`${words.contact.title} / ${words.legal.title}`);
    expect(partOfSite('data/images/galerie-x.jpg', words)).toBe(words.photos.title);
    expect(partOfSite('data/places/ruhrgebiet.yaml', words)).toBe(words.places.title);
    expect(partOfSite('data/unbekannt.yaml', words)).toBe('data/unbekannt.yaml');
  });
});

// The data side of the Fotos form: a new gallery photo appended to data/home.yaml's list in the
// file's own text (server/content/photo-add.ts), and a photo's values changed in a Markdown file's
// front matter only (server/content/photos.ts); everything else stays byte for byte.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { removeListItemById } from '../../server/content/photo-remove.ts';
import { insertListItem } from '../../server/content/yaml-list-edit.ts';
import { editDataFile } from '../../server/content/yaml-edit.ts';
import { DataPathError } from '../../server/content/yaml-edit.ts';
import { ROOT } from '../support/data-copy.ts';

const HOME = readFileSync(join(ROOT, 'data/home.yaml'), 'utf8');
const SHOP = readFileSync(join(ROOT, 'data/trust/lokaler-handwerker.md'), 'utf8');
const ITEM = { id: 'schliessanlage', image: 'galerie-schliessanlage-0123456789.jpg', alt: 'Schließanlage: drei Zylinder, ein Schlüssel', title: 'Schließanlage', subtitle: '„Einer für alle“ – auch für # und @' };

describe('a new gallery photo (insertListItem, as server/content/photo-add.ts adds it)', () => {
  it('adds the item after the last photo of the shipped gallery, written like it, and changes nothing else', () => {
    const text = insertListItem(HOME, ['gallery', 'items'], ITEM);
    const items = (parse(text) as { gallery: { items: Record<string, string>[] } }).gallery.items;
    expect(items.at(-1)).toEqual(ITEM);
    expect(items.slice(0, -1)).toEqual((parse(HOME) as { gallery: { items: unknown[] } }).gallery.items);
    // Only lines were added, right before the blank line that ends the gallery.
    const at = HOME.indexOf('\n\ncoverage:') + 1;
    expect(text.slice(0, at)).toBe(HOME.slice(0, at));
    expect(text.slice(text.indexOf('\n\ncoverage:'))).toBe(HOME.slice(HOME.indexOf('\n\ncoverage:')));
    expect(text.slice(at, text.indexOf('\n\ncoverage:')).split('\n')[0]).toBe('    - id: schliessanlage');
  });
});

describe('removeListItemById', () => {
  it('cuts one photo\'s lines out of the shipped gallery and nothing else: adding then removing it gives the file back', () => {
    const text = removeListItemById(HOME, 'gallery.items', 'schlosswechsel');
    const start = HOME.indexOf('    - id: schlosswechsel\n');
    const end = HOME.indexOf('    - id: autooeffnung\n');
    expect(text).toBe(HOME.slice(0, start) + HOME.slice(end));
    expect(removeListItemById(insertListItem(HOME, ['gallery', 'items'], ITEM), 'gallery.items', ITEM.id)).toBe(HOME);
    expect(removeListItemById('items:\n  - id: a\n  - id: b', 'items', 'b')).toBe('items:\n  - id: a\n');
  });

  it('refuses an id the list does not have', () => {
    expect(() => removeListItemById(HOME, 'gallery.items', 'gibt-es-nicht')).toThrow(DataPathError);
  });
});

describe('editDataFile', () => {
  it('changes a photo in a Markdown file\'s front matter, never its body, even where the body looks like YAML', () => {
    const withLookalike = `${SHOP}\n---\nimage:\n  file: shop.jpg\n`;
    const { text } = editDataFile('trust/lokaler-handwerker.md', withLookalike, [
      { path: 'image.file', value: 'seite-lokaler-handwerker-0123456789.jpg' },
      { path: 'image.alt', value: 'Unsere Werkstatt in Essen' },
    ]);
    const end = SHOP.indexOf('\n---\n') + 5;
    expect(text.slice(text.indexOf('\n---\n') + 5)).toBe(withLookalike.slice(end));
    const front = text.slice(4, text.indexOf('\n---\n'));
    expect(parse(front)).toMatchObject({ image: { file: 'seite-lokaler-handwerker-0123456789.jpg', alt: 'Unsere Werkstatt in Essen' } });
    const changed = text.split('\n').filter((line, i) => line !== withLookalike.split('\n')[i]);
    expect(changed).toEqual(['  file: seite-lokaler-handwerker-0123456789.jpg', '  alt: "Unsere Werkstatt in Essen"']);
  });
});

// Adding and removing list items in a data file's text (server/content/yaml-list-edit.ts): every
// other byte stays, comments go with the item they belong to, the list's own style is followed,
// and the shipped place files read back with exactly the item added or removed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { insertListItem, removeListItem, replaceListItem, replaceTextList } from '../../server/content/yaml-list-edit.ts';
import { ROOT } from '../support/data-copy.ts';

const DISTRICTS = `towns:
  - name: Essen # the main location
    districts:
      # The centre
      - Altstadt
      - { name: Südviertel, in: im Südviertel, to: ins Südviertel }
      # Not a Stadtteil, an Ortsteil (a source).
      - { name: Aprath, word: Ortsteil }
    sources: ["Wikipedia: Essen", 'Stadt Essen']

  - name: Bochum
    districts:
      - Wattenscheid
      - name: Stiepel
        description: >-
          Folded text
          on two lines.
        # kept with Stiepel
        sources: [a]

  - name: Herne
    districts: [Wanne, Eickel]
`;

const lines = (text: string) => text.split('\n');
/** The lines of `after` that `before` lacks and the reverse, in order. */
function difference(before: string, after: string): { removed: string[]; added: string[] } {
  const a = lines(before);
  const b = lines(after);
  let start = 0;
  while (start < a.length && a[start] === b[start]) start += 1;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end += 1;
  return { removed: a.slice(start, a.length - end), added: b.slice(start, b.length - end) };
}

describe('removing a list item', () => {
  it('removes a plain item and keeps the comment that heads the items below it', () => {
    const after = removeListItem(DISTRICTS, ['towns', 0, 'districts'], 0);
    expect(difference(DISTRICTS, after)).toEqual({ removed: ['      - Altstadt'], added: [] });
    expect(after).toContain('# The centre');
  });

  it('removes the last item of a group together with the comment above it', () => {
    const after = removeListItem(DISTRICTS, ['towns', 0, 'districts'], 2);
    expect(difference(DISTRICTS, after).removed).toEqual(['      # Not a Stadtteil, an Ortsteil (a source).', '      - { name: Aprath, word: Ortsteil }']);
    expect(parse(after).towns[0].districts).toEqual(['Altstadt', { name: 'Südviertel', in: 'im Südviertel', to: 'ins Südviertel' }]);
  });

  it('removes a nested map with its folded text and the comments inside it, and nothing of the town after it', () => {
    const after = removeListItem(DISTRICTS, ['towns', 1, 'districts'], 1);
    expect(difference(DISTRICTS, after).removed).toEqual(['      - name: Stiepel', '        description: >-', '          Folded text', '          on two lines.', '        # kept with Stiepel', '        sources: [a]']);
    expect(after).toContain('\n\n  - name: Herne');
  });

  it('removes a town of a list set apart by blank lines with one blank line, first, middle and last', () => {
    const first = removeListItem(DISTRICTS, ['towns'], 0);
    expect(first.startsWith('towns:\n  - name: Bochum\n')).toBe(true);
    const middle = removeListItem(DISTRICTS, ['towns'], 1);
    expect(middle).toContain("'Stadt Essen']\n\n  - name: Herne");
    const last = removeListItem(DISTRICTS, ['towns'], 2);
    expect(last.endsWith('        sources: [a]\n')).toBe(true);
    for (const text of [first, middle, last]) expect(parse(text).towns).toHaveLength(2);
  });

  it('removes an item of a flow list with its separator, first and last', () => {
    expect(difference(DISTRICTS, removeListItem(DISTRICTS, ['towns', 2, 'districts'], 0)).added).toEqual(['    districts: [Eickel]']);
    expect(difference(DISTRICTS, removeListItem(DISTRICTS, ['towns', 2, 'districts'], 1)).added).toEqual(['    districts: [Wanne]']);
    expect(difference(DISTRICTS, removeListItem(DISTRICTS, ['towns', 0, 'sources'], 0)).added).toEqual(["    sources: ['Stadt Essen']"]);
  });

  it('leaves an empty list where the only item was, so the key still reads as a list', () => {
    const text = 'towns:\n  - name: Hünxe\n    districts:\n      - Bruckhausen # the only one\n    sources: [a]\n';
    const after = removeListItem(text, ['towns', 0, 'districts'], 0);
    expect(after).toBe('towns:\n  - name: Hünxe\n    districts: []\n    sources: [a]\n');
    expect(insertListItem(after, ['towns', 0, 'districts'], 'Drevenack')).toBe('towns:\n  - name: Hünxe\n    districts: [Drevenack]\n    sources: [a]\n');
  });

  it('refuses a list or an item the file does not have', () => {
    expect(() => removeListItem(DISTRICTS, ['towns', 0, 'name'], 0)).toThrow(/no list/);
    expect(() => removeListItem(DISTRICTS, ['towns', 0, 'districts'], 9)).toThrow(/no item 9/);
  });
});

describe('adding a list item', () => {
  it('adds a text after the last item, in the list\'s indentation, and after a comment-headed group', () => {
    const after = insertListItem(DISTRICTS, ['towns', 0, 'districts'], 'Rüttenscheid');
    expect(difference(DISTRICTS, after)).toEqual({ removed: [], added: ['      - Rüttenscheid'] });
    expect(parse(after).towns[0].districts.at(-1)).toBe('Rüttenscheid');
  });

  it('quotes a text that YAML would read otherwise', () => {
    const after = insertListItem(DISTRICTS, ['towns', 1, 'districts'], 'Yes: no # really');
    expect(parse(after).towns[1].districts.at(-1)).toBe('Yes: no # really');
  });

  it('writes a map as the list does: flow maps where it has them, and a block map after the last nested one', () => {
    const flow = insertListItem(DISTRICTS, ['towns', 0, 'districts'], { name: 'Holsterhausen', word: 'Ortsteil' });
    expect(difference(DISTRICTS, flow).added).toEqual(['      - { name: Holsterhausen, word: Ortsteil }']);
    const block = insertListItem(DISTRICTS, ['towns', 1, 'districts'], { name: 'Linden', description: 'Kurz.', sources: ['Wikipedia: Linden'] }, { flow: ['sources'] });
    expect(difference(DISTRICTS, block).added).toEqual(['      - name: Linden', '        description: Kurz.', '        sources: ["Wikipedia: Linden"]']);
  });

  it('adds a town to a list set apart by blank lines with a blank line before it, its long text folded', () => {
    const town = { name: 'Schermbeck', arrivalTime: '30–40 Min.', description: 'Wort '.repeat(40).trim(), sources: ['Wikipedia: Schermbeck'], districts: ['Gahlen'] };
    const after = insertListItem(DISTRICTS, ['towns'], town, { quoted: ['arrivalTime'], flow: ['sources'] });
    const { added, removed } = difference(DISTRICTS, after);
    expect(removed).toEqual([]);
    expect(after.startsWith(`${DISTRICTS}\n  - name: Schermbeck\n    arrivalTime: "30–40 Min."\n    description: >-\n`)).toBe(true);
    expect(added).toContain('    sources: ["Wikipedia: Schermbeck"]');
    expect(after.endsWith('    districts:\n      - Gahlen\n')).toBe(true);
    expect(parse(after).towns[3]).toEqual(town);
  });

  it('quotes a text with a comma or a bracket in a flow list, where it would end the item', () => {
    for (const name of ['Alt, Neu', 'Mitte [Nord]', 'a{b}']) {
      expect(parse(insertListItem(DISTRICTS, ['towns', 2, 'districts'], name)).towns[2].districts).toEqual(['Wanne', 'Eickel', name]);
      expect(parse(replaceTextList(DISTRICTS, ['towns', 2, 'districts'], [name, 'x'])).towns[2].districts).toEqual([name, 'x']);
      expect(parse(insertListItem(DISTRICTS, ['towns', 0, 'districts'], { name, word: 'Ortsteil' })).towns[0].districts.at(-1)).toEqual({ name, word: 'Ortsteil' });
    }
  });

  it('adds to a flow list in its quoting', () => {
    expect(difference(DISTRICTS, insertListItem(DISTRICTS, ['towns', 2, 'districts'], 'Röhlinghausen')).added).toEqual(['    districts: [Wanne, Eickel, Röhlinghausen]']);
    const quoted = insertListItem(DISTRICTS, ['towns', 1, 'districts', 1, 'sources'], 'b');
    expect(parse(quoted).towns[1].districts[1].sources).toEqual(['a', 'b']);
  });

  it('puts a new item in its alphabetical place when the list is sorted, umlauts as a reader sorts them', () => {
    const sorted = 'list:\n  - Bärenkamp\n  - Dellwig\n  - Essen\n  - Ückendorf\n';
    expect(insertListItem(sorted, ['list'], 'Bochold')).toBe('list:\n  - Bärenkamp\n  - Bochold\n  - Dellwig\n  - Essen\n  - Ückendorf\n');
    // Three items may be in order by chance: the new one goes last.
    expect(insertListItem('list:\n  - A\n  - B\n  - C\n', ['list'], 'Aa')).toBe('list:\n  - A\n  - B\n  - C\n  - Aa\n');
    expect(insertListItem(sorted, ['list'], 'Zollverein')).toBe(`${sorted}  - Zollverein\n`);
  });

  it('adds to a file without a final line break', () => {
    expect(insertListItem('list:\n  - a', ['list'], 'b')).toBe('list:\n  - a\n  - b');
  });
});

describe('replacing an item', () => {
  it('writes a text item anew as a block map in its place, keeping the comments and the items around it', () => {
    const after = replaceListItem(DISTRICTS, ['towns', 0, 'districts'], 0, { name: 'Altstadt', description: 'Kurz.', sources: ['Wikipedia: Altstadt'] }, { flow: ['sources'] });
    expect(difference(DISTRICTS, after)).toEqual({ removed: ['      - Altstadt'], added: ['      - name: Altstadt', '        description: Kurz.', '        sources: ["Wikipedia: Altstadt"]'] });
    const flow = replaceListItem(DISTRICTS, ['towns', 0, 'districts'], 2, { name: 'Aprath', word: 'Ortsteil', description: 'Kurz.' });
    expect(difference(DISTRICTS, flow)).toEqual({ removed: ['      - { name: Aprath, word: Ortsteil }'], added: ['      - name: Aprath', '        word: Ortsteil', '        description: Kurz.'] });
  });
});

describe('replacing a list of texts', () => {
  it('rewrites a flow list on its line in its quoting, and a block list in its indentation', () => {
    expect(difference(DISTRICTS, replaceTextList(DISTRICTS, ['towns', 0, 'sources'], ['Wikipedia: Essen', 'WAZ: Essen'])).added).toEqual(['    sources: ["Wikipedia: Essen", "WAZ: Essen"]']);
    const block = 'a:\n  list:\n    - x\n    - y # note\n  b: 1\n';
    expect(replaceTextList(block, ['a', 'list'], ['z'])).toBe('a:\n  list:\n    - z\n  b: 1\n');
  });
});

describe('the shipped place files', () => {
  it('lose exactly one town or district, and gain exactly one, whichever is taken', () => {
    for (const name of ['ruhrgebiet.yaml', 'ruhrgebiet-nord-ost.yaml', 'rheinland-niederrhein.yaml']) {
      const text = readFileSync(join(ROOT, 'data/places', name), 'utf8');
      const towns = parse(text).towns as { name: string; districts: unknown[] }[];
      towns.forEach((town, t) => {
        const without = parse(removeListItem(text, ['towns'], t)).towns as { name: string }[];
        expect(without.map((other) => other.name)).toEqual(towns.filter((_, i) => i !== t).map((other) => other.name));
        for (const d of [0, town.districts.length - 1]) {
          expect(parse(removeListItem(text, ['towns', t, 'districts'], d)).towns[t].districts).toEqual(town.districts.filter((_, i) => i !== d));
        }
        // At the end, or in its alphabetical place where the list is sorted.
        const added = parse(insertListItem(text, ['towns', t, 'districts'], 'Neuer Teil')).towns[t].districts as unknown[];
        expect(added.filter((district) => district !== 'Neuer Teil')).toEqual(town.districts);
        expect(added).toHaveLength(town.districts.length + 1);
      });
    }
  });
});

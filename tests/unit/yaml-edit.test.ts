// Editing a data file in place (server/content/yaml-edit.ts): only the changed values' characters
// change; comments, key order, quoting, folded texts and flow lists stay as they were.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { DataPathError, editYamlText } from '../../server/content/yaml-edit.ts';
import { ROOT } from '../support/data-copy.ts';

const PRICES = readFileSync(join(ROOT, 'data/prices.yaml'), 'utf8');

/** The lines of `after` that differ from `before`, as [line number, before, after]. */
function changedLines(before: string, after: string): [number, string, string][] {
  const [a, b] = [before.split('\n'), after.split('\n')];
  expect(b.length).toBe(a.length);
  return a.flatMap((line, i) => (line === b[i] ? [] : [[i + 1, line, b[i]!] as [number, string, string]]));
}

const lineOf = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;

describe('editYamlText', () => {
  it('changes one price by its item id, and only that line of the shipped data/prices.yaml', () => {
    const { text, data } = editYamlText(PRICES, [{ path: 'services.tuer-zugefallen.price', value: 79 }]);
    const priceLine = lineOf(PRICES, 'id: tuer-zugefallen') + 2;
    expect(changedLines(PRICES, text)).toEqual([[priceLine, '    price: 69', '    price: 79']]);
    const services = (data as { services: { id: string; price: unknown }[] }).services;
    // A number stays a number.
    expect(services.find((service) => service.id === 'tuer-zugefallen')?.price).toBe(79);
    expect(typeof (parse(text) as typeof data & { services: { price: unknown }[] }).services[0]!.price).toBe('number');
  });

  it('keeps every comment, the key order, the folded texts and the flow lists of the file', () => {
    const { text } = editYamlText(PRICES, [
      { path: 'extras.anfahrt-ausserhalb.price', value: 1.5 },
      { path: 'happyHour.from', value: '13:00' },
      { path: 'surcharges.outsideHours.percent', value: 80 },
    ]);
    const comments = (source: string) => source.split('\n').filter((line) => line.trim().startsWith('#'));
    expect(comments(text)).toEqual(comments(PRICES));
    expect(Object.keys(parse(text) as object)).toEqual(Object.keys(parse(PRICES) as object));
    expect(text).toContain('    needs: [einsteckschloss, tuerschloss]');
    expect(text).toContain('    Außerhalb des Einsatzgebiets kostet die Anfahrt {{euro:prices.extras.anfahrt-ausserhalb.price}}\n');
    expect(changedLines(PRICES, text).map(([, , after]) => after)).toEqual(['    price: 1.5', '  from: "13:00"', '    percent: 80']);
  });

  it('keeps a value\'s quoting, and quotes where a plain text would read as something else', () => {
    const source = 'a: "eins" # double\nb: \'zwei\'\nc: drei\nd: vier\n';
    const { text, data } = editYamlText(source, [
      { path: 'a', value: 'neu' },
      { path: 'b', value: "it's" },
      { path: 'c', value: 'Mo–Fr 9–17 Uhr' },
      { path: 'd', value: '79' },
    ]);
    expect(text).toBe('a: "neu" # double\nb: \'it\'\'s\'\nc: Mo–Fr 9–17 Uhr\nd: "79"\n');
    expect(data).toEqual({ a: 'neu', b: "it's", c: 'Mo–Fr 9–17 Uhr', d: '79' });
  });

  it('writes a text that YAML would misread (a colon and a space, a leading dash) so it reads back the same', () => {
    for (const value of ['Achtung: teuer', '- Liste', '#kein Kommentar', 'a\\b "c"']) {
      const { data } = editYamlText('x: alt\n', [{ path: 'x', value }]);
      expect(data).toEqual({ x: value });
    }
  });

  it('refuses a path that names no single value, and changes nothing then', () => {
    for (const path of ['services.gibt-es-nicht.price', 'services', 'services.tuer-zugefallen', 'happyHour.from.x', '', 'services..price', '__proto__.x']) {
      expect(() => editYamlText(PRICES, [{ path, value: 1 }]), path).toThrow(DataPathError);
    }
  });
});

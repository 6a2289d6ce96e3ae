// The owner's likely mistakes in data/, each stopping the load with the file, the line, the item by
// its own name and what to write (build/data-error.ts, build/load/source-lines.ts,
// core/data-problems.ts). The lines are looked up in the shipped files, which each change leaves in place.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listRoutes } from '../../build/routes/index.ts';
import { loadSiteData } from '../../build/load/site-data.ts';
import { withLines } from '../../build/load/source-lines.ts';
import { ROOT } from '../support/data-copy.ts';
import { changedData, loadChanged, problems } from '../support/data-load.ts';
import { fakeImages } from '../support/fake-images.ts';

/** The line (from 1) of the shipped data file that first matches `pattern` after the first that matches `after`. */
function lineOf(file: string, pattern: RegExp, after = /^/): number {
  const lines = readFileSync(join(ROOT, 'data', file), 'utf8').split('\n');
  const start = lines.findIndex((line) => after.test(line));
  const index = lines.findIndex((line, i) => i >= start && pattern.test(line));
  expect(index, `${file} has a line matching ${pattern}`).toBeGreaterThanOrEqual(0);
  return index + 1;
}

describe('a key the schema does not know', () => {
  it('stops the load, naming the file, the line, the item and the key meant', () => {
    const message = problems((data) => data.edit('prices.yaml', (text) => text.replace('    popular: true', '    populer: true')));
    expect(message).toBe(`data/prices.yaml:${lineOf('prices.yaml', /popular: true/)}, service 'Zugefallene Tür': populer: unknown key; did you mean \`popular\`? Correct the spelling (a misspelt key is not read at all)`);
  });

  it("in a town, names the town instead of its place in the list, and the key meant", () => {
    const message = problems((data) => data.edit('places/ruhrgebiet-nord-ost.yaml', (text) => text.replace(/^    districts:/m, '    distrcits:')));
    expect(message).toBe(`data/places/ruhrgebiet-nord-ost.yaml:${lineOf('places/ruhrgebiet-nord-ost.yaml', /^    districts:/)}, town 'Bottrop': distrcits: unknown key; did you mean \`districts\`? Correct the spelling (a misspelt key is not read at all)`);
  });

  it('in a district written as keys, names its misspelt key and counts the district from 1, as it has no name', () => {
    const message = problems((data) => data.edit('places/ruhrgebiet-nord-ost.yaml', (text) => text.replace('      - Eigen\n', '      - { nme: Eigen }\n')));
    const at = `data/places/ruhrgebiet-nord-ost.yaml:${lineOf('places/ruhrgebiet-nord-ost.yaml', /^      - Eigen$/)}, town 'Bottrop', the 2nd district`;
    expect(message.split('\n')).toEqual([`${at}: name: is missing`, `${at}: nme: unknown key; did you mean \`name\`? Correct the spelling (a misspelt key is not read at all)`]);
  });

  it('far from every known key, lists the keys the place takes', () => {
    const message = problems((data) => data.edit('site.yaml', (text) => text.replace('  city: Essen', '  city: Essen\n  stadtteil: Südviertel')));
    expect(message).toBe(`data/site.yaml:${lineOf('site.yaml', /^  city: Essen/) + 1}: address.stadtteil: unknown key; remove it, or use one of the keys this place takes: street, postalCode, city, region, country, latitude, longitude`);
  });

  it('in the front matter of a Markdown file, at its line in that file', () => {
    const message = problems((data) => data.edit('trust/keine-abzocke.md', (text) => text.replace(/^tiles:/m, 'tils:')));
    expect(message).toContain(`data/trust/keine-abzocke.md:${lineOf('trust/keine-abzocke.md', /^tiles:/)}: tils: unknown key; did you mean \`tiles\`?`);
  });
});

describe("the two forms of a number", () => {
  it('stops when only the phone number on the pages changed, naming both forms and the e164 to write', () => {
    const message = problems((data) => data.edit('site.yaml', (text) => text.replace('display: "0201 000 000 0"', 'display: "0201 123 456 7"')));
    expect(message).toBe(
      `data/site.yaml:${lineOf('site.yaml', /display: "0201/)}: phone.display: "0201 123 456 7" is not the number e164 dials, "+492010000000": the pages show display, and a tap on them dials e164; if the number changed, write e164: "+492011234567"; otherwise correct display`,
    );
  });

  it("stops when only the WhatsApp number's dialling form changed, naming both", () => {
    const message = problems((data) => data.edit('site.yaml', (text) => text.replace('e164: "+491700000000"', 'e164: "+491710000000"')));
    expect(message).toBe(
      `data/site.yaml:${lineOf('site.yaml', /display: "0170/)}: whatsapp.display: "0170 000 000 0" is not the number e164 dials, "+491710000000": the pages show display, and a tap on them dials e164; if the number changed, write e164: "+491700000000"; otherwise correct display`,
    );
  });

  it('accepts the same number written with its country code, or with other spacing', () => {
    const data = loadChanged((copy) => copy.edit('site.yaml', (text) => text.replace('display: "0201 000 000 0"', 'display: "+49 201 0000000"').replace('display: "0170 000 000 0"', 'display: "(0170) 00 00 00 0"')));
    expect([data.site.phone.display, data.site.whatsapp.display]).toEqual(['+49 201 0000000', '(0170) 00 00 00 0']);
  });
});

describe('a value of the wrong kind, in the words of data/README.md', () => {
  it('a price written as text says which number to write', () => {
    const message = problems((data) => data.edit('prices.yaml', (text) => text.replace(/^    price: 69$/m, '    price: "79,00 €"')));
    expect(message).toBe(`data/prices.yaml:${lineOf('prices.yaml', /^    price: 69$/)}, service 'Zugefallene Tür': price: must be a number: write 79 (the number alone, without quotes, € or unit) (got "79,00 €")`);
  });

  it('a count with a thousands point says the number, and a word that is no number says what a number looks like', () => {
    expect(problems((data) => data.edit('claims.yaml', (text) => text.replace('  count: 5000', '  count: "5.000"')))).toContain('orders.count: must be a number: write 5000 ');
    expect(problems((data) => data.edit('places/ruhrgebiet.yaml', (text) => text.replace(/^    population: \d+$/m, '    population: "580.000 Einwohner"')))).toContain('population: must be a number: write 580000 ');
    expect(problems((data) => data.edit('claims.yaml', (text) => text.replace('  count: 5000', '  count: fünftausend')))).toContain('orders.count: must be a number, written without quotes, such as 79 (got "fünftausend")');
  });

  it('a yes/no written as a word, a postcode written as a number, an unknown choice', () => {
    expect(problems((data) => data.edit('site.yaml', (text) => text.replace('smallBusiness: true', 'smallBusiness: ja')))).toContain('registration.smallBusiness: must be true or false, written without quotes (got "ja")');
    expect(problems((data) => data.edit('site.yaml', (text) => text.replace('postalCode: "45127"', 'postalCode: 45127')))).toContain('address.postalCode: must be text: write it in quotes, "45127" (got 45127)');
    expect(problems((data) => data.edit('places/ruhrgebiet.yaml', (text) => text.replace('region: Hauptstandort', 'region: Hauptstandrot')))).toMatch(
      /, town 'Essen': region: must be one of "Hauptstandort", .*; did you mean "Hauptstandort"\? \(got "Hauptstandrot"\)$/,
    );
  });

  it('never passes on zod’s own English', () => {
    const message = problems((data) =>
      data.edit('site.yaml', (text) => text.replace('smallBusiness: true', 'smallBusiness: ja').replace('vatRate: 19', 'vatRate: 0').replace('rollNumber: null', 'rollNumber: 5').replace(/^  country: DE$/m, '  country: DEU')),
    );
    expect(message.split('\n')).toHaveLength(4);
    expect(message).not.toMatch(/Invalid|expected|received|Too (big|small)|>=/);
    expect(message).toContain('registration.vatRate: must be 1 or more (got 0)');
    expect(message).toContain('registration.rollNumber: must be text, false or null (empty) (got 5)');
    expect(message).toContain('address.country: must be exactly 2 characters long, not 3 (got "DEU")');
  });
});

describe('a problem inside a list', () => {
  it('in a town names the town and its line, where the missing field would go', () => {
    const message = problems((data) => data.edit('places/ruhrgebiet-nord-ost.yaml', (text) => text.replace(/^    arrivalTime: "25–35 Min."\n/m, '')));
    expect(message).toBe(`data/places/ruhrgebiet-nord-ost.yaml:${lineOf('places/ruhrgebiet-nord-ost.yaml', /^  - name: Marl$/)}, town 'Marl': arrivalTime: is missing`);
  });

  it('in a district names the town and the district', () => {
    const message = problems((data) => data.edit('places/ruhrgebiet-nord-ost.yaml', (text) => text.replace('      - Eigen\n', '      - { name: Eigen, in: in Eigen }\n')));
    expect(message).toBe(`data/places/ruhrgebiet-nord-ost.yaml:${lineOf('places/ruhrgebiet-nord-ost.yaml', /^      - Eigen$/)}, town 'Bottrop', district 'Eigen': to: give both phrases, "in" and "to", or neither`);
  });

  it('found by the checks after the schema, still names the town', () => {
    const message = problems((data) => data.edit('places/ruhrgebiet-nord-ost.yaml', (text) => text.replace(/^(    districts:\n      - (\S.*)\n)/m, '$1      - $2\n')));
    expect(message).toMatch(/^data\/places\/ruhrgebiet-nord-ost\.yaml:\d+, town 'Bottrop', district '[^']+': "[^"]+" is listed twice$/);
  });

  it('found by the route checks, after loading, is named the same way by the build command', () => {
    const copy = changedData((data) => data.edit('navigation.yaml', (text) => text.replace('label: Kontakt }\n', 'label: Kontakt }\n  - { href: /gibt-es-nicht, label: Angebote }\n')));
    const data = loadSiteData({ dataDir: copy.dir, buildDate: new Date('2026-11-22T10:00:00Z') });
    let thrown: unknown;
    try {
      listRoutes({ data, siteUrl: 'https://example.test', images: fakeImages(data) });
    } catch (error) {
      thrown = error;
    }
    expect((thrown as Error).message).toBe('data/navigation.yaml: items[7].href: "/gibt-es-nicht" is no page the build writes; link one of its pages');
    expect((withLines(thrown, copy.dir) as Error).message).toBe(
      `data/navigation.yaml:${lineOf('navigation.yaml', /label: Kontakt \}$/) + 1}, item 'Angebote': href: "/gibt-es-nicht" is no page the build writes; link one of its pages`,
    );
  });

  it('without a name counts the item from 1', () => {
    const message = problems((data) => data.edit('about.yaml', (text) => text.replace('{{owner}} hat {{name}} {{foundingYear}}', '{{owner}} hat {{name}} {{gruendung}}')));
    expect(message).toBe(`data/about.yaml:${lineOf('about.yaml', /^  paragraphs:/) + 1}, history, the 1st paragraph: placeholder {{gruendung}} names no text or number; use a path of data/site.yaml, "prices.…", "claims.…", "vat.…", "arrival.…" or "buildDate"`);
  });
});

/** The objects within a schema that take keys they do not name (zod's z.object), by their path in it. */
function looseObjects(schema: z.core.$ZodType, path = '', seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (key: string, part = '') => (def[key] ? looseObjects(def[key] as z.core.$ZodType, `${path}${part}`, seen) : []);
  switch (def.type) {
    case 'object': {
      const own = (def['catchall'] as z.core.$ZodType | undefined)?._zod.def.type === 'never' ? [] : [path || '(the file)'];
      return [...own, ...Object.entries(def['shape'] as Record<string, z.core.$ZodType>).flatMap(([key, value]) => looseObjects(value, path ? `${path}.${key}` : key, seen))];
    }
    case 'union':
      return (def['options'] as z.core.$ZodType[]).flatMap((option) => looseObjects(option, path, seen));
    case 'array':
      return inner('element', '[]');
    case 'record':
      return inner('valueType', '.*');
    case 'pipe':
      return [...inner('in'), ...inner('out')];
    default:
      return inner('innerType');
  }
}

describe('every data schema', () => {
  it('refuses a key it does not name, in every object (z.strictObject), so no misspelt key is dropped without a word', async () => {
    const folder = join(ROOT, 'core/schema');
    const loose: string[] = [];
    let objects = 0;
    for (const name of readdirSync(folder).filter((file) => file.endsWith('.ts'))) {
      const module = (await import(join(folder, name))) as Record<string, unknown>;
      for (const [exported, value] of Object.entries(module)) {
        if (!(value instanceof z.ZodType)) continue;
        objects++;
        loose.push(...looseObjects(value).map((path) => `core/schema/${name}: ${exported} ${path}`));
      }
    }
    expect(objects).toBeGreaterThan(20);
    expect(looseObjects(z.object({ a: z.strictObject({ b: z.array(z.object({ c: z.string() })) }) }))).toEqual(['(the file)', 'a.b[]']);
    expect(loose).toEqual([]);
  });
});

// What the owner may type into the console's forms of data/site.yaml and the legal texts' dates,
// and what is stored (server/content/fact-values.ts): the loose ways people write a day, a date, a
// VAT id or a postcode become the one form the schemas and pages read; the rest gets its kind's
// German message from data/console.yaml.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { consoleWordsSchema } from '../../core/schema/console.ts';
import { factValue, type FactKind } from '../../server/content/fact-values.ts';
import { ROOT } from '../support/data-copy.ts';

const words = consoleWordsSchema.parse(parse(readFileSync(join(ROOT, 'data/console.yaml'), 'utf8'))).form.problems;
const value = (kind: FactKind, text: string, notApplicable = false) => factValue(kind, text, { notApplicable }, words);

describe('factValue', () => {
  it('stores what an owner types in the form the pages read', () => {
    const cases: [FactKind, string, unknown][] = [
      ['days', 'mo-fr', 'Mo–Fr'],
      ['days', 'Mo bis Sa', 'Mo–Sa'],
      ['days', 'SA', 'Sa'],
      ['date', '1.12.2026', '2026-12-01'],
      ['date', '2026-02-28', '2026-02-28'],
      ['vatId', 'de 123 456 789', 'DE123456789'],
      ['vatId', '', null],
      ['postcode', '45 127', '45127'],
      ['url', 'https://g.page/r/CabcXYZ/review', 'https://g.page/r/CabcXYZ/review'],
      // A browser's own reading of an address without its scheme.
      ['url', 'www.ihr-betrieb.de', 'https://www.ihr-betrieb.de'],
      ['url', 'www.google.de/maps', 'https://www.google.de/maps'],
      ['email', 'info@ihr-betrieb.de', 'info@ihr-betrieb.de'],
      ['phone', '0201 / 123 45-67', '0201 123 45 67'],
      ['mobile', '+49 (0)170 1234567', '+49 170 1234567'],
      ['fact', 'Betriebsnummer 12345', 'Betriebsnummer 12345'],
      ['fact', '', null],
      ['flag', 'false', false],
      ['flag', 'true', true],
    ];
    for (const [kind, typed, stored] of cases) expect(value(kind, typed), `${kind} ${typed}`).toEqual({ value: stored });
    // The ticked box "trifft nicht zu" wins over what is typed.
    expect(value('fact', 'Metallbauermeister', true)).toEqual({ value: false });
  });

  it('refuses the rest with the German message of its kind', () => {
    const cases: [FactKind, string][] = [
      ['days', 'Montag'],
      ['days', 'Mo–'],
      ['date', '31.11.2026'],
      ['date', '2026-13-01'],
      ['vatId', 'DE12345678'],
      ['vatId', 'AT123456789'],
      ['postcode', '4512'],
      ['url', 'http://g.page/r/CabcXYZ/review'],
      ['url', 'ihr betrieb.de'],
      ['url', 'www.'],
      ['url', 'https://localhost'],
      ['email', 'info@'],
      ['email', 'info ihr-betrieb.de'],
      ['phone', '+43 1 234567'],
      ['mobile', '0201 1234567'],
      ['fact', 'x'],
      ['flag', 'ja'],
    ];
    for (const [kind, typed] of cases) expect(value(kind, typed), `${kind} ${typed}`).toEqual({ problem: words[kind] });
  });
});

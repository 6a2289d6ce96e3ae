// What the owner may type as an amount in the console's forms (server/content/form-fields.ts,
// kind `euro`): the ways people write a price in German become the number the data holds; where the
// meaning is not certain, the German message of data/console.yaml asks again.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { consoleWordsSchema } from '../../core/schema/console.ts';
import { fieldValue, type FormField } from '../../server/content/form-fields.ts';
import { ROOT } from '../support/data-copy.ts';

const words = consoleWordsSchema.parse(parse(readFileSync(join(ROOT, 'data/console.yaml'), 'utf8'))).form.problems;
const field: FormField = { path: 'services.tuer-zugefallen.price', label: 'Preis', kind: 'euro', value: 69 };
const value = (typed: string) => fieldValue(field, typed, words);

describe('an amount typed into a form', () => {
  it('is stored as the number a German reader sees in it', () => {
    const cases: [string, number][] = [
      ['79', 79],
      ['79,00', 79],
      ['79,00 €', 79],
      ['79 €', 79],
      ['79€', 79],
      ['79 EUR', 79],
      ['79.-', 79],
      ['79,-', 79],
      ['79,50', 79.5],
      ['1,20', 1.2],
      ['1.2', 1.2],
      ['1.000', 1000],
      ['1.000,00 €', 1000],
      ['12.500,50', 12500.5],
    ];
    for (const [typed, stored] of cases) expect(value(typed), typed).toEqual({ value: stored });
  });

  it('asks again, in German, where the meaning is not certain or it is no amount', () => {
    // A comma before three digits may be a thousand written the English way, or a slip.
    expect(value('1,000')).toEqual({ problem: words.cents });
    expect(value('79,505')).toEqual({ problem: words.cents });
    for (const typed of ['', 'neunundsiebzig', '79 $', '1.00.0', '€', '-79', '79,-,-']) expect(value(typed), typed).toEqual({ problem: words.euro });
  });
});

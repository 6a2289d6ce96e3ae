// A data file's parsed form is kept for the next build (build/load/parsed-data.ts): the same text is not
// parsed twice, a changed text is, and a text that does not parse is reported every time.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { parsedOnce } from '../../build/load/parsed-data.ts';

describe('parsed data kept between builds', () => {
  // A parser name of its own, so that no other test run's entries answer.
  const parser = `test ${randomUUID()}`;
  const calls: string[] = [];
  const parse = (text: string) => {
    calls.push(text);
    const document = parseDocument(text);
    if (document.errors.length > 0) throw new Error(`not valid YAML: ${document.errors[0]!.message}`);
    return document.toJS() as unknown;
  };

  it('gives the same data for the same text without parsing it again, and parses a changed text', () => {
    const text = 'preise:\n  - leistung: Zugefallene Tür\n    euro: 69\n';
    const first = parsedOnce(text, parser, parse);
    expect(first).toEqual({ preise: [{ leistung: 'Zugefallene Tür', euro: 69 }] });
    expect(parsedOnce(text, parser, parse)).toEqual(first);
    expect(calls).toEqual([text]);

    const changed = text.replace('69', '79');
    expect(parsedOnce(changed, parser, parse)).toEqual({ preise: [{ leistung: 'Zugefallene Tür', euro: 79 }] });
    expect(calls).toEqual([text, changed]);
    // Another parser's result for the same text is its own.
    expect(parsedOnce(text, `${parser} other`, () => 'other')).toBe('other');
  });

  it('keeps nothing of a text that does not parse: its error comes every time', () => {
    const broken = 'preise: [69\n';
    expect(() => parsedOnce(broken, parser, parse)).toThrow(/not valid YAML/);
    expect(() => parsedOnce(broken, parser, parse)).toThrow(/not valid YAML/);
    expect(calls.filter((text) => text === broken)).toHaveLength(2);
  });
});

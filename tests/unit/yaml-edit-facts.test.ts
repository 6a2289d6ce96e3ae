// The facts of data/site.yaml the console's Rechtliches form edits may be unknown (null) or not
// apply (false): server/content/yaml-edit.ts writes a text over either and either over a text,
// changing only that value's characters, and the way back gives the file byte for byte.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { siteSchema } from '../../core/schema/site.ts';
import { DataPathError, editDataFile, editYamlText, lineOfPath } from '../../server/content/yaml-edit.ts';
import { ROOT } from '../support/data-copy.ts';

const SITE = readFileSync(join(ROOT, 'data/site.yaml'), 'utf8');

/** The lines of `after` that differ from `before`, as [before, after]. */
function changedLines(before: string, after: string): [string, string][] {
  const [a, b] = [before.split('\n'), after.split('\n')];
  expect(b.length).toBe(a.length);
  return a.flatMap((line, i) => (line === b[i] ? [] : [[line, b[i]!] as [string, string]]));
}

describe('editYamlText on null and false', () => {
  it('writes a text over null and false in the shipped data/site.yaml, and null and false back to the same bytes', () => {
    const entered = editYamlText(SITE, [
      { path: 'registration.rollNumber', value: 'Betriebsnummer 12345' },
      { path: 'registration.supervisoryAuthority', value: 'Bezirksregierung Düsseldorf' },
      { path: 'registration.insurance.insurer', value: 'Allianz Versicherungs-AG, Königinstraße 28, 80802 München' },
      { path: 'registration.vatId', value: 'DE123456789' },
    ]);
    expect(changedLines(SITE, entered.text)).toEqual([
      ['  rollNumber: null', '  rollNumber: Betriebsnummer 12345'],
      ['  supervisoryAuthority: false', '  supervisoryAuthority: Bezirksregierung Düsseldorf'],
      ['    insurer: null', '    insurer: Allianz Versicherungs-AG, Königinstraße 28, 80802 München'],
      ['  vatId: null', '  vatId: DE123456789'],
    ]);
    const registration = siteSchema.parse(entered.data).registration;
    expect(registration).toMatchObject({ rollNumber: 'Betriebsnummer 12345', supervisoryAuthority: 'Bezirksregierung Düsseldorf', vatId: 'DE123456789' });
    const cleared = editYamlText(entered.text, [
      { path: 'registration.rollNumber', value: null },
      { path: 'registration.supervisoryAuthority', value: false },
      { path: 'registration.insurance.insurer', value: null },
      { path: 'registration.vatId', value: null },
    ]);
    expect(cleared.text).toBe(SITE);
  });

  it('turns null into false and back, and quotes a text that would read as null, false or a number', () => {
    const notApplicable = editYamlText(SITE, [{ path: 'registration.profession', value: false }]);
    expect(changedLines(SITE, notApplicable.text)).toEqual([['  profession: null', '  profession: false']]);
    expect(editYamlText(notApplicable.text, [{ path: 'registration.profession', value: null }]).text).toBe(SITE);
    for (const value of ['null', 'false', '~', '12345', 'Nein: keine']) {
      const { text, data } = editYamlText(SITE, [{ path: 'registration.rollNumber', value }]);
      expect((parse(text) as { registration: { rollNumber: unknown } }).registration.rollNumber, value).toBe(value);
      expect((data as { registration: { rollNumber: unknown } }).registration.rollNumber).toBe(value);
    }
  });

  it('writes a value after a key that has none yet ("key:" reads as null), keeping the lines around it', () => {
    const source = '# Wer den Server betreibt.\nhosting:\n  provider:\n  address: null # noch offen\n';
    const { text } = editYamlText(source, [
      { path: 'hosting.provider', value: 'Hetzner Online GmbH' },
      { path: 'hosting.address', value: 'Industriestr. 25, 91710 Gunzenhausen' },
    ]);
    expect(text).toBe('# Wer den Server betreibt.\nhosting:\n  provider: Hetzner Online GmbH\n  address: Industriestr. 25, 91710 Gunzenhausen # noch offen\n');
  });
});

describe('editDataFile on a Markdown file', () => {
  const AGB = readFileSync(join(ROOT, 'data/legal/agb.md'), 'utf8');

  it('changes a value of the front matter only, never the text below it', () => {
    // A body that reads like front matter too: a rule line and a "stand:" of its own.
    const text = `${AGB}\n---\n\nstand: "2026-11-27"\n`;
    const { text: edited, data } = editDataFile('legal/agb.md', text, [{ path: 'stand', value: '2026-12-01' }]);
    expect(edited).toBe(text.replace('stand: "2026-11-27"', 'stand: "2026-12-01"'));
    expect(edited.endsWith('\nstand: "2026-11-27"\n')).toBe(true);
    expect((data as { stand: string }).stand).toBe('2026-12-01');
    expect(lineOfPath('legal/agb.md', text, 'stand')).toBe(AGB.split('\n').indexOf('stand: "2026-11-27"') + 1);
  });

  it('refuses a Markdown file without front matter, and a YAML file is edited whole', () => {
    expect(() => editDataFile('legal/x.md', '# Titel\n\nstand: 1\n', [{ path: 'stand', value: '2' }])).toThrow(DataPathError);
    expect(editDataFile('site.yaml', 'stand: "1"\n', [{ path: 'stand', value: '2' }]).text).toBe('stand: "2"\n');
  });
});

// The list of changes of the preview and the history (server/content/describe.ts) on the shipped
// files of data/: a field changed by a form is said in the owner's words, a town's file in the Orte
// form's words, and whatever changed besides the fields (a comment, a value no field edits) is
// shown as lines after them, never hidden; what the fields say is not repeated as lines.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { consoleWordsSchema } from '../../core/schema/console.ts';
import { formatEuro } from '../../core/format.ts';
import { describeChange } from '../../server/content/describe.ts';
import { ROOT } from '../support/data-copy.ts';

const DATA = join(ROOT, 'data');
const words = consoleWordsSchema.parse(parse(readFileSync(join(DATA, 'console.yaml'), 'utf8')));
const read = (file: string) => readFileSync(join(DATA, file), 'utf8');
const change = (file: string, after: string) => describeChange(`data/${file}`, read(file), after, words, DATA).lines;

interface Town {
  name: string;
  arrivalTime: string;
  districts: ({ name: string } | string)[];
}
const places = 'places/ruhrgebiet.yaml';
const essen = () => (parse(read(places)) as { towns: Town[] }).towns[0]!;
const districtName = (district: Town['districts'][number]) => (typeof district === 'string' ? district : district.name);

describe('the list of changes', () => {
  it('says a changed field in words and shows a changed comment of the same file as lines', () => {
    const text = read('prices.yaml');
    const after = text.replace(/^# /m, '# Neu: ').replace(/(id: tuer-zugefallen[\s\S]*?price: )69\b/, '$179');
    expect(after).not.toBe(text);
    const lines = change('prices.yaml', after);
    expect(lines[0]).toMatchObject({ kind: 'value', label: 'Zugefallene Tür', before: formatEuro(69), after: formatEuro(79) });
    const first = text.split('\n')[0]!;
    expect(lines.slice(1)).toEqual([{ kind: 'lines', removed: [first], added: [first.replace('# ', '# Neu: ')] }]);
  });

  it('says a promise basis added as a new line by its field alone', () => {
    const text = read('claims.yaml');
    const lines = change('claims.yaml', text.replace('(Beispielwert)', '(geprüft)'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ kind: 'value', after: expect.stringContaining('(geprüft)') });
  });

  it("says a town's arrival time and a renamed town in the Orte form's words, without the file's lines", () => {
    const text = read(places);
    const town = essen();
    const arrival = text.replace(`arrivalTime: "${town.arrivalTime}"`, 'arrivalTime: "40–50 Min."');
    expect(change(places, arrival)).toEqual([{ kind: 'value', label: `${town.name} › ${words.places.fields.arrivalTime}`, before: town.arrivalTime.replace(' Min.', ''), after: '40–50' }]);
    // A new name makes a new page address; its fields still pair with the old ones.
    const renamed = text.replace(`- name: ${town.name}\n`, `- name: ${town.name}-Mitte\n`);
    expect(change(places, renamed)).toEqual([{ kind: 'value', label: `${town.name}-Mitte › ${words.places.fields.name}`, before: town.name, after: `${town.name}-Mitte` }]);
  });

  it('says a new district by its name, and a value the Orte form does not edit as lines', () => {
    const text = read(places);
    const town = essen();
    const first = districtName(town.districts[0]!);
    const line = text.split('\n').find((candidate) => candidate.includes(`{ name: ${first},`))!;
    const added = text.replace(line, `${line}\n${line.replace(/\{ name: [^,]+, in: [^,]+, to: [^}]+\}/, '{ name: Testfeld, in: im Testfeld, to: ins Testfeld }')}`);
    expect(added).not.toBe(text);
    expect(change(places, added)).toEqual([{ kind: 'added', label: `${town.name} › ${words.places.fields.districtName.replace('{name}', 'Testfeld')}`, value: 'Testfeld' }]);
    // How a page names the district ("im …") has no field: the changed line is shown.
    const wording = text.replace(line, line.replace(/in: [^,]+,/, 'in: im Test,'));
    expect(change(places, wording)).toEqual([{ kind: 'lines', removed: [line], added: [line.replace(/in: [^,]+,/, 'in: im Test,')] }]);
  });

  it("says a legal text's changed body and date by their fields", () => {
    const text = read('legal/agb.md');
    const after = text.replace(/^stand: "[\d-]+"$/m, 'stand: "2030-01-02"').replace('## § 1 Geltungsbereich\n', '## § 1 Geltungsbereich und Vertragspartner\n');
    const lines = change('legal/agb.md', after);
    expect(lines.map((line) => line.kind)).toEqual(['value', 'value']);
    expect(lines).toContainEqual(expect.objectContaining({ kind: 'value', after: '2030-01-02' }));
    expect(lines).toContainEqual(expect.objectContaining({ kind: 'value', after: expect.stringContaining('Geltungsbereich und Vertragspartner') }));
  });
});
